import { runPlan } from '../../core';
import { createInputValidator } from '../../core/validation';
import { fillTemplate, MAX_SAVED_REPLIES, planTools, SAVED_REPLIES_SCHEMA, savedReplyPlan, unknownVariables, variableValues, type Filled, type SavedReplies } from '../../shared/saved-replies';
import type { TicketData } from '../../shared/ticket';
import type { SavedReplyRun } from '../../shared/protocol';
import type { StoredItem } from '../storage/stored-item';
import type { Handlers } from '../router';
import type { humanCtx, Services } from '../services';

type SavedReplyHandlers = Pick<Handlers, 'savedReplies.save' | 'savedReplies.import' | 'savedReplies.preview' | 'savedReplies.run'>;

/**
 * What the handlers use of the worker's own state, handed in: this code runs as a script of its
 * own (entrypoints/saved-replies.ts), and a copy of a stored item there would be a second one.
 */
export interface SavedReplyDeps {
  /** The saved replies and the agent's name (storage/items.ts savedRepliesItem). */
  item: StoredItem<SavedReplies>;
  /** The context of the agent's click in a tab (services.ts). */
  humanCtx: typeof humanCtx;
}

const validFile = createInputValidator(SAVED_REPLIES_SCHEMA);

/** A saved-replies file checked whole: its schema, then every template's variables. */
export function checkSavedReplies(data: unknown): { ok: true; value: SavedReplies } | { ok: false; error: string } {
  const check = validFile(data);
  if (!check.ok) return { ok: false, error: `Not a saved-replies file: ${check.message}` };
  const file = data as { agentName?: string; replies: SavedReplies['replies'] };
  for (const reply of file.replies) {
    const unknown = unknownVariables(reply.body);
    if (unknown.length) return { ok: false, error: `"${reply.title}" uses unknown variables: ${unknown.map((v) => `{{${v}}}`).join(', ')}` };
  }
  return { ok: true, value: { agentName: file.agentName ?? '', replies: file.replies } };
}

/** Saved replies, but their list (saved-replies-script.ts): extension pages only (the router enforces it). */
export function savedReplyHandlers(s: Services, deps: SavedReplyDeps): SavedReplyHandlers {
  const savedRepliesItem = deps.item;
  return {
    async 'savedReplies.save'({ data }) {
      const checked = checkSavedReplies(data);
      if (!checked.ok) return checked;
      await savedRepliesItem.set(checked.value);
      return { ok: true };
    },
    async 'savedReplies.import'({ data }) {
      const checked = checkSavedReplies(data);
      if (!checked.ok) return checked;
      const added = checked.value.replies;
      const given = (data as { agentName?: unknown }).agentName !== undefined;
      const result = await savedRepliesItem.update((old) => {
        const byId = new Map(old.replies.map((r) => [r.id, r]));
        for (const r of added) byId.set(r.id, r);
        if (byId.size > MAX_SAVED_REPLIES) return { value: old, result: false };
        return { value: { agentName: given ? checked.value.agentName : old.agentName, replies: [...byId.values()] }, result: true };
      });
      return result ? { ok: true, added: added.length } : { ok: false, error: `At most ${MAX_SAVED_REPLIES} saved replies.` };
    },
    'savedReplies.preview': ({ tabId, id }) => previewSavedReply(s, deps, tabId, id),
    'savedReplies.run': ({ tabId, id, body }) => runSavedReply(s, deps, tabId, id, body),
  };
}

/**
 * The agent's click: the reply's fixed plan runs in the tab's context. runPlan runs every step
 * as autonomous, so the registry lets reads and writes through and refuses any send.
 */
