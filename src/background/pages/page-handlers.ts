import { fail, phaseOf, type ToolResult } from '../../core';
import type { DeliverySettler } from '../confirm/delivery-settle';
import type { Handlers } from '../router';
import { createSerial } from '../storage/serial';
import { humanCtx, type Services } from '../services';
import { recipeAdapterId } from '../../shared/recipe-check';
import { teachScript } from '../teach/teach-script';
import { log } from '../diagnostics/logger';
import { sameTicket } from '../../shared/ticket';
import { bodyOf, boundSend, type DraftGate } from './send-origin';
import { homeOfRecord, lastSendsTo } from '../confirm/replied';
import type { SendToolName } from '../../shared/ticket';
import { originOf } from '../../shared/origin';
import { createResultParts } from './result-parts';

/** The adapter of every page no helpdesk adapter or recipe knows. */
const GENERIC_ADAPTER = 'generic';

type PageHandlers = Pick<Handlers, 'page.announce' | 'view.get' | 'tool.invoke' | 'result.part' | 'sites.list' | 'sites.set' | 'audit.list' | 'audit.check'>;

/** What the chat keeps of each draft card (see chat-session). */
export interface DraftHooks {
  /** Whether a draft card's button may be used now: null, or the refusal. Keeps the text it takes. */
  draftGate: DraftGate;
  /** The draft's Send… opened (or showed again) this confirmation. */
  draftSent(tabId: number, callId: string, confirmationId: string): Promise<void>;
}

