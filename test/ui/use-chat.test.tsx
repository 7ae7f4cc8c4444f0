// @vitest-environment happy-dom
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import type { AgentEvent } from '../../src/core';
import { applyAgentEvent, type ChatItem } from '../../src/shared/chat-items';
import { chatStore } from '../../src/background/chat/chat-store';
import { createServices } from '../../src/background/host';
import { useChat, type Chat } from '../../src/ui/hooks/useChat';
import type { ChatServerMessage } from '../../src/shared/chat-protocol';
import { installChatPort } from '../fakes/chat-port';
import { fakeHelpdesk } from '../fakes/fake-adapter';
import { createFakeTabs } from '../fakes/fake-tabs';
import { answer, calls, ScriptedModel, text } from '../fakes/scripted-model';
import { freshRoot, dropRoot } from './root';
import { installI18n, MESSAGES } from '../fakes/i18n';
import { typed } from '../../src/ui/typed';

let root: HTMLElement;
let chat: Chat;
let renders = 0;
function Probe({ tabId }: { tabId: number }) {
  renders++;
  chat = useChat(tabId);
  return null;
}
const mount = (tabId = 1) => act(() => render(<Probe tabId={tabId} />, root));
const settle = (ms = 20) => act(() => new Promise((r) => setTimeout(r, ms)));
/** Settles until `done` holds, for up to 5 s. */
async function until(done: () => boolean): Promise<void> {
  for (const deadline = Date.now() + 5_000; !done(); ) {
    if (Date.now() > deadline) throw new Error('The sidebar did not get there within 5 s.');
    await settle();
  }
}
/** Items without their ids: each side numbers the items it creates itself. */
const shape = (items: ChatItem[]) => items.map(({ id: _id, ...rest }) => rest);

const MODEL = { name: 'deskmate-demo', demo: true, masked: false };
const delta = (text: string): AgentEvent => ({ type: 'text_delta', step: 1, delta: text });
const snapshot = (running: boolean): ChatServerMessage => ({ type: 'chat.snapshot', tabId: 1, key: 'chat:1:http://127.0.0.1:4517 7', home: { site: 'http://127.0.0.1:4517', ticket: '7' }, items: [], running, model: MODEL });
const done: AgentEvent = { type: 'done', reason: 'stop', steps: 1, usage: { promptTokens: 0, completionTokens: 0 } };

beforeEach(() => {
  fakeBrowser.reset();
  root = freshRoot();
});
afterEach(() => {
  dropRoot(root);
});

