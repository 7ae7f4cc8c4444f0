import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { createServices } from '../../src/background/host';
import type { Sender } from '../../src/background/router';
import { fakeHelpdesk } from '../fakes/fake-adapter';
import { createFakeTabs } from '../fakes/fake-tabs';
import { draftsOf, proposingModel } from '../fakes/draft-model';
import { attack } from '../security/attack';

const A = 'http://127.0.0.1:4517';
const B = 'http://localhost:4517';
const sidebar: Sender = { kind: 'extension', url: 'chrome-extension://x/sidepanel.html' };

/** A background whose model proposes what it is told, and tab 1 on ticket 2 of site A. */
async function setup(tabs = createFakeTabs()) {
  const built = await createServices([fakeHelpdesk], tabs.send, proposingModel);
  const chats = draftsOf(built.chat);
  const show = async (tabId: number, origin: string, ticket: string) => {
    tabs.tabs.set(tabId, { origin, ticket: `#${ticket}` });
    await built.handlers['page.announce']({ type: 'page.announce', adapterId: 'fake-helpdesk', url: `${origin}/tickets/${ticket}`, ticket: { key: ticket, label: `#${ticket}` } }, tabs.senderOf(tabId));
  };
  await show(1, A, '2');
  const invoke = (message: Record<string, unknown>) => built.handlers['tool.invoke']({ type: 'tool.invoke', tabId: 1, tool: 'reply.send', input: { body: 'x' }, ...message } as never, sidebar);
  const accept = (id: string, digest: string, tabId = 1) => built.handlers['confirm.accept']({ type: 'confirm.accept', tabId, id, digest }, sidebar);
  const view = (tabId = 1) => built.handlers['view.get']({ type: 'view.get', tabId }, sidebar);
  const audit = async () => (await built.handlers['audit.list']({ type: 'audit.list' }, sidebar)).map((e) => [e.kind, e.detail?.split(':')[0] ?? null]);
  const pageRuns = () => tabs.calls.filter((c) => c.call.type === 'page.run').length;
  /** Ticket 2's draft reads `body`, and its Send… was clicked: the pending card. */
  const prepared = async (body: string) => {
    const draft = await chats.draft(1, body);
    const r = await invoke({ input: { body }, draft: draft.callId });
    if (!r.ok || !r.confirmation) throw new Error(`not prepared: ${JSON.stringify(r)}`);
    return { draft, confirmation: r.confirmation, payload: r.confirmPayload };
  };
  return { ...built, tabs, chats, show, invoke, accept, view, audit, pageRuns, prepared };
}

describe('everything that can send belongs to one ticket, checked in the background', () => {
  beforeEach(() => fakeBrowser.reset());

  attack('prepares no send that names no draft and no card: the page is not even asked', async () => {
    const h = await setup();
    for (const tool of ['reply.send', 'note.add']) {
      const r = await h.invoke({ tool, input: { body: 'From nowhere' } });
      expect(r).toMatchObject({ ok: false, code: 'unbound_send' });
    }
    expect(h.pageRuns()).toBe(0);
    expect(await h.services.registry.pending()).toEqual([]);
    expect(await h.audit()).toEqual([
      ['refuse', 'unbound_send'],
      ['refuse', 'unbound_send'],
    ]);
  });

  attack('a send switched off for the site is refused as such, from a draft or from nowhere, and the page is not asked', async () => {
    const h = await setup();
    const draft = await h.chats.draft(1, 'Hi Nora, the corrected invoice is attached.');
    await h.handlers['sites.set']({ type: 'sites.set', origin: A, write: true, send: false }, sidebar);
    for (const bound of [{ draft: draft.callId }, {}]) {
      const r = await h.invoke({ input: { body: draft.body }, ...bound });
      expect(r).toMatchObject({ ok: false, code: 'not_granted' });
    }
    expect(h.pageRuns()).toBe(0);
    expect(await h.services.registry.pending()).toEqual([]);
    expect(await h.audit()).toEqual([
      ['refuse', 'not_granted'],
      ['refuse', 'not_granted'],
    ]);
  });

  attack("refuses ticket 2's draft on ticket 3, whatever the sidebar asks, and prepares it again back on ticket 2", async () => {
    const h = await setup();
    const draft = await h.chats.draft(1, 'Hi Nora, the corrected invoice is attached.');
    await h.show(1, A, '3');
    for (const anyway of [false, true]) {
      const r = await h.invoke({ input: { body: draft.body }, draft: draft.callId, anyway });
      expect(r).toMatchObject({ ok: false, code: 'draft_elsewhere' });
      expect(r.error).toContain(`ticket 2 on ${A}`);
    }
    expect(h.pageRuns()).toBe(0);
    await h.show(1, A, '2');
    expect(await h.invoke({ input: { body: draft.body }, draft: draft.callId })).toMatchObject({ ok: true, confirmPayload: { ticket: '#2' } });
  });

  attack('refuses the draft of ticket 2 on ticket 2 of another site', async () => {
    const h = await setup();
    const draft = await h.chats.draft(1, 'Hi Nora.');
    await h.show(1, B, '2');
    expect(await h.invoke({ input: { body: 'Hi Nora.' }, draft: draft.callId, anyway: true })).toMatchObject({ ok: false, code: 'draft_elsewhere' });
    expect(h.pageRuns()).toBe(0);
  });

  attack("refuses a confirm or a Send again of ticket 2's card from ticket 3 (or ticket 2 of another site), and sends nothing", async () => {
    const h = await setup();
    const { confirmation } = await h.prepared('Hi Nora, the corrected invoice is attached.');
    for (const [origin, ticket] of [
      [A, '3'],
      [B, '2'],
    ] as const) {
      await h.show(1, origin, ticket);
      expect(await h.accept(confirmation.id, confirmation.digest)).toMatchObject({ ok: false, code: 'scope_changed' });
      const again = await h.invoke({ input: { body: 'Hi Nora, the corrected invoice is attached.' }, again: confirmation.id });
      expect(again).toMatchObject({ ok: false, code: 'scope_changed' });
      expect(again.error).toContain('#2');
    }
    expect(h.tabs.delivered).toEqual([]);
    expect(h.pageRuns()).toBe(1);
    // The card still belongs to ticket 2, pending: back there, it sends, once.
    await h.show(1, A, '2');
    expect(await h.accept(confirmation.id, confirmation.digest)).toMatchObject({ ok: true });
    expect(h.tabs.delivered.map((d) => d.payload.ticket)).toEqual(['#2']);
  });

  attack("sends again a sent card's own text on its own ticket, whatever text the request carries", async () => {
    const h = await setup();
    const { confirmation } = await h.prepared('Hi Nora.');
    expect(await h.accept(confirmation.id, confirmation.digest)).toMatchObject({ ok: true });
    const again = await h.invoke({ input: { body: 'Hi Diego, something else entirely.' }, again: confirmation.id });
    expect(again).toMatchObject({ ok: true, confirmPayload: { ticket: '#2', body: 'Hi Nora.' } });
    expect(again.confirmation?.id).not.toBe(confirmation.id);
    // A card that does not exist, or of another tool, is not sent again.
    expect(await h.invoke({ again: 'no-such-card' })).toMatchObject({ ok: false, code: 'not_found' });
    expect(await h.invoke({ tool: 'note.add', again: confirmation.id })).toMatchObject({ ok: false, code: 'not_found' });
  });

  attack("lists only the ticket's own cards: ticket 3 shows none of ticket 2's, and ticket 2 shows them again", async () => {
    const h = await setup();
    const { confirmation } = await h.prepared('Hi Nora.');
    expect((await h.view()).pending.map((r) => r.id)).toEqual([confirmation.id]);
    await h.show(1, A, '3');
    expect(await h.view()).toMatchObject({ pending: [], unknown: [], sent: [] });
    await h.show(1, B, '2');
    expect((await h.view()).pending).toEqual([]);
    await h.show(1, A, '2');
    expect((await h.view()).pending.map((r) => r.id)).toEqual([confirmation.id]);
  });
});