/** Tabs announcing their page, and the sidebar reading and acting on it. */
export function pageHandlers(s: Services, settler: Pick<DeliverySettler, 'afterLoad'>, drafts?: DraftHooks): PageHandlers {
  const prepares = createSerial();
  const parts = createResultParts(s.pages);
  return {
    async 'page.announce'({ adapterId, url, ticket, withRecipe }, sender) {
      if (sender.tabId === undefined || !sender.origin) return { ok: false };
      // The origin is the browser's word; the URL (current after pushState) must agree with it.
      if (originOf(url) !== sender.origin) return { ok: false };
      // A script left running in a tab of a site since revoked is not listened to.
      if (!(await s.allowsOrigin(sender.origin))) return { ok: false };
      // A page's first look is made without its site's recipe, which goes before the code
      // adapters: when the site has one (or no longer has the one the page used), the page is
      // given it, for the browser's word for its origin only, and nothing is recorded until it
      // has looked again. A page load costs one message, not a recipe.get and then this.
      if (withRecipe !== undefined) {
        const recipe = await s.recipeOf(sender.origin);
        if ((recipe !== null) !== withRecipe) return { ok: false, recipe };
      }
      const adapter = s.tools.adapter(adapterId);
      if (!adapter) return { ok: false };
      // A recipe serves its own site only: its adapter id names that site; a helpdesk on
      // domains of its own (a built-in recipe for Zendesk, say) serves those domains only.
      if (adapterId.startsWith('recipe:') && adapterId !== recipeAdapterId(sender.origin)) return { ok: false };
      if (adapter.hosts && !adapter.hosts.test(new URL(sender.origin).hostname)) return { ok: false };
      const before = s.pages.get(sender.tabId);
      const page = { tabId: sender.tabId, adapterId, origin: sender.origin, url, ticket };
      // Memory knows the page at once, so the tools are offered now; the copy kept for a worker
      // started again is awaited before the answer only (with fifty tabs loading, a storage round
      // trip waits behind every message queued).
      const kept = s.pages.set(page).then(() => null, (e: unknown) => ({ failed: e }));
      s.tools.sync();
      // The options page lists every site Deskmate has worked on, with its helpdesk.
      const site = await s.sites.get(sender.origin);
      // A helpdesk's page that shows no ticket is served by the generic adapter: it keeps the
      // helpdesk's name, which the sidebar shows there too.
      if (adapter.id !== GENERIC_ADAPTER && site.adapterTitle !== adapter.title) await s.sites.set(sender.origin, { adapterTitle: adapter.title });
      const was = before && { site: before.origin, ticket: before.ticket?.key ?? null };
      if (!was || !sameTicket(was, { site: sender.origin, ticket: ticket?.key ?? null }) || before.adapterId !== adapterId) {
        s.broadcast({ type: 'view.changed', tabId: sender.tabId });
      }
      // Whichever page this is, it may settle a send this tab left unknown (not awaited: the
      // page need not wait for the look, which may load the ticket in a hidden frame).
      void settler.afterLoad(sender.tabId).catch(log.swallow('confirm', 'Could not settle an unknown send from the page loaded next', 'error'));
      const write = await kept;
      if (write) throw write.failed;
      return { ok: true };
    },

    async 'view.get'({ tabId }) {
      const page = s.pages.get(tabId);
      const adapter = page && s.tools.adapter(page.adapterId);
      // One read of the records for the cards of the ticket shown: those still to confirm,
      // unknown, and sent. Another ticket's cards are not shown here, whatever this tab did there.
      const now = Date.now();
      const shown = { site: page?.origin ?? null, ticket: page?.ticket?.key ?? null };
      const all = await s.store.list();
      const records = all.filter((r) => r.ctx.tabId === tabId && sameTicket(homeOfRecord(r), shown));
      const pending = records.filter((r) => phaseOf(r, now) === 'pending');
      const unknown = records.filter((r) => phaseOf(r, now) === 'unknown');
      // The drafts of this tab say which of their sends went out, and when.
      const sent = records.filter((r) => phaseOf(r, now) === 'sent');
      const lastSends = page?.ticket ? await lastSendsTo(s, all, page.origin, page.ticket.label, now) : {};
      const access = await s.accessOf(tabId);
      const session = await s.teach.get(tabId);
      // Only a tab being taught runs teach mode's script.
      const teach = session ? (await teachScript.load()).teachView(session) : null;
      if (!page || !adapter) return { page: null, tools: [], site: null, pending, unknown, sent, lastSends, access, teach };
      const site = await s.sites.get(page.origin);
      const flags: Record<string, boolean> = { 'page.write': site.write, 'page.send': site.send };
      const offered = s.registry.list({ scope: page.origin }).filter((t) => t.scopes && s.tools.implementsTool(page.adapterId, t.name));
      // What the page can do at all, switched on or not: the switches show only for these.
      const grades = [...new Set(offered.map((t) => t.sideEffect))];
      const tools = offered
        .filter((t) => !t.featureFlag || flags[t.featureFlag] === true)
        .map(({ name, title, description, sideEffect, inputSchema }) => ({ name, title, description, sideEffect, inputSchema }));
      return {
        page: {
          tabId,
          adapterId: adapter.id,
          adapterTitle: adapter.title,
          ...(adapter.id === GENERIC_ADAPTER && site.adapterTitle && site.adapterTitle !== adapter.title ? { siteTitle: site.adapterTitle } : {}),
          origin: page.origin,
          ticket: page.ticket,
          grades,
        },
        tools,
        site,
        pending,
        unknown,
        sent,
        lastSends,
        access,
        teach,
      };
    },

    async 'tool.invoke'({ tabId, tool, input, draft, anyway, again }) {
      // A tool no switch gates (ticket.read) needs no site settings read on its way to the page.
      const gated = s.registry.get(tool)?.featureFlag !== undefined;
      const sends = s.registry.get(tool)?.sideEffect === 'send';
      // "Send again" on a card: its payload prepared anew, even though it was sent already.
      const ctx = { ...(await humanCtx(s, tabId, { flags: gated })), ...(sends && again !== undefined ? { resend: true } : {}) };
      // A send belongs to a ticket (its draft's, its card's) and is prepared only there; a write
      // from a draft goes elsewhere only on the agent's choice.
      let refused: ToolResult | null = null;
      const flag = s.registry.get(tool)?.featureFlag;
      if (sends && flag && ctx.flags?.[flag] !== true) {
        // Switched off here (by the agent or the policy): said as such, whatever the send names.
        refused = fail('not_granted', `${s.registry.get(tool)?.name ?? tool} is switched off here (${flag}).`);
      } else if (sends) {
        const bound = await boundSend(s, drafts?.draftGate, { tabId, tool, input, ...(draft !== undefined ? { draft } : {}), ...(again !== undefined ? { again } : {}) });
        if ('input' in bound) input = bound.input;
        else refused = bound;
      } else if (draft && drafts) {
        refused = await drafts.draftGate(tabId, draft, { ...bodyOf(input), anyway: anyway === true });
      }
      if (refused && !refused.ok) {
        await s.audit.append({ kind: 'refuse', tool: s.registry.get(tool)?.name ?? tool, site: ctx.scope ?? '', ticket: s.pages.get(tabId)?.ticket?.label ?? null, digest: null, confirmationId: null, detail: `${refused.code}: ${refused.error}` });
        s.broadcast({ type: 'audit.changed' });
        return refused;
      }
      // Prepares one at a time, so a double click finds the card the first click opened.
      const { result, reused } = await prepares(async () => {
        // Only a send opens a card (a read asks for no stored records on its way to the page).
        const open = s.registry.get(tool)?.sideEffect === 'send' ? new Set((await s.registry.pending()).map((r) => r.id)) : new Set<string>();
        const result = await s.registry.invoke(tool, input, ctx);
        const shown = result.confirmation !== undefined && (open.has(result.confirmation.id) || result.confirmation.earlier !== undefined);
        return { result, reused: shown };
      });
      const name = s.registry.get(tool)?.name ?? tool;
      if (draft && drafts && result.confirmation) await drafts.draftSent(tabId, draft, result.confirmation.id);
      // The ticket already had a send of this kind from Deskmate: the card says so, from here.
      if (result.confirmation && sends && result.confirmPayload) {
        const payload = result.confirmPayload as { site?: string; ticket?: string };
        const last = payload.site && payload.ticket ? (await lastSendsTo(s, await s.store.list(), payload.site, payload.ticket, Date.now(), result.confirmation.id))[name as SendToolName] : undefined;
        if (last) result.confirmation = { ...result.confirmation, lastSend: last };
      }
      if (result.confirmation && !reused) {
        const payload = result.confirmPayload as { site?: string; ticket?: string; recipient?: string; body?: string };
        await s.audit.append({
          kind: 'prepare',
          tool: name,
          site: payload.site ?? ctx.scope ?? '',
          ticket: payload.ticket ?? null,
          digest: result.confirmation.digest,
          confirmationId: result.confirmation.id,
          ...(typeof payload.recipient === 'string' ? { recipient: payload.recipient } : {}),
          ...(typeof payload.body === 'string' ? { body: payload.body } : {}),
        });
        s.broadcast({ type: 'audit.changed' });
      } else if (s.registry.get(tool)?.sideEffect === 'write' && ctx.scope) {
        // Every write a person clicks is recorded, done or not: it changed, or tried to change, the page.
        await s.audit.append({
          kind: 'write',
          tool: name,
          site: ctx.scope,
          ticket: s.pages.get(tabId)?.ticket?.label ?? null,
          digest: null,
          confirmationId: null,
          ...bodyOf(input),
          detail: result.ok ? 'Done.' : `Not done: ${result.error}`,
        });
        s.broadcast({ type: 'audit.changed' });
      }
      // What a person reads here goes to the panel in parts (the model's reads never come this way).
      return s.registry.get(tool)?.sideEffect === 'read' ? parts.firstPart(tabId, { site: ctx.scope ?? null, ticket: ctx.ticketKey ?? null }, name, result) : result;
    },

    async 'result.part'({ tabId, id, from }) {
      return parts.part(tabId, id, from);
    },

    'audit.list': () => s.audit.list(),
    'audit.check': () => s.audit.check(),
    'sites.list': () => s.sites.list(),
    async 'sites.set'({ origin, write, send }) {
      const all = await s.sites.set(origin, { write, send });
      s.broadcast({ type: 'view.changed', tabId: null });
      return all;
    },
  };
}
