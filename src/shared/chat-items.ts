import type { AgentEvent, DraftSource, ModelErrorKind, QuickAction, TraceFacts } from '../core';
import type { TicketRef } from './ticket';
import type { DraftItem } from './draft-item';
import { currentDraft, placeDraft, proposalDraft, type DraftMade } from './draft-versions';

export type { DraftItem } from './draft-item';
import type { McpActionProposal } from './mcp';

/**
 * The conversation as people see it. The background keeps it (and stores it); the sidebar
 * gets a snapshot, then the same agent events, and applies them with the same reducer; other
 * changes come as patches from the first item that changed. Items are never changed in place (a
 * change is a new object), so both sides find what changed by identity.
 */
export type ChatItem =
  | { id: string; kind: 'user'; text: string; action?: QuickAction }
  | { id: string; kind: 'assistant'; text: string; streaming?: boolean; cut?: 'aborted' | 'stream_cut' | 'length'; card?: 'summary' | 'translation' }
  /** `facts`: what the call did, for the sidebar to put in words; `raw`: its data as it came back. */
  | { id: string; kind: 'tool'; callId: string; tool: string; status: 'running' | 'ok' | 'error'; code?: string; summary?: string; facts?: TraceFacts; raw?: string; action?: McpActionProposal }
  /**
   * `warned`: the tools the assistant tried to use in the turn that wrote it, though it may not
   * (write, send, or invented names); such a draft is used only after `acknowledged`.
   */
  | DraftItem
  /** The turn's assistant tried to use tools it may not: the ticket may be steering it. */
  | { id: string; kind: 'warning'; tools: string[] }
  | { id: string; kind: 'error'; errorKind: ModelErrorKind | 'interrupted'; message: string; retryable: boolean }
  | { id: string; kind: 'notice'; text: string; tone?: 'info' };

/** The text a draft's buttons use: the agent's edit, else the model's. */
export const draftText = (draft: DraftItem): string => draft.text ?? draft.body;

/** The draft with the agent's text: the model's own text is no edit. */
export function withDraftText(draft: DraftItem, text: string): DraftItem {
  const { text: _old, ...rest } = draft;
  return text === draft.body ? rest : { ...rest, text };
}

/**
 * Drafts not yet stamped get the ticket of their conversation. Both sides stamp a proposed
 * draft as they apply the event, so both hold the same items.
 */
export function stampDrafts(items: ChatItem[], home: TicketRef): ChatItem[] {
  if (!items.some((item) => item.kind === 'draft' && item.site === undefined)) return items;
  return items.map((item) => (item.kind === 'draft' && item.site === undefined ? { ...item, site: home.site, ticket: home.ticket } : item));
}

/**
 * Unique without the clock: a random tag per start of this script (the worker, the sidebar) and a
 * counter. Ids made from the time collided when a restarted worker counted from 0 again in a
 * millisecond an earlier one had used (a clock put back, or two starts in one millisecond).
 */
const runTag = globalThis.crypto.randomUUID().slice(0, 8);
let counter = 0;
export const itemId = (): string => `i${runTag}.${(counter++).toString(36)}`;

/**
 * Applies one event; returns a new list when something changed (the old one is left as is), and
 * the same list when nothing did (a step's start, a message of tool calls only): the sidebar then
 * has nothing to render again.
 */
export function applyAgentEvent(items: ChatItem[], event: AgentEvent): ChatItem[] {
  const list = [...items];
  const last = list.at(-1);
  switch (event.type) {
    case 'text_delta':
      if (last?.kind === 'assistant' && last.streaming) list[list.length - 1] = { ...last, text: last.text + event.delta };
      else list.push({ id: itemId(), kind: 'assistant', text: event.delta, streaming: true });
      return list;
    case 'assistant_message': {
      const text = event.message.content ?? '';
      const cut = event.message.cut;
      if (last?.kind === 'assistant' && last.streaming) {
        if (!text) list.pop();
        else list[list.length - 1] = { id: last.id, kind: 'assistant', text, ...(cut ? { cut } : {}) };
      } else if (text) {
        list.push({ id: itemId(), kind: 'assistant', text, ...(cut ? { cut } : {}) });
      } else {
        return items;
      }
      return list;
    }
    case 'tool_call_started':
      list.push({
        id: itemId(),
        kind: 'tool',
        callId: event.callId,
        tool: event.tool,
        status: 'running',
        ...(typeof event.args?.query === 'string' ? { facts: { query: event.args.query.slice(0, 200) } } : {}),
        ...(event.tool === 'action.propose' ? actionOf(event.args) : {}),
      });
      return list;
    case 'tool_call_finished':
      return list.map((item) =>
        item.kind === 'tool' && item.callId === event.callId
          ? {
              ...item,
              status: event.ok ? 'ok' : 'error',
              summary: event.summary,
              ...(event.code ? { code: event.code } : {}),
              ...(event.facts ? { facts: event.facts } : {}),
              ...(event.raw !== undefined ? { raw: event.raw } : {}),
            }
          : item,
      );
    case 'draft_proposed': {
      // One draft per ticket: the proposal is the next version of the one there, moved to here.
      const warned = warningOfTurn(list, list.length)?.tools;
      const made = rewriteOfTurn(list);
      const draft = proposalDraft(currentDraft(list), { id: itemId(), callId: event.callId, draft: event.draft, made, ...(warned ? { warned } : {}) });
      return placeDraft(list, draft);
    }
    case 'forbidden_call':
      return warnTurn(list, event.tool);
    case 'error':
      list.push({ id: itemId(), kind: 'error', errorKind: event.kind, message: event.message, retryable: event.retryable });
      return list;
    case 'done':
      if (event.reason === 'step_limit') list.push({ id: itemId(), kind: 'notice', text: event.message ?? 'Stopped: too many steps.' });
      return endStreaming(list, event.reason === 'aborted' ? 'aborted' : undefined);
    default:
      return items;
  }
}

