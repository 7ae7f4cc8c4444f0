import type { PageCall } from '../../src/shared/protocol';
import type { SendToTab } from '../../src/background/pages/page-tool-proxy';
import type { Sender } from '../../src/background/router';
import type { ReplyPayload } from '../../src/sites/adapter';

/**
 * Stands in for the content scripts of several tabs: records what the background asks
 * each tab, prepares reply payloads the way a page would, and counts deliveries.
 */
export function createFakeTabs() {
  const calls: { tabId: number; call: PageCall }[] = [];
  const delivered: { tabId: number; payload: ReplyPayload }[] = [];
  /** `payload`: fields a page adds to the reply it prepares (the reply page it posts from, text it replaces). */
  const tabs = new Map<number, { origin: string; ticket: string; closed?: boolean; deliver?: () => Promise<unknown>; payload?: Partial<ReplyPayload> }>();
  /** What each site's ticket threads hold (site -> ticket key -> texts posted as agent). */
  const threads = new Map<string, Map<string, string[]>>();
  const thread = (site: string, key: string): string[] => {
    if (!threads.has(site)) threads.set(site, new Map());
    const bySite = threads.get(site)!;
    if (!bySite.has(key)) bySite.set(key, []);
    return bySite.get(key)!;
  };

  const send: SendToTab = async (tabId, call) => {
    calls.push({ tabId, call });
    const tab = tabs.get(tabId);
    if (!tab || tab.closed) throw new Error('Could not establish connection. Receiving end does not exist.');
    if (call.type === 'page.ping') return { ok: true };
    if (call.type === 'page.deliver') {
      if (tab.deliver) return tab.deliver();
      delivered.push({ tabId, payload: call.payload as ReplyPayload });
      return { ok: true, data: { posted: true } };
    }
    if (call.type === 'page.copies') {
      if (!threads.size) return undefined; // a page that cannot look
      const count = thread(tab.origin, call.query.ticketKey).filter((t) => t === call.query.body).length;
      return { ok: true, data: { count } };
    }
    if (call.type === 'page.run' && call.tool === 'reply.send') {
      const body = (call.input as { body: string }).body;
      const payload: ReplyPayload = { site: tab.origin, ticket: tab.ticket, recipient: 'Ada <ada@example.com>', subject: 'Re: Refund', body, ...tab.payload };
      return { ok: true, requiresConfirm: true, confirmPayload: payload };
    }
    if (call.type === 'page.run' && call.tool === 'note.add') {
      const body = (call.input as { body: string }).body;
      const payload: ReplyPayload = { site: tab.origin, ticket: tab.ticket, recipient: '', subject: '', body };
      return { ok: true, requiresConfirm: true, confirmPayload: payload };
    }
    if (call.type === 'page.run') return { ok: true, data: { tool: call.tool, tabId } };
    return undefined;
  };

  /** The sender the browser would report for this tab's content script. */
  const senderOf = (tabId: number): Sender => {
    const tab = tabs.get(tabId)!;
    return { kind: 'content', tabId, origin: tab.origin, url: `${tab.origin}/tickets/${tab.ticket.slice(1)}` };
  };

  return { send, calls, delivered, tabs, senderOf, thread };
}