describe('useChat', () => {
  it('applies the events of its own conversation and ignores those of another', async () => {
    const port = installChatPort();
    await mount();
    expect(port.sent).toEqual([{ type: 'chat.open', tabId: 1 }]);
    const items: ChatItem[] = [{ id: 'u1', kind: 'user', text: 'hi' }];
    port.emit({ type: 'chat.snapshot', tabId: 1, key: 'chat:1:http://127.0.0.1:4517 7', home: { site: 'http://127.0.0.1:4517', ticket: '7' }, items, running: true, model: MODEL });
    port.emit({ type: 'chat.event', key: 'chat:1:8', event: delta('other ticket'), sentAt: 0 });
    await settle();
    expect(chat.items).toEqual(items);
    expect(chat.model).toEqual(MODEL);

    port.emit({ type: 'chat.event', key: 'chat:1:http://127.0.0.1:4517 7', event: delta('Hel'), sentAt: 0 });
    port.emit({ type: 'chat.event', key: 'chat:1:http://127.0.0.1:4517 7', event: delta('lo'), sentAt: 0 });
    await settle();
    expect(shape(chat.items)).toEqual(shape(applyAgentEvent(applyAgentEvent(items, delta('Hel')), delta('lo'))));
    expect(chat.running).toBe(true);

    port.emit({ type: 'chat.event', key: 'chat:1:http://127.0.0.1:4517 7', event: done, sentAt: 0 });
    await settle();
    expect(chat.running).toBe(false);
    expect(chat.items.at(-1)).toMatchObject({ kind: 'assistant', text: 'Hello' });
  });

  it('does not render again for an event that changes nothing it shows (a step starts, a message of tool calls only)', async () => {
    const port = installChatPort();
    await mount();
    const key = 'chat:1:http://127.0.0.1:4517 7';
    port.emit({ type: 'chat.snapshot', tabId: 1, key, home: { site: 'http://127.0.0.1:4517', ticket: '7' }, items: [{ id: 'u1', kind: 'user', text: 'hi' }], running: true, model: MODEL });
    await settle();
    const before = renders;
    const items = chat.items;
    port.emit({ type: 'chat.event', key, event: { type: 'step_start', step: 1 }, sentAt: 0 });
    port.emit({ type: 'chat.event', key, event: { type: 'assistant_message', step: 1, message: { role: 'assistant', content: null, tool_calls: [{ id: 'c1', name: 'ticket__read', arguments: '{}' }] } }, sentAt: 0 });
    port.emit({ type: 'chat.event', key, event: { type: 'step_start', step: 2 }, sentAt: 0 });
    await settle();
    expect(renders).toBe(before);
    expect(chat.items).toBe(items);
    // What it shows still renders at once.
    port.emit({ type: 'chat.event', key, event: { type: 'tool_call_started', step: 2, callId: 'c2', tool: 'kb.search', args: { query: 'refund' }, rawArguments: '{"query":"refund"}' }, sentAt: 0 });
    await settle();
    expect(renders).toBe(before + 1);
    expect(chat.items.at(-1)).toMatchObject({ kind: 'tool', tool: 'kb.search', status: 'running' });
  });

  it('ignores a snapshot of another tab, and opens the conversation again when the page changes', async () => {
    const port = installChatPort();
    await mount();
    port.emit({ type: 'chat.snapshot', tabId: 2, key: 'chat:2:-', home: { site: null, ticket: null }, items: [{ id: 'x', kind: 'user', text: 'not here' }], running: false, model: MODEL });
    await settle();
    expect(chat.items).toEqual([]);
    await act(() => fakeBrowser.runtime.sendMessage({ type: 'view.changed', tabId: 1 }));
    await act(() => fakeBrowser.runtime.sendMessage({ type: 'view.changed', tabId: 2 }));
    expect(port.sent.filter((m) => m.type === 'chat.open')).toEqual([
      { type: 'chat.open', tabId: 1 },
      { type: 'chat.open', tabId: 1 },
    ]);
  });

  it('connects again and opens its conversation as soon as the agent types after the worker stopped', async () => {
    const port = installChatPort();
    await mount();
    port.emit(snapshot(false));
    await settle();
    chat.wake(); // connected: nothing to do
    expect(port.connects()).toBe(1);

    port.stopWorker();
    // Nothing owed to the sidebar: the worker may sleep until the agent does something.
    expect(port.connects()).toBe(1);
    chat.wake();
    chat.wake(); // one reconnect, however many keystrokes
    expect(port.connects()).toBe(2);
    expect(port.sent).toEqual([{ type: 'chat.open', tabId: 1 }, { type: 'chat.open', tabId: 1 }]);

    chat.send('hello');
    expect(port.connects()).toBe(2);
    expect(port.sent.at(-1)).toEqual({ type: 'chat.send', tabId: 1, key: 'chat:1:http://127.0.0.1:4517 7', text: 'hello' });
  });

  it('still reconnects at the send when nothing woke the stopped worker first', async () => {
    const port = installChatPort();
    await mount();
    port.emit(snapshot(false));
    await settle();
    port.stopWorker();
    chat.send('hello');
    expect(port.connects()).toBe(2);
    expect(port.sent).toEqual([{ type: 'chat.open', tabId: 1 }, { type: 'chat.open', tabId: 1 }, { type: 'chat.send', tabId: 1, key: 'chat:1:http://127.0.0.1:4517 7', text: 'hello' }]);
  });

  it('connects again at once and opens its conversation again when the worker stopped before it answered the open', async () => {
    const port = installChatPort();
    await mount();
    port.stopWorker();
    expect(port.connects()).toBe(2);
    expect(port.sent).toEqual([{ type: 'chat.open', tabId: 1 }, { type: 'chat.open', tabId: 1 }]);
    port.emit(snapshot(false));
    await until(() => chat.key !== null);
  });

  it('connects again at once when the worker stopped during a turn, so the sidebar learns how it ended', async () => {
    const port = installChatPort();
    await mount();
    port.emit(snapshot(true));
    await until(() => chat.running);
    port.stopWorker();
    expect(port.connects()).toBe(2);
    expect(port.sent.at(-1)).toEqual({ type: 'chat.open', tabId: 1 });
  });

  it('does not connect again on its own when the worker stopped between turns: nothing is owed, and the next message connects', async () => {
    const port = installChatPort();
    await mount();
    port.emit(snapshot(false));
    await until(() => chat.key !== null);
    port.stopWorker();
    expect(port.connects()).toBe(1);
    chat.wake();
    expect(port.connects()).toBe(2);
  });

  it('stops connecting again on its own after three ports lost in a row with nothing heard (a worker that dies as it starts)', async () => {
    const port = installChatPort();
    await mount();
    for (let i = 0; i < 5; i++) port.stopWorker();
    expect(port.connects()).toBe(4);
    // The agent types: connected again and opened again; once something is heard, a port lost
    // before the conversation came is connected again at once.
    chat.wake();
    expect(port.connects()).toBe(5);
    port.emit({ type: 'chat.event', key: 'chat:1:8', event: delta('another conversation'), sentAt: 0 });
    await settle();
    port.stopWorker();
    expect(port.connects()).toBe(6);
  });

  it('holds the same items as the background after a real turn', async () => {
    const tabs = createFakeTabs();
    const model = new ScriptedModel([
      calls(['c1', 'ticket__read'], ['c2', 'reply__propose', { body: 'Dear Ada, refunded.', subject: 'Re: Refund' }]),
      answer('The customer ', 'wants a **refund**.'),
    ]);
    const { handlers, chat: sessions } = await createServices([fakeHelpdesk], tabs.send, () => model);
    tabs.tabs.set(1, { origin: 'http://127.0.0.1:4517', ticket: '#7' });
    await handlers['page.announce'](
      { type: 'page.announce', adapterId: 'fake-helpdesk', url: 'http://127.0.0.1:4517/tickets/7', ticket: { key: '7', label: '#7' } },
      tabs.senderOf(1),
    );
    installChatPort(sessions);
    await mount();
    await settle();
    chat.send('what does the customer want?');
    for (let i = 0; i < 50 && (chat.running || chat.items.length < 2); i++) await settle(10);

    const stored = await chatStore.get(chat.key!);
    expect(chat.key).toBe('chat:1:http://127.0.0.1:4517 7');
    expect(shape(chat.items)).toEqual(shape(stored!.items));
    expect(chat.items.map((i) => i.kind)).toEqual(['user', 'tool', 'tool', 'draft', 'assistant']);
  });

  it('stops a running answer on New chat and starts empty, in the sidebar and in storage', async () => {
    const tabs = createFakeTabs();
    const model = new ScriptedModel([{ events: [text('Working on')], stall: true }]);
    const { chat: sessions } = await createServices([fakeHelpdesk], tabs.send, () => model);
    installChatPort(sessions);
    await mount();
    await settle();
    chat.send('go');
    // Waited for by what the sidebar shows, not for a fixed time: a loaded machine is slower.
    await until(() => chat.running && chat.items.length > 0);
    chat.newChat();
    await until(() => !chat.running && chat.items.length === 0);
    expect(chat.items).toEqual([]);
    expect(chat.running).toBe(false);
    expect((await chatStore.get(chat.key!))?.items ?? []).toEqual([]);
    chat.reopen();
    await settle();
    expect(chat.items).toEqual([]);
  });
});