describe('a ticket that already has a reply from Deskmate says so at the next Send…', () => {
  beforeEach(() => fakeBrowser.reset());

  it('names the reply sent, on the next card and in the view, in every tab on the ticket', async () => {
    const h = await setup();
    const first = await h.prepared('Hi Nora, the corrected invoice is attached.');
    expect(first.confirmation.lastSend).toBeUndefined();
    expect((await h.view()).lastSends).toEqual({});
    expect(await h.accept(first.confirmation.id, first.confirmation.digest)).toMatchObject({ ok: true });
    const second = await h.prepared('Hi Nora, one more thing.');
    expect(second.confirmation.lastSend).toMatchObject({ id: first.confirmation.id, phase: 'sent' });
    expect((await h.view()).lastSends['reply.send']).toMatchObject({ id: first.confirmation.id, phase: 'sent' });
    // Another tab on the same ticket: from the background's records, not a sidebar's memory.
    await h.show(2, A, '2');
    expect((await h.view(2)).lastSends['reply.send']).toMatchObject({ id: first.confirmation.id });
    // Another ticket, or the same number on another site, has no reply.
    await h.show(2, A, '3');
    expect((await h.view(2)).lastSends).toEqual({});
    await h.show(2, B, '2');
    expect((await h.view(2)).lastSends).toEqual({});
  });

  it('names a reply whose outcome is unknown as one that may have gone, and forgets one that failed', async () => {
    const h = await setup();
    const failed = await h.prepared('Refused by the helpdesk.');
    h.tabs.tabs.get(1)!.deliver = () => Promise.resolve({ ok: false, code: 'delivery_failed', error: 'The helpdesk refused it.' });
    expect(await h.accept(failed.confirmation.id, failed.confirmation.digest)).toMatchObject({ ok: false });
    expect((await h.view()).lastSends).toEqual({});
    const cut = await h.prepared('Cut off.');
    h.tabs.tabs.get(1)!.deliver = () => Promise.reject(new Error('A listener indicated an asynchronous response, but the message channel closed'));
    expect(await h.accept(cut.confirmation.id, cut.confirmation.digest)).toMatchObject({ ok: false, code: 'outcome_unknown' });
    expect((await h.view()).lastSends['reply.send']).toMatchObject({ id: cut.confirmation.id, phase: 'unknown' });
  });

  it('survives a restart of the worker: the audit log remembers', async () => {
    const tabs = createFakeTabs();
    const h = await setup(tabs);
    const first = await h.prepared('Hi Nora.');
    await h.accept(first.confirmation.id, first.confirmation.digest);
    const restarted = await setup(tabs);
    expect((await restarted.view()).lastSends['reply.send']).toMatchObject({ id: first.confirmation.id, phase: 'sent' });
  });
});
