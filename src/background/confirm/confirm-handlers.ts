import { fail, isUnsettled, lifecycle, payloadDigest, phaseOf, type ToolResult } from '../../core';
import { auditRecord, payloadOf } from './confirm-audit';
import type { DeliverySettler } from './delivery-settle';
import type { Handlers } from '../router';
import { humanCtx, type Services } from '../services';
import { recipeAdapterId } from '../../shared/recipe-check';
import { sameTicket } from '../../shared/ticket';
import { homeOfRecord } from './replied';

type ConfirmHandlers = Pick<Handlers, 'confirm.accept' | 'confirm.cancel' | 'confirm.check' | 'confirm.get' | 'page.delivered'>;

/** How long after a confirm a page may still report what became of its delivery. */
const REPORT_WINDOW_MS = 5 * 60_000;

/**
 * The human half of a send. Confirm is for extension pages only (the router enforces it);
 * here the tab must still show the ticket the payload was prepared for, and the registry
 * does the rest: digest, scope, expiry, at most once.
 */
export function confirmHandlers(s: Services, settler: DeliverySettler): ConfirmHandlers {
  // One confirm at a time, so that comparing the record before and after tells exactly
  // whether this call was the one that used it (a double click waits, then is refused).
  const serial = settler.serial;

  return {
    'confirm.accept': ({ tabId, id, digest }) => serial(async () => {
      const before = await s.store.get(id);
      if (!before) return fail('not_found', 'There is no such confirmation.');
      const page = s.pages.get(tabId);
      let result: ToolResult;
      // Site and ticket together: ticket 7 on another helpdesk is another customer. A send
      // prepared for no ticket belongs to none, and is confirmed on none.
      const home = homeOfRecord(before);
      const samePage = home.ticket !== null && sameTicket({ site: page?.origin ?? null, ticket: page?.ticket?.key ?? null }, home);
      if (before.status === 'pending' && !samePage) {
        const shown = page?.ticket ? `ticket ${page.ticket.label}` : 'no ticket';
        result = fail('scope_changed', `The page now shows ${shown}, not ${payloadOf(before).ticket ?? 'the ticket this was prepared for'}. Nothing was sent.`);
      } else {
        // What the thread holds before the click: a later look must find more than this.
        if (before.status === 'pending' && digest === before.digest) await settler.noteBaseline(tabId, before);
        result = await s.registry.confirm(id, digest, await humanCtx(s, tabId));
      }
      const after = (await s.store.get(id)) ?? before;
      if (before.status === 'pending' && after.status === 'used') {
        await auditRecord(s, 'confirm', after);
        const phase = phaseOf(after, Date.now());
        await auditRecord(s, phase === 'sent' || phase === 'failed' ? phase : 'unknown', after, result.ok ? undefined : result.error);
      } else {
        await auditRecord(s, 'refuse', before, `${result.code}: ${result.error}`);
      }
      return result;
    }),

    async 'confirm.cancel'({ id }) {
      const result = await s.registry.cancel(id);
      const record = await s.store.get(id);
      if (result.ok && record) await auditRecord(s, 'cancel', record);
      return result;
    },

    'confirm.get': async ({ id }) => (await s.store.get(id)) ?? null,

    /**
     * A helpdesk that reloads after posting ends `deliver` before it can see the reply; the
     * page loaded next in the same tab reports whether the reply is in the thread. It can only
     * settle an outcome left unknown, for a payload this tab was confirmed to send, on its own site.
     */
    'page.delivered': ({ adapterId, report }, sender) => serial(async () => {
      if (sender.tabId === undefined || report.payload.site !== sender.origin) return { ok: false };
      if (!s.tools.adapter(adapterId)) return { ok: false };
      if (adapterId.startsWith('recipe:') && adapterId !== recipeAdapterId(sender.origin)) return { ok: false };
      const digest = await payloadDigest(report.payload);
      const now = Date.now();
      const record = (await s.store.list()).find(
        (r) =>
          r.digest === digest &&
          r.tool === report.tool &&
          r.ctx.tabId === sender.tabId &&
          isUnsettled(r) &&
          now - (r.usedAt ?? 0) < REPORT_WINDOW_MS,
      );
      if (!record) return { ok: false };
      if (report.outcome === 'sent' && (await lifecycle.settledSent(s.store, record))) {
        await auditRecord(s, 'sent', record, `Reported by the page loaded after sending: ${report.detail}`);
      }
      // A page that does not show the reply proves nothing (it may be another page of the
      // site): the look at the ticket's thread (settler.afterLoad) decides.
      s.broadcast({ type: 'view.changed', tabId: sender.tabId });
      return { ok: true };
    }),

    /** For an outcome left unknown: is the reply in the ticket's thread now? From whatever page the tab shows. */
    'confirm.check': ({ id }) => settler.check(id),
  };
}
