import { fail, isUnsettled, lifecycle, phaseOf, type ConfirmationRecord, type ToolResult } from '../../core';
import type { SendToolName } from '../../shared/ticket';
import { auditRecord, payloadOf } from './confirm-audit';
import { createSerial } from '../storage/serial';
import type { Services } from '../services';

/** How long after a confirm the pages loaded next in its tab still look for the reply. */
const SETTLE_WINDOW_MS = 10 * 60_000;
/** A thread may load after its page: how long one look waits for the reply to show. */
const LOOK_WAIT_MS = 5_000;

/**
 * Settles sends whose outcome is unknown (the page went away mid-post, the worker stopped):
 * the page loaded next in the tab, whichever page that is, and "Check the ticket" ask the
 * helpdesk's own adapter to count the copies of the exact text in the ticket's thread. More
 * copies than before the click means sent; anything else leaves it unknown, never failed,
 * and never sent again by itself.
 */
export function createDeliverySettler(s: Services) {
  // Shared with confirm: a look waits for a delivery under way to write its own outcome first.
  const serial = createSerial();

  /** What the record needs for a look: its helpdesk, ticket and the ticket page's address. */
  const target = (record: ConfirmationRecord) => {
    const { adapterId, ticketKey, ticketUrl } = record.ctx as { adapterId?: unknown; ticketKey?: unknown; ticketUrl?: unknown };
    const body = payloadOf(record).body;
    return typeof adapterId === 'string' && typeof ticketKey === 'string' && typeof ticketUrl === 'string' && typeof body === 'string'
      ? { adapterId, ticketKey, ticketUrl, body }
      : null;
  };

  /** Copies of the record's text in its ticket's thread, as the page in `tabId` finds them. */
  async function copies(tabId: number, record: ConfirmationRecord, atLeast = 0): Promise<ToolResult<{ count: number }>> {
    const t = target(record);
    if (!t) return fail('no_ticket', 'This send does not say which ticket page to look at.');
    const page = s.pages.get(tabId);
    if (!page || page.origin !== record.ctx.scope) return fail('tab_gone', `Open a page of ${String(record.ctx.scope)} in this tab to check.`);
    const query = { tool: record.tool as SendToolName, ticketKey: t.ticketKey, ticketUrl: t.ticketUrl, body: t.body, atLeast, waitMs: atLeast ? LOOK_WAIT_MS : 0 };
    try {
      const answer = (await s.send(tabId, { type: 'page.copies', adapterId: t.adapterId, query })) as ToolResult<{ count: number }> | undefined;
      if (answer?.ok && typeof answer.data?.count === 'number') return { ok: true, data: { count: answer.data.count } };
      return fail('page_error', typeof answer?.error === 'string' ? answer.error.slice(0, 300) : 'The page gave no answer.');
    } catch (e) {
      return fail('tab_gone', `The page could not be asked: ${e instanceof Error ? e.message : String(e)}`);
    }
  }

  /** One look: sent when the thread shows more copies than before the click. */
  async function look(tabId: number, record: ConfirmationRecord, why: string): Promise<ToolResult<{ found: boolean }>> {
    const before = record.copiesBefore ?? 0;
    const seen = await copies(tabId, record, before + 1);
    if (!seen.ok) return seen;
    const found = seen.data!.count > before;
    if (found && (await lifecycle.settledSent(s.store, record))) {
      await auditRecord(s, 'sent', record, `Found in the ticket's thread (${why}).`);
      s.broadcast({ type: 'view.changed', tabId });
    }
    return { ok: true, data: { found } };
  }

  return {
    serial,

    /** Just before the click: how many copies the thread already shows. Unknown is left unnoted. */
    async noteBaseline(tabId: number, record: ConfirmationRecord): Promise<void> {
      const seen = await copies(tabId, record);
      if (seen.ok) await lifecycle.baseline(s.store, record.id, seen.data!.count);
    },

    /**
     * A page loaded in the tab: it settles what the tab left unknown on its site. Every page of
     * every tab comes here, and nearly none has anything to settle: a tab with no send open or
     * unsettled returns at once, without waiting for a confirm of another tab under way.
     */
    async afterLoad(tabId: number): Promise<void> {
      const at = Date.now();
      // A send still pending counts: a confirm of it waiting its turn may leave it unknown.
      const mine = (r: ConfirmationRecord) => r.ctx.tabId === tabId && (phaseOf(r, at) === 'pending' || isUnsettled(r));
      if (!(await s.store.list()).some(mine)) return;
      await serial(async () => {
        const origin = s.pages.get(tabId)?.origin;
        const now = Date.now();
        const open = (await s.store.list()).filter(
          (r) => r.ctx.tabId === tabId && r.ctx.scope === origin && isUnsettled(r) && now - (r.usedAt ?? 0) < SETTLE_WINDOW_MS,
        );
        for (const record of open) await look(tabId, record, 'the page loaded after sending');
      });
    },

    /** "Check the ticket": the same look, on demand. */
    check: (id: string) =>
      serial(async (): Promise<ToolResult<{ found: boolean }>> => {
        const record = await s.store.get(id);
        if (!record || record.ctx.tabId === undefined) return fail('not_found', 'There is no such confirmation.');
        if (!isUnsettled(record)) return { ok: true, data: { found: record.outcome === 'sent' } };
        return look(record.ctx.tabId, record, 'checked on request');
      }),
  };
}

export type DeliverySettler = ReturnType<typeof createDeliverySettler>;
