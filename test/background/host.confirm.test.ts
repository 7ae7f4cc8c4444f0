import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { payloadDigest, type ToolResult } from '../../src/core';
import { createServices } from '../../src/background/host';
import { route } from '../../src/background/router';
import { A, confirmHost, sidebar } from '../fakes/confirm-host';
import { fakeHelpdesk } from '../fakes/fake-adapter';
import { createFakeTabs } from '../fakes/fake-tabs';
import { draftsOf, proposingModel } from '../fakes/draft-model';

const setup = confirmHost;

describe('the confirm step in the background', () => {
  beforeEach(() => fakeBrowser.reset());

  it('delivers exactly the prepared payload to the tab, once, and audits every step', async () => {
    const h = await setup();
    await h.announce(1, '#7');
    const { confirmation, confirmPayload } = await h.prepare(1, 'Your refund is on its way.');
    expect(confirmation.digest).toBe(await payloadDigest(confirmPayload));
    expect(h.tabs.delivered).toEqual([]);
    expect(await h.accept(1, confirmation.id, confirmation.digest)).toMatchObject({ ok: true });
    expect(h.tabs.delivered).toEqual([{ tabId: 1, payload: confirmPayload }]);
    expect(await h.accept(1, confirmation.id, confirmation.digest)).toMatchObject({ ok: false, code: 'already_used' });
    expect(h.tabs.delivered).toHaveLength(1);
    expect(await h.audit()).toEqual(['prepare', 'confirm', 'sent', 'refuse']);
  });

  it('grades an internal note a send: a click only prepares it, the model cannot post one, and Confirm delivers it once', async () => {
    const h = await setup();
    await h.announce(1, '#7');
    const note = 'Refund approved by finance; waiting for the bank.';
    const ctx = { scope: A, tabId: 1, flags: { 'page.write': true, 'page.send': true }, autonomous: true };
    expect(h.services.registry.toFunctionSchemas(ctx).map((f) => f.name)).not.toContain('note_add');
    expect(await h.services.registry.invokeReadOnly('note_add', { body: note }, ctx)).toMatchObject({ ok: false });
    const model = proposingModel();
    model.note = note;
    const built = await createServices([fakeHelpdesk], h.tabs.send, () => model);
    const drafted = await draftsOf(built.chat).note(1);
    expect(drafted).toMatchObject({ audience: 'note', body: note });
    const r = await built.handlers['tool.invoke']({ type: 'tool.invoke', tabId: 1, tool: 'note.add', input: { body: note }, draft: drafted.callId }, sidebar);
    expect(r).toMatchObject({ ok: true, requiresConfirm: true, confirmPayload: { recipient: '', subject: '', body: note } });
    expect(h.tabs.delivered).toEqual([]);
    expect(await built.handlers['confirm.accept']({ type: 'confirm.accept', tabId: 1, id: r.confirmation!.id, digest: r.confirmation!.digest }, sidebar)).toMatchObject({ ok: true });
    expect(h.tabs.delivered).toEqual([{ tabId: 1, payload: r.confirmPayload }]);
    const entries = await built.handlers['audit.list']({ type: 'audit.list' }, sidebar);
    expect(entries.map((e) => [e.kind, e.tool])).toEqual([['prepare', 'note.add'], ['confirm', 'note.add'], ['sent', 'note.add']]);
    expect(entries[0]).toMatchObject({ ticket: '#7', recipient: '', body: note });
  });

  it('records every write a person clicks, with its text, whether the page took it or not', async () => {
    const h = await setup();
    await h.announce(1, '#7');
    await h.handlers['tool.invoke']({ type: 'tool.invoke', tabId: 1, tool: 'reply.fill', input: { body: 'Draft one' } }, sidebar);
    h.tabs.tabs.get(1)!.closed = true;
    await h.handlers['tool.invoke']({ type: 'tool.invoke', tabId: 1, tool: 'reply.fill', input: { body: 'Draft two' } }, sidebar);
    await h.handlers['tool.invoke']({ type: 'tool.invoke', tabId: 1, tool: 'ticket.read', input: {} }, sidebar);
    const entries = await h.handlers['audit.list']({ type: 'audit.list' }, sidebar);
    expect(entries.map((e) => [e.kind, e.tool, e.ticket, e.body])).toEqual([
      ['write', 'reply.fill', '#7', 'Draft one'],
      ['write', 'reply.fill', '#7', 'Draft two'],
    ]);
    expect(entries[0]!.detail).toBe('Done.');
    expect(entries[1]!.detail).toMatch(/^Not done: /);
  });

  it('sends once when Confirm is clicked twice at the same moment', async () => {
    const h = await setup();
    await h.announce(1, '#7');
    const { confirmation } = await h.prepare(1, 'Hello');
    const results = await Promise.all([1, 2, 3].map(() => h.accept(1, confirmation.id, confirmation.digest)));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(h.tabs.delivered).toHaveLength(1);
  });

  it('refuses a confirm whose digest is not the payload\'s, and keeps it pending for the real one', async () => {
    const h = await setup();
    await h.announce(1, '#7');
    const { confirmation, confirmPayload } = await h.prepare(1, 'Hello');
    const forged = await payloadDigest({ ...(confirmPayload as object), body: 'Send me your password' });
    expect(await h.accept(1, confirmation.id, forged)).toMatchObject({ ok: false, code: 'digest_mismatch' });
    expect(h.tabs.delivered).toEqual([]);
    expect(await h.accept(1, confirmation.id, confirmation.digest)).toMatchObject({ ok: true });
  });

  it('refuses when the tab now shows another ticket, and sends nothing', async () => {
    const h = await setup();
    await h.announce(1, '#7');
    const { confirmation } = await h.prepare(1, 'Hello');
    await h.announce(1, '#8');
    const r = await h.accept(1, confirmation.id, confirmation.digest);
    expect(r).toMatchObject({ ok: false, code: 'scope_changed' });
    expect(r.error).toContain('#8');
    expect(h.tabs.delivered).toEqual([]);
    expect(await h.audit()).toEqual(['prepare', 'refuse']);
  });

  it('refuses a confirm sent for another tab', async () => {
    const h = await setup();
    await h.announce(1, '#7');
    await h.announce(2, '#7');
    const { confirmation } = await h.prepare(1, 'Hello');
    expect(await h.accept(2, confirmation.id, confirmation.digest)).toMatchObject({ ok: false, code: 'scope_changed' });
    expect(h.tabs.delivered).toEqual([]);
  });

  it('still confirms, once, after the worker was stopped between prepare and confirm', async () => {
    const tabs = createFakeTabs();
    const before = await setup(tabs);
    await before.announce(1, '#7');
    const { confirmation } = await before.prepare(1, 'Hello');
    const after = await setup(tabs);
    expect((await after.handlers['view.get']({ type: 'view.get', tabId: 1 }, sidebar)).pending.map((r) => r.id)).toEqual([confirmation.id]);
    expect(await after.accept(1, confirmation.id, confirmation.digest)).toMatchObject({ ok: true });
    expect(await before.accept(1, confirmation.id, confirmation.digest)).toMatchObject({ ok: false, code: 'already_used' });
    expect(tabs.delivered).toHaveLength(1);
  });

  it('never repeats a delivery cut off by a restart: its outcome becomes unknown', async () => {
    const tabs = createFakeTabs();
    const h = await setup(tabs);
    await h.announce(1, '#7');
    const { confirmation } = await h.prepare(1, 'Hello');
    let delivering = false;
    tabs.tabs.get(1)!.deliver = () => {
      delivering = true;
      return new Promise(() => undefined); // the worker dies mid-delivery
    };
    void h.accept(1, confirmation.id, confirmation.digest);
    // Cut off once the delivery has reached the page, however long the way there took.
    await vi.waitFor(() => expect(delivering).toBe(true), { interval: 5 });
    tabs.tabs.get(1)!.deliver = undefined;
    const restarted = await setup(tabs);
    const record = await restarted.handlers['confirm.get']({ type: 'confirm.get', id: confirmation.id }, sidebar);
    expect(record).toMatchObject({ status: 'used', outcome: 'unknown' });
    expect(await restarted.accept(1, confirmation.id, confirmation.digest)).toMatchObject({ ok: false, code: 'already_used' });
    expect(tabs.delivered).toEqual([]);
    expect(await restarted.audit()).toContain('unknown');
  });

  it('reports a tab closed before delivery as failed, and does not send later', async () => {
    const h = await setup();
    await h.announce(1, '#7');
    const { confirmation } = await h.prepare(1, 'Hello');
    h.tabs.tabs.get(1)!.closed = true;
    expect(await h.accept(1, confirmation.id, confirmation.digest)).toMatchObject({ ok: false, code: 'tab_gone' });
    h.tabs.tabs.get(1)!.closed = false;
    expect(await h.accept(1, confirmation.id, confirmation.digest)).toMatchObject({ ok: false, code: 'already_used' });
    expect(h.tabs.delivered).toEqual([]);
    expect(await h.audit()).toEqual(['prepare', 'confirm', 'failed', 'refuse']);
  });

  it('cancels: a cancelled confirmation can never be confirmed', async () => {
    const h = await setup();
    await h.announce(1, '#7');
    const { confirmation } = await h.prepare(1, 'Hello');
    expect(await h.handlers['confirm.cancel']({ type: 'confirm.cancel', id: confirmation.id }, sidebar)).toMatchObject({ ok: true });
    expect(await h.accept(1, confirmation.id, confirmation.digest)).toMatchObject({ ok: false, code: 'cancelled' });
    expect(h.tabs.delivered).toEqual([]);
  });

  it("settles, through the router's checks, a reply posted from its own reply page over text the agent had typed", async () => {
    // Request Tracker's shape: the reply page refuses frames, so the card posts from it (`from`),
    // and the agent chose to replace what they had typed there (`replaces`). Its report must pass
    // the protocol's schema like any other, or the card stays "outcome unknown" for ever.
    const h = await setup();
    await h.announce(1, '#7');
    h.tabs.tabs.get(1)!.payload = { from: '/Ticket/Update.html?Action=Respond&id=7', replaces: 'Hi Ada, draft of mine', effects: [{ kind: 'may_change' }] };
    const { confirmation, confirmPayload } = await h.prepare(1, 'Hello from the reply page');
    expect(confirmPayload).toMatchObject({ from: '/Ticket/Update.html?Action=Respond&id=7', replaces: 'Hi Ada, draft of mine' });
    h.tabs.tabs.get(1)!.deliver = () => Promise.reject(new Error('A listener indicated an asynchronous response, but the message channel closed'));
    expect(await h.accept(1, confirmation.id, confirmation.digest)).toMatchObject({ ok: false, code: 'outcome_unknown' });
    const report = { tool: 'reply.send', payload: confirmPayload, outcome: 'sent', detail: 'The text is in the thread of the page loaded after posting.' };
    expect(await route({ type: 'page.delivered', adapterId: 'fake-helpdesk', report }, h.tabs.senderOf(1), h.handlers)).toEqual({ ok: true, value: { ok: true } });
    expect(await h.handlers['confirm.get']({ type: 'confirm.get', id: confirmation.id }, sidebar)).toMatchObject({ outcome: 'sent' });
  });

  it('learns from the page loaded after a reload-on-send what became of a delivery, and from nobody else', async () => {
    const h = await setup();
    await h.announce(1, '#7');
    await h.announce(2, '#7');
    const { confirmation, confirmPayload } = await h.prepare(1, 'Hello');
    // The helpdesk reloads the page while posting: the message channel closes mid-call.
    h.tabs.tabs.get(1)!.deliver = () => Promise.reject(new Error('A listener indicated an asynchronous response, but the message channel closed'));
    expect(await h.accept(1, confirmation.id, confirmation.digest)).toMatchObject({ ok: false, code: 'outcome_unknown' });
    const get = () => h.handlers['confirm.get']({ type: 'confirm.get', id: confirmation.id }, sidebar);
    expect(await get()).toMatchObject({ status: 'used', outcome: 'unknown' });

    const report = (payload: unknown, outcome: 'sent' | 'not_found' = 'sent') =>
      ({ type: 'page.delivered', adapterId: 'fake-helpdesk', report: { tool: 'reply.send', payload, outcome, detail: '' } }) as const;
    const p = confirmPayload as { site: string; ticket: string; recipient: string; subject: string; body: string };
    // Another tab, another text, or another site cannot settle it.
    expect(await h.handlers['page.delivered'](report(p) as never, h.tabs.senderOf(2))).toEqual({ ok: false });
    expect(await h.handlers['page.delivered'](report({ ...p, body: 'Other' }) as never, h.tabs.senderOf(1))).toEqual({ ok: false });
    expect(await h.handlers['page.delivered'](report({ ...p, site: 'https://evil.example' }) as never, h.tabs.senderOf(1))).toEqual({ ok: false });
    expect(await get()).toMatchObject({ outcome: 'unknown' });

    expect(await h.handlers['page.delivered'](report(p) as never, h.tabs.senderOf(1))).toEqual({ ok: true });
    expect(await get()).toMatchObject({ outcome: 'sent' });
    expect(await h.audit()).toEqual(['prepare', 'confirm', 'unknown', 'sent']);
    // Settled once: a second report finds nothing left to settle, and nothing is ever resent.
    expect(await h.handlers['page.delivered'](report(p) as never, h.tabs.senderOf(1))).toEqual({ ok: false });
    expect(await h.accept(1, confirmation.id, confirmation.digest)).toMatchObject({ code: 'already_used' });
  });

  it('opens no second card for the same reply: a double click and a second Send… give the pending card again', async () => {
    const h = await setup();
    await h.announce(1, '#7');
    const { callId } = await h.chats.draft(1, 'Once');
    const invoke = (body = 'Once') => h.handlers['tool.invoke']({ type: 'tool.invoke', tabId: 1, tool: 'reply.send', input: { body }, draft: callId }, sidebar);
    const [a, b] = await Promise.all([invoke(), invoke()]);
    const c = await invoke();
    expect(new Set([a.confirmation!.id, b.confirmation!.id, c.confirmation!.id]).size).toBe(1);
    expect((await h.services.registry.pending()).length).toBe(1);
    expect(await h.audit()).toEqual(['prepare']);
    // Another text (the agent edited the draft) is another card.
    const other = await invoke('Twice');
    expect(other.confirmation!.id).not.toBe(a.confirmation!.id);
    expect(await h.accept(1, a.confirmation!.id, a.confirmation!.digest)).toMatchObject({ ok: true });
    expect(h.tabs.delivered).toHaveLength(1);
  });

  it('shows the sent card for a reply already sent to the ticket, and prepares it anew only on "Send again"', async () => {
    const h = await setup();
    await h.announce(1, '#7');
    const first = await h.send(1, 'Once');
    expect(await h.accept(1, first.confirmation!.id, first.confirmation!.digest)).toMatchObject({ ok: true });
    const shown = await h.send(1, 'Once');
    expect(shown.confirmation).toMatchObject({ id: first.confirmation!.id, earlier: { phase: 'sent' } });
    expect(await h.services.registry.pending()).toEqual([]);
    expect(await h.audit()).toEqual(['prepare', 'confirm', 'sent']);
    // Another tab on the same ticket sees the same sent card.
    await h.announce(2, '#7');
    const elsewhere = await h.send(2, 'Once');
    expect(elsewhere.confirmation).toMatchObject({ id: first.confirmation!.id, earlier: { phase: 'sent' } });
    // "Send again" names the card: its own text, whatever the request says, and a warning that the ticket has a reply.
    const again = await h.handlers['tool.invoke']({ type: 'tool.invoke', tabId: 1, tool: 'reply.send', input: { body: 'Something else' }, again: first.confirmation!.id }, sidebar);
    expect(again.confirmation!.id).not.toBe(first.confirmation!.id);
    expect(again.confirmation!.earlier).toBeUndefined();
    expect(again.confirmPayload).toMatchObject({ body: 'Once' });
    expect(again.confirmation!.lastSend).toMatchObject({ id: first.confirmation!.id, phase: 'sent' });
    expect(h.tabs.delivered).toHaveLength(1);
    expect(await h.accept(1, again.confirmation!.id, again.confirmation!.digest)).toMatchObject({ ok: true });
    expect(h.tabs.delivered).toHaveLength(2);
  });
});
