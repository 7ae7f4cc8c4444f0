import '../fakes/scripts'; // runs the lazy scripts and content parts this file's code reaches
import { beforeEach, describe, expect, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { createServices } from '../../src/background/host';
import type { ChatPort } from '../../src/background/chat/chat-session';
import type { ChatServerMessage } from '../../src/shared/chat-protocol';
import { fieldId } from '../../src/shared/typed';
import { unsentText } from '../../src/background/typed/unsent-text';
import { fakeHelpdesk } from '../fakes/fake-adapter';
import { createFakeTabs } from '../fakes/fake-tabs';
import { answer, ScriptedModel, text, type ScriptEntry } from '../fakes/scripted-model';
import { shownKey } from '../fakes/shown-key';
import { attack } from './attack';

const A = 'http://127.0.0.1:4517';

/**
 * The tab shows ticket 7, the sidebar its conversation; then the tab moves to ticket 8 (the
 * helpdesk's "next ticket", a link, a refresh) while a message the agent gave on ticket 7 is
 * still on its way. What was meant for one customer's ticket must not run on another's.
 */
async function setup(script: ScriptEntry[] = [answer('Refund approved for ticket 8.'), answer('Second answer.')]) {
  const tabs = createFakeTabs();
  const model = new ScriptedModel(script);
  const built = await createServices([fakeHelpdesk], tabs.send, () => model);
  const show = async (ticket: string) => {
    tabs.tabs.set(1, { origin: A, ticket: `#${ticket}` });
    await built.handlers['page.announce']({ type: 'page.announce', adapterId: 'fake-helpdesk', url: `${A}/tickets/${ticket}`, ticket: { key: ticket, label: `#${ticket}` } }, tabs.senderOf(1));
  };
  await show('7');
  const messages: ChatServerMessage[] = [];
  const port: ChatPort = { postMessage: (m) => void messages.push(structuredClone(m)) };
  await built.chat.receive(port, { type: 'chat.open', tabId: 1 });
  const on7 = await shownKey(built.chat, 1);
  /** Items of the conversation the tab shows now, as a sidebar opened on it would see them. */
  const shownItems = async () => {
    const seen: ChatServerMessage[] = [];
    await built.chat.receive({ postMessage: (m) => void seen.push(m) }, { type: 'chat.open', tabId: 1 });
    const snapshot = seen.find((m) => m.type === 'chat.snapshot');
    return snapshot?.type === 'chat.snapshot' ? snapshot.items : [];
  };
  return { ...built, model, tabs, show, port, messages, on7, shownItems };
}

describe('security: what the agent gives on one ticket runs on that ticket only', () => {
  beforeEach(() => fakeBrowser.reset());

  attack('a question asked on ticket 7 reaches the background after the tab moved to ticket 8: nothing is asked, and the question is back in ticket 7’s box', async () => {
    const h = await setup();
    await h.show('8');
    // The sidebar emptied the box as the question went.
    await unsentText.set(fieldId({ kind: 'question', key: h.on7 }), '');
    await h.chat.receive(h.port, { type: 'chat.send', tabId: 1, key: h.on7, text: 'Tell them the refund is approved.' });
    expect(h.model.requests).toEqual([]);
    expect(await h.shownItems()).toEqual([]);
    expect(h.messages.at(-1)).toEqual({ type: 'chat.refused', key: h.on7, text: 'Tell them the refund is approved.' });
    expect(await unsentText.get(fieldId({ kind: 'question', key: h.on7 }))).toBe('Tell them the refund is approved.');
    // Back on ticket 7, it is asked there.
    await h.show('7');
    await h.chat.receive(h.port, { type: 'chat.send', tabId: 1, key: h.on7, text: 'Tell them the refund is approved.' });
    expect(h.model.requests).toHaveLength(1);
    expect((await h.shownItems()).map((i) => i.kind)).toEqual(['user', 'assistant']);
  });

  attack('a question refused that way does not overwrite what the agent has typed in ticket 7’s box since', async () => {
    const h = await setup();
    await h.show('8');
    await unsentText.set(fieldId({ kind: 'question', key: h.on7 }), 'Something newer');
    await h.chat.receive(h.port, { type: 'chat.send', tabId: 1, key: h.on7, text: 'Tell them the refund is approved.' });
    expect(h.model.requests).toEqual([]);
    expect(await unsentText.get(fieldId({ kind: 'question', key: h.on7 }))).toBe('Something newer');
  });

  attack('a quick action and a Retry given on ticket 7 run nothing once the tab shows ticket 8', async () => {
    const h = await setup();
    await h.show('8');
    await h.chat.receive(h.port, { type: 'chat.action', tabId: 1, key: h.on7, action: 'draft' });
    await h.chat.receive(h.port, { type: 'chat.retry', tabId: 1, key: h.on7 });
    expect(h.model.requests).toEqual([]);
    expect(await h.shownItems()).toEqual([]);
    expect(h.messages.filter((m) => m.type === 'chat.refused')).toEqual([
      { type: 'chat.refused', key: h.on7 },
      { type: 'chat.refused', key: h.on7 },
    ]);
  });

  attack('New chat clicked on ticket 7 does not erase ticket 8’s conversation', async () => {
    const h = await setup();
    await h.show('8');
    const on8 = await shownKey(h.chat, 1);
    await h.chat.receive(h.port, { type: 'chat.send', tabId: 1, key: on8, text: 'What does this customer want?' });
    expect((await h.shownItems()).map((i) => i.kind)).toEqual(['user', 'assistant']);
    await h.chat.receive(h.port, { type: 'chat.new', tabId: 1, key: h.on7 });
    expect((await h.shownItems()).map((i) => i.kind)).toEqual(['user', 'assistant']);
    expect(h.messages.at(-1)).toEqual({ type: 'chat.refused', key: h.on7 });
  });

  attack('a question that names no conversation, or another tab’s, is refused', async () => {
    const h = await setup();
    await h.chat.receive(h.port, { type: 'chat.send', tabId: 1, text: 'Tell them the refund is approved.' });
    expect(h.messages.at(-1)).toMatchObject({ type: 'chat.error', message: expect.stringContaining('key') });
    const otherTab = h.on7.replace('chat:1:', 'chat:2:');
    await h.chat.receive(h.port, { type: 'chat.send', tabId: 1, key: otherTab, text: 'Tell them the refund is approved.' });
    expect(h.messages.at(-1)).toEqual({ type: 'chat.refused', key: otherTab, text: 'Tell them the refund is approved.' });
    // Another tab's box is not written from here.
    expect(await unsentText.get(fieldId({ kind: 'question', key: otherTab }))).toBe('');
    expect(h.model.requests).toEqual([]);
  });

  /** A turn on ticket 7 whose answer is still coming when the tab moves to ticket 8. */
  async function runningOn7() {
    const h = await setup([{ events: [text('Refund approved, I will')], stall: true }, answer('Second answer.')]);
    const turn = h.chat.receive(h.port, { type: 'chat.send', tabId: 1, key: h.on7, text: 'Tell them the refund is approved.' });
    await vi.waitFor(() => expect(h.model.requests).toHaveLength(1), { interval: 5 });
    await h.show('8');
    /** Whether the turn has ended within `ms` (it ends at once when stopped; a busy machine gets time). */
    const ended = (ms: number) => Promise.race([turn.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms))]);
    return { ...h, ended };
  }

  attack('Stop clicked on ticket 7’s running answer after the tab moved to ticket 8 stops that answer, not ticket 8’s conversation', async () => {
    const h = await runningOn7();
    await h.chat.receive(h.port, { type: 'chat.stop', tabId: 1, key: h.on7 });
    expect(await h.ended(10_000)).toBe(true);
    await h.show('7');
    expect((await h.shownItems()).at(-1)).toMatchObject({ kind: 'assistant', text: 'Refund approved, I will', cut: 'aborted' });
  });

  attack('a Stop that names no conversation, or names it for another tab, stops nothing', async () => {
    const h = await runningOn7();
    await h.chat.receive(h.port, { type: 'chat.stop', tabId: 1 });
    expect(h.messages.at(-1)).toMatchObject({ type: 'chat.error', message: expect.stringContaining('key') });
    await h.chat.receive(h.port, { type: 'chat.stop', tabId: 2, key: h.on7 });
    // A stalled answer never ends by itself: still running a second later is the stop refused.
    expect(await h.ended(1000)).toBe(false);
    // The agent's own Stop still works.
    await h.chat.receive(h.port, { type: 'chat.stop', tabId: 1, key: h.on7 });
    expect(await h.ended(10_000)).toBe(true);
  });
});
