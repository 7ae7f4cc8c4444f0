import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import type { Sender } from '../../../src/background/router';
import { confirmHost, sidebar } from '../../fakes/confirm-host';

/**
 * What the page loaded after a reload-on-send may say of a delivery left unknown (`page.delivered`).
 * A content script's report is an attacker's input: it settles "sent" only for the exact payload this
 * tab was confirmed to send, of the tool it was sent with, on its own site, through an adapter it
 * runs, within minutes of the send — and it never turns an outcome into anything but "sent".
 */
type Report = { tool: string; payload: unknown; outcome: 'sent' | 'not_found'; detail: string };

async function unknownDelivery() {
  const h = await confirmHost();
  await h.announce(1, '#7');
  const { confirmation, confirmPayload } = await h.prepare(1, 'Your refund is on its way.');
  // The helpdesk reloads the page while posting: the message channel closes mid-call.
  h.tabs.tabs.get(1)!.deliver = () => Promise.reject(new Error('A listener indicated an asynchronous response, but the message channel closed'));
  expect(await h.accept(1, confirmation.id, confirmation.digest)).toMatchObject({ ok: false, code: 'outcome_unknown' });
  const outcome = async () => (await h.handlers['confirm.get']({ type: 'confirm.get', id: confirmation.id }, sidebar))?.outcome;
  const report = (from: Sender, change: Partial<Report> = {}, adapterId = 'fake-helpdesk') =>
    h.handlers['page.delivered']({ type: 'page.delivered', adapterId, report: { tool: 'reply.send', payload: confirmPayload, outcome: 'sent', detail: 'The reply is in the thread.', ...change } } as never, from);
  return { h, outcome, report, payload: confirmPayload as { site: string } };
}

describe('security: a page reports what became of a send', () => {
  beforeEach(() => fakeBrowser.reset());
  afterEach(() => vi.useRealTimers());

  it('attack: a page of another site, loaded in the same tab, reports the exact payload sent', async () => {
    const { h, outcome, report, payload } = await unknownDelivery();
    const evil = 'https://evil.example';
    expect(await report({ ...h.tabs.senderOf(1), origin: evil, url: `${evil}/tickets/7` })).toEqual({ ok: false });
    // Nor with the payload's site changed to its own: that is another payload.
    expect(await report({ ...h.tabs.senderOf(1), origin: evil, url: `${evil}/tickets/7` }, { payload: { ...payload, site: evil } })).toEqual({ ok: false });
    expect(await outcome()).toBe('unknown');
  });

  it('attack: a report through an adapter the background does not run, or of another tool, settles nothing', async () => {
    const { h, outcome, report } = await unknownDelivery();
    expect(await report(h.tabs.senderOf(1), {}, 'made-up-helpdesk')).toEqual({ ok: false });
    expect(await report(h.tabs.senderOf(1), { tool: 'note.add' })).toEqual({ ok: false });
    expect(await outcome()).toBe('unknown');
    expect(await h.audit()).toEqual(['prepare', 'confirm', 'unknown']);
  });

  it('a page that does not show the reply settles nothing: the look at the thread decides', async () => {
    const { h, outcome, report } = await unknownDelivery();
    expect(await report(h.tabs.senderOf(1), { outcome: 'not_found' })).toEqual({ ok: true });
    expect(await outcome()).toBe('unknown');
    expect(await h.audit()).toEqual(['prepare', 'confirm', 'unknown']);
  });

  it('a report five minutes after the send is too late to settle it', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const { h, outcome, report } = await unknownDelivery();
    vi.setSystemTime(Date.now() + 5 * 60_000);
    expect(await report(h.tabs.senderOf(1))).toEqual({ ok: false });
    expect(await outcome()).toBe('unknown');
    vi.setSystemTime(Date.now() - 1);
    expect(await report(h.tabs.senderOf(1))).toEqual({ ok: true });
    expect(await outcome()).toBe('sent');
  });

  it('the page’s own report settles it sent, and the audit log says who said so', async () => {
    const { h, outcome, report } = await unknownDelivery();
    expect(await report(h.tabs.senderOf(1))).toEqual({ ok: true });
    expect(await outcome()).toBe('sent');
    const entries = await h.handlers['audit.list']({ type: 'audit.list' }, sidebar);
    expect(entries.at(-1)).toMatchObject({ kind: 'sent', detail: 'Reported by the page loaded after sending: The reply is in the thread.' });
  });
});