describe('useChat, when the tab moved on before its message came', () => {
  const on7 = 'chat:1:http://127.0.0.1:4517 7';
  const on8: ChatServerMessage = { type: 'chat.snapshot', tabId: 1, key: 'chat:1:http://127.0.0.1:4517 8', home: { site: 'http://127.0.0.1:4517', ticket: '8' }, items: [], running: false, model: MODEL };

  it('puts a refused question back in the box of the conversation it was asked in, and says why', async () => {
    installI18n();
    const port = installChatPort();
    await mount();
    port.emit(snapshot(false));
    await settle();
    chat.send('Tell them the refund is approved.');
    expect(port.sent.at(-1)).toMatchObject({ type: 'chat.send', key: on7 });
    // The tab shows ticket 8 by the time the background reads the question.
    port.emit(on8);
    port.emit({ type: 'chat.refused', key: on7, text: 'Tell them the refund is approved.' });
    await settle();
    expect(chat.key).toBe(on8.key);
    expect(chat.running).toBe(false);
    expect(chat.error).toBe(MESSAGES.chat_refused_question!.message);
    expect(typed.shown({ kind: 'question', key: on7 }, '')).toBe('Tell them the refund is approved.');
    expect(typed.shown({ kind: 'question', key: on8.key }, '')).toBe('');
  });

  it('keeps what the agent typed in that box since, after the refused question', async () => {
    installI18n();
    const port = installChatPort();
    await mount();
    port.emit(snapshot(false));
    await settle();
    typed.type({ kind: 'question', key: on7 }, 'And thank them.');
    port.emit({ type: 'chat.refused', key: on7, text: 'Tell them the refund is approved.' });
    await settle();
    expect(typed.shown({ kind: 'question', key: on7 }, '')).toBe('Tell them the refund is approved.\n\nAnd thank them.');
    expect(chat.running).toBe(false);
  });
});
