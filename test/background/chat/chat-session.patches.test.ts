import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { createServices } from '../../../src/background/host';
import type { ChatPort } from '../../../src/background/chat/chat-session';
import type { ChatServerMessage } from '../../../src/shared/chat-protocol';
import { chatReducer, EMPTY_CHAT } from '../../../src/ui/chat-state';
import { fakeHelpdesk } from '../../fakes/fake-adapter';
import { createFakeTabs } from '../../fakes/fake-tabs';
import { answer, ScriptedModel, type ScriptEntry } from '../../fakes/scripted-model';
import { asSidebarSends } from '../../fakes/shown-key';

const A = 'http://127.0.0.1:4517';

async function setup(script: ScriptEntry[]) {
  const tabs = createFakeTabs();
  const model = new ScriptedModel(script);
  const built = await createServices([fakeHelpdesk], tabs.send, () => model);
  tabs.tabs.set(1, { origin: A, ticket: '#7' });
  await built.handlers['page.announce']({ type: 'page.announce', adapterId: 'fake-helpdesk', url: `${A}/tickets/7`, ticket: { key: '7', label: '#7' } }, tabs.senderOf(1));
  const messages: ChatServerMessage[] = [];
  const port: ChatPort = { postMessage: (m) => void messages.push(structuredClone(m)) };
  /** Sends a chat message and waits until the background has handled it (a turn: ended and stored). */
  const say = async (message: unknown) => built.chat.receive(port, await asSidebarSends(built.chat, message));
  const seen = () => messages.reduce((state, m) => chatReducer(state, m, 1), EMPTY_CHAT);
  return { ...built, messages, say, seen };
}

const patches = (messages: ChatServerMessage[]) => messages.filter((m): m is Extract<ChatServerMessage, { type: 'chat.patch' }> => m.type === 'chat.patch');

describe('what a turn sends the sidebar, however long the conversation', () => {
  beforeEach(() => fakeBrowser.reset());

  it("starts a turn with the question alone, and ends it with that turn's items, not the conversation", async () => {
    const questions = 6;
    const h = await setup(Array.from({ length: questions }, (_, i) => answer(`Answer ${i + 1}.`)));
    await h.say({ type: 'chat.open', tabId: 1 });
    for (let i = 0; i < questions; i++) await h.say({ type: 'chat.send', tabId: 1, text: `Question ${i + 1}?` });
    // After the first turn, nothing is a snapshot: each turn posts a patch at its start and one at its end.
    const later = h.messages.slice(h.messages.findIndex((m) => m.type === 'chat.event' && m.event.type === 'done') + 1);
    expect(later.filter((m) => m.type === 'chat.snapshot')).toEqual([]);
    const sizes = patches(later).map((p) => [p.from, p.items.length]);
    // The first turn's end, then turn n (n >= 2) starting at item 2(n-1): its start sends the
    // question, its end the question and the answer.
    expect(sizes).toEqual([[0, 2], ...Array.from({ length: questions - 1 }, (_, i) => [[2 * (i + 1), 1], [2 * (i + 1), 2]]).flat()]);
    expect(h.seen().items.map((i) => (i.kind === 'user' || i.kind === 'assistant' ? i.text : i.kind))).toEqual(
      Array.from({ length: questions }, (_, i) => [`Question ${i + 1}?`, `Answer ${i + 1}.`]).flat(),
    );
  });

  it("gives the sidebar the background's ids for a turn's items once it ends, so Use as draft names the answer", async () => {
    const h = await setup([answer('Hello there.'), answer('Dear Ada, your refund is on its way.')]);
    await h.say({ type: 'chat.open', tabId: 1 });
    await h.say({ type: 'chat.send', tabId: 1, text: 'hi' });
    await h.say({ type: 'chat.send', tabId: 1, text: 'draft a reply' });
    await h.say({ type: 'chat.open', tabId: 1 });
    const stored = h.messages.filter((m) => m.type === 'chat.snapshot').at(-1)!;
    const before = h.messages.slice(0, h.messages.lastIndexOf(stored)).reduce((state, m) => chatReducer(state, m, 1), EMPTY_CHAT);
    expect(before.items.map((i) => i.id)).toEqual(stored.type === 'chat.snapshot' ? stored.items.map((i) => i.id) : []);
  });

  it('a change a button made (Use as draft) comes as a patch from where it is, and the next turn goes on after it', async () => {
    const h = await setup([answer('Hello there.'), answer('More.')]);
    await h.say({ type: 'chat.open', tabId: 1 });
    await h.say({ type: 'chat.send', tabId: 1, text: 'hi' });
    const answerId = h.seen().items[1]!.id;
    await h.say({ type: 'chat.draft', tabId: 1, itemId: answerId, text: 'Hello there.' });
    const patch = patches(h.messages).at(-1)!;
    expect([patch.from, patch.items.map((i) => i.kind)]).toEqual([2, ['draft']]);
    await h.say({ type: 'chat.send', tabId: 1, text: 'and?' });
    expect(h.seen().items.map((i) => i.kind)).toEqual(['user', 'assistant', 'draft', 'user', 'assistant']);
  });
});
