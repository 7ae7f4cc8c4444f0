import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import type { ChatPort } from '../../../src/background/chat/chat-session';
import { createServices } from '../../../src/background/host';
import type { Sender } from '../../../src/background/router';
import type { DraftItem } from '../../../src/shared/chat-items';
import type { ChatServerMessage } from '../../../src/shared/chat-protocol';
import { fakeHelpdesk } from '../../fakes/fake-adapter';
import { createFakeTabs } from '../../fakes/fake-tabs';
import { answer, call, finish, ScriptedModel } from '../../fakes/scripted-model';
import { asSidebarSends } from '../../fakes/shown-key';

const A = 'http://127.0.0.1:4517';
const B = 'http://localhost:4517';
const sidebar: Sender = { kind: 'extension', url: 'chrome-extension://x/sidepanel.html' };
const MODEL_TEXT = 'Hello Ada, the refund is on its way.';
const EDITED = 'Hello Ada, the refund of EUR 40 is on its way. Sam';

/** A background with ticket 7 of site A in tab 1 and a proposed draft; `tabs` survives a "worker restart". */
async function setup(tabs = createFakeTabs()) {
  const model = new ScriptedModel([[call(0, 'd1', 'reply__propose', { body: MODEL_TEXT }), finish('tool_calls')], answer('Draft ready.')]);
  const built = await createServices([fakeHelpdesk], tabs.send, () => model);
  const show = async (origin: string, ticket: string) => {
    tabs.tabs.set(1, { origin, ticket: `#${ticket}` });
    await built.handlers['page.announce']({ type: 'page.announce', adapterId: 'fake-helpdesk', url: `${origin}/tickets/${ticket}`, ticket: { key: ticket, label: `#${ticket}` } }, tabs.senderOf(1));
  };
  await show(A, '7');
  const messages: ChatServerMessage[] = [];
  const port: ChatPort = { postMessage: (m) => void messages.push(structuredClone(m)) };
  /** Sends a chat message and waits until the background has handled it (a turn: ended and stored). */
  const say = async (message: unknown) => built.chat.receive(port, await asSidebarSends(built.chat, message));
  const snapshot = () => messages.filter((m): m is Extract<ChatServerMessage, { type: 'chat.snapshot' }> => m.type === 'chat.snapshot').at(-1)!;
  const draft = async (): Promise<DraftItem | undefined> => {
    await say({ type: 'chat.open', tabId: 1 });
    return snapshot().items.find((i): i is DraftItem => i.kind === 'draft');
  };
  const invoke = (tool: string, body: string, extra: Record<string, unknown> = {}) =>
    built.handlers['tool.invoke']({ type: 'tool.invoke', tabId: 1, tool, input: { body }, draft: 'd1', ...extra }, sidebar);
  const answers = () => messages.filter((m) => m.type === 'typed.saved');
  return { ...built, tabs, say, snapshot, draft, invoke, show, answers };
}

describe('drafts kept with the conversation', () => {
  beforeEach(() => fakeBrowser.reset());

  it("keeps the agent's edit as the draft's text, across a restarted worker, with the model's text as it was", async () => {
    const h = await setup();
    await h.say({ type: 'chat.open', tabId: 1 });
    await h.say({ type: 'chat.send', tabId: 1, text: 'Draft a reply.' });
    const key = h.snapshot().key;
    expect(await h.draft()).toMatchObject({ body: MODEL_TEXT, site: A, ticket: '7' });
    await h.say({ type: 'typed.save', seq: 1, field: { kind: 'draft', tabId: 1, key, callId: 'd1' }, text: EDITED });
    const restarted = await setup(h.tabs);
    expect(await restarted.draft()).toMatchObject({ body: MODEL_TEXT, text: EDITED });
    // Undo: the model's text again is no edit.
    await restarted.say({ type: 'typed.save', seq: 2, field: { kind: 'draft', tabId: 1, key, callId: 'd1' }, text: MODEL_TEXT });
    expect((await restarted.draft())!.text).toBeUndefined();
  });

  it('keeps the text Send… took (the flush before the click), and Confirm delivers exactly that', async () => {
    const h = await setup();
    await h.say({ type: 'chat.open', tabId: 1 });
    await h.say({ type: 'chat.send', tabId: 1, text: 'Draft a reply.' });
    const prepared = await h.invoke('reply.send', EDITED);
    expect(await h.draft()).toMatchObject({ text: EDITED, sends: [prepared.confirmation!.id] });
    const c = prepared.confirmation!;
    await h.handlers['confirm.accept']({ type: 'confirm.accept', tabId: 1, id: c.id, digest: c.digest }, sidebar);
    expect(h.tabs.delivered.map((d) => d.payload.body)).toEqual([EDITED]);
  });

  it('refuses an edit for a conversation of another tab', async () => {
    const h = await setup();
    await h.say({ type: 'chat.open', tabId: 1 });
    await h.say({ type: 'chat.send', tabId: 1, text: 'Draft a reply.' });
    const key = h.snapshot().key;
    await h.say({ type: 'typed.save', seq: 1, field: { kind: 'draft', tabId: 2, key, callId: 'd1' }, text: 'hijacked' });
    expect(h.answers()).toEqual([{ type: 'typed.saved', seq: 1, ok: false, error: 'This draft is no longer in its conversation.' }]);
    expect((await h.draft())!.text).toBeUndefined();
  });

  it('refuses Send… and Insert of a draft on ticket 7 of another site; Insert goes there on the agent\'s choice, a send never', async () => {
    const h = await setup();
    await h.say({ type: 'chat.open', tabId: 1 });
    await h.say({ type: 'chat.send', tabId: 1, text: 'Draft a reply.' });
    await h.show(B, '7'); // the same id on another helpdesk
    for (const tool of ['reply.send', 'reply.fill']) {
      const refused = await h.invoke(tool, MODEL_TEXT);
      expect(refused).toMatchObject({ ok: false, code: 'draft_elsewhere' });
      expect(refused.error).toContain(`ticket 7 on ${A}`);
    }
    expect(await h.services.registry.pending()).toEqual([]);
    expect(h.tabs.calls.filter((c) => c.call.type === 'page.run')).toEqual([]);
    // A send stays with its ticket whatever the sidebar asks; an insert (undone in the page) may go.
    expect(await h.invoke('reply.send', MODEL_TEXT, { anyway: true })).toMatchObject({ ok: false, code: 'draft_elsewhere' });
    expect(await h.services.registry.pending()).toEqual([]);
    expect(await h.invoke('reply.fill', MODEL_TEXT, { anyway: true })).toMatchObject({ ok: true });
    expect(h.tabs.delivered).toEqual([]);
  });

  it('refuses a draft on another ticket of the same site, and one no conversation of the tab holds', async () => {
    const h = await setup();
    await h.say({ type: 'chat.open', tabId: 1 });
    await h.say({ type: 'chat.send', tabId: 1, text: 'Draft a reply.' });
    await h.show(A, '8');
    expect(await h.invoke('reply.send', MODEL_TEXT)).toMatchObject({ ok: false, code: 'draft_elsewhere' });
    await h.show(A, '7');
    expect(await h.invoke('reply.send', MODEL_TEXT)).toMatchObject({ ok: true });
    expect(await h.invoke('reply.send', MODEL_TEXT, { draft: 'nobody' })).toMatchObject({ ok: false, code: 'draft_elsewhere' });
  });
});