/** Text still marked streaming when a turn ends (stopped, or the worker restarted) is partial. */
export function endStreaming(items: ChatItem[], cut?: 'aborted' | 'stream_cut'): ChatItem[] {
  return items.map((item) => {
    if (item.kind === 'assistant' && item.streaming) {
      const { streaming: _s, ...rest } = item;
      return cut ? { ...rest, cut: rest.cut ?? cut } : rest;
    }
    if (item.kind === 'tool' && item.status === 'running' && cut) return { ...item, status: 'error', summary: 'stopped' };
    return item;
  });
}

/** What a proposal in the turn now under way is: a rewrite of the draft, when the turn is one of those actions. */
function rewriteOfTurn(items: readonly ChatItem[]): DraftMade {
  const asked = items.findLast((item) => item.kind === 'user');
  const action = asked?.kind === 'user' ? asked.action : undefined;
  return action === 'shorter' || action === 'friendlier' || action === 'formal' || action === 'translate_draft' ? action : 'proposal';
}

/** Where the turn holding position `at` begins: just after the person's message that started it. */
const turnStart = (items: readonly ChatItem[], at: number): number => items.slice(0, at).findLastIndex((item) => item.kind === 'user') + 1;

/** The warning of the turn that holds position `at`, if its assistant tried a forbidden tool. */
export function warningOfTurn(items: readonly ChatItem[], at: number): Extract<ChatItem, { kind: 'warning' }> | undefined {
  const start = turnStart(items, at);
  const end = items.findIndex((item, i) => i >= at && item.kind === 'user');
  return items.slice(start, end < 0 ? items.length : end).find((item) => item.kind === 'warning') as Extract<ChatItem, { kind: 'warning' }> | undefined;
}

/**
 * A forbidden call: the turn gets one warning (listing every such tool), and every draft of the
 * turn, written before the attempt or after it, carries it.
 */
function warnTurn(list: ChatItem[], tool: string): ChatItem[] {
  const start = turnStart(list, list.length);
  const at = list.findIndex((item, i) => i >= start && item.kind === 'warning');
  const before = at >= 0 ? (list[at] as Extract<ChatItem, { kind: 'warning' }>).tools : [];
  if (before.includes(tool)) return list;
  const tools = [...before, tool];
  if (at >= 0) list[at] = { ...(list[at] as Extract<ChatItem, { kind: 'warning' }>), tools };
  else list.push({ id: itemId(), kind: 'warning', tools });
  return list.map((item, i) => (i >= start && item.kind === 'draft' ? { ...item, warned: tools, acknowledged: false } : item));
}

/**
 * The last answer shows as a card: a summary or a translation of the ticket for the agent (with
 * Copy, and never "Use as draft": a translation is the customer's own words).
 */
export function withAnswerCard(items: ChatItem[], card: 'summary' | 'translation'): ChatItem[] {
  const at = items.findLastIndex((item) => item.kind === 'assistant');
  const answer = items[at];
  if (answer?.kind !== 'assistant') return items;
  return items.map((item, i) => (i === at ? { ...answer, card } : item));
}

/**
 * The Note action's answer becomes the ticket's internal-note draft, editable like a reply (the
 * next version of the note there already, if any), in the answer's place; `note:<answer id>` names it.
 */
export function withNoteDraft(items: ChatItem[], home: TicketRef): ChatItem[] {
  const at = items.findLastIndex((item) => item.kind === 'assistant');
  const answer = items[at];
  if (answer?.kind !== 'assistant' || !answer.text.trim()) return items;
  const warned = warningOfTurn(items, at)?.tools;
  const fresh = { id: answer.id, callId: `note:${answer.id}`, draft: { body: answer.text.trim() }, made: 'note' as const, audience: 'note' as const, ...(warned ? { warned } : {}) };
  const old = currentDraft(items, true);
  const draft = old ? proposalDraft(old, fresh) : { ...proposalDraft(undefined, fresh), site: home.site, ticket: home.ticket };
  return placeDraft(items.filter((item) => item !== answer), draft, at);
}

/** A turn cut off when the browser stopped the background: its stream ends, marked, and Retry is offered. */
export const withInterruption = (items: ChatItem[]): ChatItem[] => [
  ...endStreaming(items, 'stream_cut'),
  { id: itemId(), kind: 'error', errorKind: 'interrupted', message: 'The answer was interrupted when the browser stopped Deskmate in the background. Retry to continue.', retryable: true },
];

/** An action the model proposed, as its card shows it (shown only once the proposal was accepted as valid). */
function actionOf(args: Record<string, unknown> | undefined): { action?: McpActionProposal } {
  const a = args ?? {};
  if (typeof a.tool !== 'string' || typeof a.summary !== 'string' || a.arguments === null || typeof a.arguments !== 'object' || Array.isArray(a.arguments)) return {};
  return { action: { tool: a.tool, summary: a.summary.slice(0, 200), arguments: a.arguments as Record<string, unknown> } };
}
