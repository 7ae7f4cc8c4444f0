import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import type { ToolResult } from '../../src/core';
import { createDeliverySettler } from '../../src/background/confirm/delivery-settle';
import { createServices } from '../../src/background/host';
import type { Sender } from '../../src/background/router';
import { fakeHelpdesk } from '../fakes/fake-adapter';
import { createFakeTabs } from '../fakes/fake-tabs';
import { draftsOf, proposingModel } from '../fakes/draft-model';

const A = 'http://127.0.0.1:4517';
const B = 'http://127.0.0.1:4600';
const sidebar: Sender = { kind: 'extension', url: 'chrome-extension://x/sidepanel.html' };
const GONE = () => Promise.reject(new Error('A listener indicated an asynchronous response, but the message channel closed'));

async function setup() {
  const tabs = createFakeTabs();
  const { handlers, chat } = await createServices([fakeHelpdesk], tabs.send, proposingModel);
  const chats = draftsOf(chat);
  /** The tab shows `path` on `origin`: a ticket ("#7") or another page of the site (a mailbox). */
  const show = async (tabId: number, origin: string, ticket: string | null) => {
    tabs.tabs.set(tabId, { origin, ticket: ticket ?? '' });
    const url = ticket ? `${origin}/tickets/${ticket.slice(1)}` : `${origin}/mailbox/1`;
    const sender: Sender = { kind: 'content', tabId, origin, url };
    await handlers['page.announce']({ type: 'page.announce', adapterId: 'fake-helpdesk', url, ticket: ticket ? { key: ticket.slice(1), label: ticket } : null }, sender);
  };
  const sendUnknown = async (tabId: number, body: string) => {
    const { callId } = await chats.draft(tabId, body);
    const r = (await handlers['tool.invoke']({ type: 'tool.invoke', tabId, tool: 'reply.send', input: { body }, draft: callId }, sidebar)) as Required<Pick<ToolResult, 'confirmation'>>;
    tabs.tabs.get(tabId)!.deliver = GONE;
    expect(await handlers['confirm.accept']({ type: 'confirm.accept', tabId, id: r.confirmation.id, digest: r.confirmation.digest }, sidebar)).toMatchObject({ code: 'outcome_unknown' });
    return r.confirmation.id;
  };
  const record = (id: string) => handlers['confirm.get']({ type: 'confirm.get', id }, sidebar);
  const check = (id: string) => handlers['confirm.check']({ type: 'confirm.check', id }, sidebar);
  const audit = async () => (await handlers['audit.list']({ type: 'audit.list' }, sidebar)).map((e) => e.kind);
  const settled = async (id: string, outcome: string) => {
    // The settling runs after the page's announce returns: wait for it by time, not by a count of looks.
    const deadline = Date.now() + 5_000;
    while (Date.now() < deadline && (await record(id))?.outcome !== outcome) await new Promise((r) => setTimeout(r, 10));
    return (await record(id))?.outcome;
  };
  return { tabs, show, sendUnknown, record, check, audit, settled };
}

describe('an unknown outcome settles from the page loaded next, whichever page it is', () => {
  beforeEach(() => fakeBrowser.reset());

  it('a mailbox page loaded after "send and next" finds the reply in the ticket and settles it as sent', async () => {
    const h = await setup();
    await h.show(1, A, '#7');
    h.tabs.thread(A, '7');
    const id = await h.sendUnknown(1, 'Your refund is on its way.');
    expect(await h.record(id)).toMatchObject({ outcome: 'unknown', copiesBefore: 0 });
    h.tabs.thread(A, '7').push('Your refund is on its way.'); // the helpdesk took it
    await h.show(1, A, null);
    expect(await h.settled(id, 'sent')).toBe('sent');
    const asked = h.tabs.calls.filter((c) => c.call.type === 'page.copies').at(-1)!.call;
    expect(asked).toMatchObject({ adapterId: 'fake-helpdesk', query: { ticketKey: '7', ticketUrl: `${A}/tickets/7`, tool: 'reply.send' } });
    // The audit entry is written once the record has settled: waited for, not raced.
    await vi.waitFor(async () => expect(await h.audit()).toEqual(['prepare', 'confirm', 'unknown', 'sent']), { timeout: 5_000, interval: 10 });
  });

  it('stays unknown (never failed) while the thread shows no new copy, then "Check the ticket" settles it', async () => {
    const h = await setup();
    await h.show(1, A, '#7');
    h.tabs.thread(A, '7').push('Thanks!'); // the same text, sent last week
    const id = await h.sendUnknown(1, 'Thanks!');
    expect(await h.record(id)).toMatchObject({ copiesBefore: 1 });
    await h.show(1, A, '#8');
    expect(await h.check(id)).toEqual({ ok: true, data: { found: false } });
    expect(await h.record(id)).toMatchObject({ outcome: 'unknown' });
    h.tabs.thread(A, '7').push('Thanks!');
    expect(await h.check(id)).toEqual({ ok: true, data: { found: true } });
    expect(await h.record(id)).toMatchObject({ outcome: 'sent' });
  });

  it('a page of another site, or another tab, settles nothing', async () => {
    const h = await setup();
    await h.show(1, A, '#7');
    h.tabs.thread(A, '7');
    const id = await h.sendUnknown(1, 'Hello');
    h.tabs.thread(A, '7').push('Hello');
    h.tabs.thread(B, '7').push('Hello');
    await h.show(2, A, '#7');
    await h.show(1, B, '#7');
    await new Promise((r) => setTimeout(r, 50));
    expect(await h.record(id)).toMatchObject({ outcome: 'unknown' });
    expect(h.tabs.calls.filter((c) => c.call.type === 'page.copies' && c.tabId === 2)).toEqual([]);
    expect(await h.check(id)).toMatchObject({ ok: false, code: 'tab_gone' });
  });

  it('a page of a tab with nothing to settle does not wait for a confirm under way in another tab; one with a send unknown does', async () => {
    const tabs = createFakeTabs();
    const { services } = await createServices([fakeHelpdesk], tabs.send);
    const settler = createDeliverySettler(services);
    let release!: () => void;
    void settler.serial(() => new Promise<void>((r) => (release = r)));
    const within = (p: Promise<void>) => Promise.race([p.then(() => 'done'), new Promise((r) => setTimeout(() => r('waiting'), 100))]);
    expect(await within(settler.afterLoad(1))).toBe('done');
    const payload = { site: A, ticket: '#7', recipient: '', subject: '', body: 'Hello' };
    await services.store.put({ id: 'c1', tool: 'reply.send', payload, digest: 'd', ctx: { scope: A, tabId: 1 }, createdAt: 1, expiresAt: Date.now() + 60_000, status: 'used', usedAt: Date.now(), outcome: 'unknown' });
    expect(await within(settler.afterLoad(2))).toBe('done');
    const tab1 = settler.afterLoad(1);
    expect(await within(tab1)).toBe('waiting');
    release();
    expect(await within(tab1)).toBe('done');
  });
});