async function runSavedReply(s: Services, deps: SavedReplyDeps, tabId: number, id: string, body?: string): Promise<SavedReplyRun> {
  const { agentName, replies } = await deps.item.get();
  const saved = replies.find((r) => r.id === id);
  if (!saved) return { ok: false, code: 'not_found', error: 'This saved reply no longer exists.' };
  const ctx = await deps.humanCtx(s, tabId);
  if (!ctx.scope) return { ok: false, code: 'no_ticket', error: 'Open a ticket in this tab first.' };
  let filled: Filled | undefined;
  const run = await runPlan(s.registry, savedReplyPlan(saved, agentName, (f) => (filled = f), body), {}, ctx);
  await auditSteps(s, tabId, ctx.scope, saved.title, run.outcomes, filled?.ok ? filled.text : undefined);
  if (filled && !filled.ok) return unfilled(filled, 'Nothing was inserted');
  const failed = run.outcomes.find((o) => o.result && !o.result.ok)?.result;
  if (failed && !failed.ok) return { ok: false, code: failed.code, error: failed.error };
  if (run.error) return { ok: false, code: 'step_failed', error: run.error };
  return filled?.ok ? { ok: true, text: filled.text } : { ok: false, code: 'step_failed', error: 'The plan put nothing in the reply box.' };
}

/**
 * A saved reply filled from the tab's ticket, without running the rest of its plan: the agent
 * reads and edits it before Insert. Only the plan's own `ticket.read` runs, as a human click.
 */
async function previewSavedReply(s: Services, deps: SavedReplyDeps, tabId: number, id: string): Promise<SavedReplyRun> {
  const { agentName, replies } = await deps.item.get();
  const saved = replies.find((r) => r.id === id);
  if (!saved) return { ok: false, code: 'not_found', error: 'This saved reply no longer exists.' };
  const ctx = await deps.humanCtx(s, tabId);
  if (!ctx.scope) return { ok: false, code: 'no_ticket', error: 'Open a ticket in this tab first.' };
  let ticket: TicketData | null = null;
  if (planTools(saved).includes('ticket.read')) {
    const run = await runPlan(s.registry, { name: `saved reply ${saved.id} (preview)`, steps: [{ tool: 'ticket.read', input: {} }] }, {}, ctx);
    const read = run.outcomes[0]?.result;
    if (!read?.ok) return read && !read.ok ? { ok: false, code: read.code, error: read.error } : { ok: false, code: 'step_failed', error: run.error ?? 'The ticket could not be read.' };
    ticket = read.data as TicketData;
  }
  const filled = fillTemplate(saved.body, variableValues(ticket, agentName));
  return filled.ok ? { ok: true, text: filled.text } : unfilled(filled, 'It cannot be filled in');
}

/** A template with variables it cannot fill: which, and why. */
function unfilled(filled: Extract<Filled, { ok: false }>, lead: string): SavedReplyRun {
  const names = [...filled.unknown, ...filled.missing].map((v) => `{{${v}}}`).join(', ');
  const why = filled.unknown.length ? `unknown variables ${names}` : `no value on this ticket for ${names}`;
  return { ok: false, code: 'unfilled', error: `${lead}: ${why}.`, unknown: filled.unknown, missing: filled.missing };
}

/** Every step that wrote, or was refused, goes to the audit log with the text it carried. */
async function auditSteps(s: Services, tabId: number, site: string, title: string, outcomes: Awaited<ReturnType<typeof runPlan>>['outcomes'], body?: string) {
  const ticket = s.pages.get(tabId)?.ticket?.label ?? null;
  let wrote = false;
  for (const o of outcomes) {
    const grade = s.registry.get(o.tool)?.sideEffect;
    if (!o.result || (grade === 'read' && o.result.ok)) continue;
    const refused = !o.result.ok && o.result.code === 'needs_confirmation';
    await s.audit.append({
      kind: refused ? 'refuse' : 'write',
      tool: s.registry.get(o.tool)?.name ?? o.tool.slice(0, 64),
      site,
      ticket,
      digest: null,
      confirmationId: null,
      ...(body !== undefined ? { body } : {}),
      detail: `Saved reply "${title}": ${o.result.ok ? 'done.' : `not done: ${o.result.error}`}`,
    });
    wrote = true;
  }
  if (wrote) s.broadcast({ type: 'audit.changed' });
}
