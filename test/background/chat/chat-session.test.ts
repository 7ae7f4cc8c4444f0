import '../../fakes/scripts'; // runs the lazy scripts and content parts this file's code reaches
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { ModelError } from '../../../src/core';
import { createServices } from '../../../src/background/host';
import type { ChatPort } from '../../../src/background/chat/chat-session';
import type { ChatServerMessage } from '../../../src/shared/chat-protocol';
import { chatReducer, EMPTY_CHAT } from '../../../src/ui/chat-state';
import { fakeHelpdesk } from '../../fakes/fake-adapter';
import { createFakeTabs } from '../../fakes/fake-tabs';
import { answer, call, finish, ScriptedModel, text, type ScriptEntry } from '../../fakes/scripted-model';
import { asSidebarSends } from '../../fakes/shown-key';

const A = 'http://127.0.0.1:4517';

function fakePort() {
  const messages: ChatServerMessage[] = [];
  const port: ChatPort = { postMessage: (m) => void messages.push(m) };
  // What the sidebar shows: every snapshot, patch and event applied in order, as it applies them.
  return { port, messages, last: () => messages.reduce((state, m) => chatReducer(state, structuredClone(m), 1), EMPTY_CHAT) };
}

async function setup(script: ScriptEntry[], tabs = createFakeTabs()) {
  const model = new ScriptedModel(script);
  const built = await createServices([fakeHelpdesk], tabs.send, () => model);
  tabs.tabs.set(1, { origin: A, ticket: '#7' });
  await built.handlers['page.announce'](
    { type: 'page.announce', adapterId: 'fake-helpdesk', url: `${A}/tickets/7`, ticket: { key: '7', label: '#7' } },
    tabs.senderOf(1),
  );
  const client = fakePort();
  /** Sends a chat message and waits for what answers it (see `answered`), not for a fixed time. */
  const say = async (message: { type: string; [field: string]: unknown }) => {
    const from = client.messages.length;
    built.chat.receive(client.port, await asSidebarSends(built.chat, message));
    await vi.waitFor(async () => expect(await answered(message.type, client.messages.slice(from))).toBe(true), { timeout: 5_000, interval: 5 });
  };
  return { ...built, model, tabs, client, say };
}

/** The conversations' stored heads (chat-store.ts), to see whether a turn is stored as running. */
async function storedHeads(): Promise<{ running: boolean; itemsLength: number }[]> {
  const all = await fakeBrowser.storage.session.get(null);
  return Object.entries(all).flatMap(([k, v]) => (k.startsWith('chat:') && !k.includes('#') ? [v as { running: boolean; itemsLength: number }] : []));
}

/**
 * Open and New chat are answered by a snapshot; a turn (send, retry, stop) by its `done` event
 * and its end stored, which a restarted worker reads; anything malformed by an error.
 */
async function answered(type: string, since: ChatServerMessage[]): Promise<boolean> {
  if (since.some((m) => m.type === 'chat.error')) return true;
  if (type === 'chat.open') return since.some((m) => m.type === 'chat.snapshot');
  if (type === 'chat.new') return since.some((m) => m.type === 'chat.snapshot' || m.type === 'chat.patch');
  const done = since.some((m) => m.type === 'chat.event' && m.event.type === 'done');
  return done && !(await storedHeads()).some((h) => h.running);
}

describe('the chat in the background', () => {
  beforeEach(() => fakeBrowser.reset());

  it('offers the model only read tools, runs page tools in the tab, and streams events to the sidebar', async () => {
    const h = await setup([[call(0, 'c1', 'ticket__read'), finish('tool_calls')], answer('The customer ', 'wants a refund.')]);
    await h.say({ type: 'chat.open', tabId: 1 });
    await h.say({ type: 'chat.send', tabId: 1, text: 'what does the customer want?' });
    expect(h.model.requests[0]!.tools.map((t) => t.name).sort()).toEqual(['kb__search', 'reply__propose', 'ticket__read']);
    expect(h.tabs.calls).toEqual([{ tabId: 1, call: { type: 'page.run', tool: 'ticket.read', input: {}, ticketKey: '7', site: A } }]);
    const events = h.client.messages.flatMap((m) => (m.type === 'chat.event' ? [m.event.type] : []));
    expect(events).toContain('text_delta');
    expect(events.at(-1)).toBe('done');
  });

  it('never sends, whatever the model calls', async () => {
    const h = await setup([
      [call(0, 'c1', 'reply__send', { body: 'refund approved' }), call(1, 'c2', 'reply__fill', { body: 'x' }), call(2, 'c3', 'ticket__submit'), finish('tool_calls')],
      answer('Done.'),
    ]);
    await h.say({ type: 'chat.open', tabId: 1 });
    await h.say({ type: 'chat.send', tabId: 1, text: 'send it' });
    expect(h.tabs.calls).toEqual([]);
    expect(h.tabs.delivered).toEqual([]);
    expect(await h.services.registry.pending()).toEqual([]);
  });

  it('keeps the conversation per tab and ticket, and restores it after the worker restarts', async () => {
    const tabs = createFakeTabs();
    const h = await setup([answer('Hello there.')], tabs);
    await h.say({ type: 'chat.open', tabId: 1 });
    await h.say({ type: 'chat.send', tabId: 1, text: 'hi' });
    const again = await setup([answer('Second answer.')], tabs);
    await again.say({ type: 'chat.open', tabId: 1 });
    expect(again.client.last().items.map((i) => i.kind)).toEqual(['user', 'assistant']);
    await again.say({ type: 'chat.send', tabId: 1, text: 'and?' });
    expect(again.model.requests[0]!.messages.filter((m) => m.role !== 'system').map((m) => m.content)).toEqual(['hi', 'Hello there.', 'and?']);
  });

  it('starts a turn from the conversation it keeps, without reading it from storage again', async () => {
    const h = await setup([answer('Hello there.'), answer('Second answer.')]);
    await h.say({ type: 'chat.open', tabId: 1 });
    await h.say({ type: 'chat.send', tabId: 1, text: 'hi' });
    const area = fakeBrowser.storage.session;
    const read = area.get.bind(area);
    const chatReads: unknown[] = [];
    vi.spyOn(area, 'get').mockImplementation(async (keys) => {
      if (JSON.stringify(keys ?? null).includes('chat:')) chatReads.push(keys);
      return read(keys);
    });
    await h.say({ type: 'chat.send', tabId: 1, text: 'and?' });
    await h.say({ type: 'chat.open', tabId: 1 });
    expect(chatReads).toEqual([]);
    expect(h.model.requests[1]!.messages.filter((m) => m.role !== 'system').map((m) => m.content)).toEqual(['hi', 'Hello there.', 'and?']);
    expect(h.client.last().items.map((i) => i.kind)).toEqual(['user', 'assistant', 'user', 'assistant']);
    vi.restoreAllMocks();
  });

  it('never carries what was read on one site into a model request made on another site with the same ticket id', async () => {
    const tabs = createFakeTabs();
    const h = await setup([[call(0, 'c1', 'ticket__read'), finish('tool_calls')], answer('Noted.'), answer('Fresh start.')], tabs);
    await h.say({ type: 'chat.open', tabId: 1 });
    await h.say({ type: 'chat.send', tabId: 1, text: 'SECRET-A: customer of site A asks about invoice 991' });
    // The same tab now shows ticket 7 on another helpdesk.
    const B = 'http://localhost:4517';
    tabs.tabs.set(1, { origin: B, ticket: '#7' });
    await h.handlers['page.announce']({ type: 'page.announce', adapterId: 'fake-helpdesk', url: `${B}/tickets/7`, ticket: { key: '7', label: '#7' } }, tabs.senderOf(1));
    await h.say({ type: 'chat.open', tabId: 1 });
    expect(h.client.last().items).toEqual([]);
    await h.say({ type: 'chat.send', tabId: 1, text: 'what does this customer want?' });
    const onB = JSON.stringify(h.model.requests.at(-1)!.messages);
    expect(onB).toContain('what does this customer want?');
    expect(onB).not.toContain('SECRET-A');
    expect(onB).not.toContain('Noted.');
    expect(onB).not.toContain('ticket__read');
  });

  it('marks a turn cut off by a restart as interrupted, and Retry goes on from the stored history', async () => {
    const tabs = createFakeTabs();
    const h = await setup([{ events: [text('partial')], stall: true }], tabs);
    await h.say({ type: 'chat.open', tabId: 1 });
    h.chat.receive(h.client.port, await asSidebarSends(h.chat, { type: 'chat.send', tabId: 1, text: 'draft a reply' }));
    // The worker dies once the turn is stored as running, mid-answer.
    await vi.waitFor(async () => expect((await storedHeads()).some((x) => x.running && x.itemsLength > 0)).toBe(true), { interval: 5 });
    await vi.waitFor(() => expect(h.client.messages.some((m) => m.type === 'chat.event' && m.event.type === 'text_delta')).toBe(true), { interval: 5 });
    const restarted = await setup([answer('Here is the answer.')], tabs); // the old worker is gone mid-turn
    await restarted.say({ type: 'chat.open', tabId: 1 });
    const items = restarted.client.last().items;
    expect(items.at(-1)).toMatchObject({ kind: 'error', errorKind: 'interrupted', retryable: true });
    await restarted.say({ type: 'chat.retry', tabId: 1 });
    expect(restarted.model.requests[0]!.messages.at(-1)).toEqual({ role: 'user', content: 'draft a reply' });
  });

  it('a worker stopped while the next request streams still has every step before it', async () => {
    const tabs = createFakeTabs();
    const h = await setup([{ events: [call(0, 'c1', 'ticket__read'), finish('tool_calls')], delayMs: 5 }, { events: [text('partial')], stall: true }], tabs);
    await h.say({ type: 'chat.open', tabId: 1 });
    h.chat.receive(h.client.port, await asSidebarSends(h.chat, { type: 'chat.send', tabId: 1, text: 'what does the customer want?' }));
    // Stopped as soon as the second request streams: the step before it was stored on the way.
    await vi.waitFor(() => expect(h.client.messages.some((m) => m.type === 'chat.event' && m.event.type === 'text_delta')).toBe(true), { interval: 1 });
    await new Promise((resolve) => setTimeout(resolve, 0));
    const restarted = await setup([answer('Here is the answer.')], tabs);
    await restarted.say({ type: 'chat.open', tabId: 1 });
    const items = restarted.client.last().items;
    expect(items.find((i) => i.kind === 'tool')).toMatchObject({ tool: 'ticket.read', status: 'ok' });
    expect(items.at(-1)).toMatchObject({ kind: 'error', errorKind: 'interrupted' });
  });

  it('never answers an open with a conversation older than the events it already posted to the port', async () => {
    const h = await setup([answer('Ada wants a refund.')]);
    // The open's read of the stored conversation is slow (a busy worker); a turn starts, runs
    // and ends meanwhile, its events going to the port that the open already follows.
    const area = fakeBrowser.storage.session;
    const read = area.get.bind(area);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let reading!: () => void;
    const openReads = new Promise<void>((resolve) => (reading = resolve));
    let first = true;
    vi.spyOn(area, 'get').mockImplementation(async (keys) => {
      if (!first || typeof keys !== 'string' || !keys.startsWith('chat:')) return read(keys);
      first = false;
      const stale = await read(keys);
      reading();
      await held;
      return stale;
    });
    const opened = h.chat.receive(h.client.port, { type: 'chat.open', tabId: 1 });
    await openReads;
    await h.say({ type: 'chat.send', tabId: 1, text: 'what does the customer want?' });
    release();
    await opened;
    // The sidebar's own reducer over everything the port got, in order: what the agent sees.
    const seen = h.client.messages.reduce((state, m) => chatReducer(state, m, 1), EMPTY_CHAT);
    expect(seen.items.map((i) => i.kind)).toEqual(['user', 'assistant']);
    expect(seen.items.at(-1)).toMatchObject({ kind: 'assistant', text: 'Ada wants a refund.' });
    expect(seen.running).toBe(false);
  });

  it('posts the events between two requests once the next request has left, in order, and all of them before done', async () => {
    const h = await setup([[call(0, 'c1', 'ticket__read'), finish('tool_calls')], [call(0, 'c2', 'kb__search', { query: 'refund' }), finish('tool_calls')], answer('Ada wants ', 'a refund.')]);
    await h.say({ type: 'chat.open', tabId: 1 });
    const events = () => h.client.messages.flatMap((m) => (m.type === 'chat.event' ? [m.event.type] : []));
    // What the sidebar had been sent when each request went out.
    const atRequest: string[][] = [];
    const stream = h.model.stream.bind(h.model);
    h.model.stream = (request) => (atRequest.push(events()), stream(request));
    await h.say({ type: 'chat.send', tabId: 1, text: 'what does the customer want?' });
    // A page tool (ticket.read) and a background one (kb.search): the result of each step was
    // still held when the request after it left (and went out in the task after).
    const count = (type: string) => atRequest.map((seen) => seen.filter((e) => e === type).length);
    expect(count('tool_call_finished')).toEqual([0, 0, 1]);
    expect(count('tool_call_started').map((n, i) => n <= i)).toEqual([true, true, true]);
    // A step's start and a message of tool calls only change nothing the sidebar shows: not posted.
    const step = ['tool_call_started', 'tool_call_finished'];
    expect(events().filter((e) => e !== 'text_delta')).toEqual([...step, ...step, 'assistant_message', 'done']);
    // Applied as sent: the sidebar's reducer over what it got is the stored conversation.
    const seen = h.client.messages.reduce((state, m) => chatReducer(state, m, 1), EMPTY_CHAT);
    await h.say({ type: 'chat.open', tabId: 1 });
    const withoutIds = (items: readonly object[]) => items.map(({ id: _id, ...rest }: { id?: string }) => rest);
    expect(withoutIds(seen.items)).toEqual(withoutIds(h.client.last().items));
    expect(seen.items.filter((i) => i.kind === 'tool').map((i) => (i as { status: string }).status)).toEqual(['ok', 'ok']);
  });

  it('a Summarize answer becomes the summary card, in the snapshot that ends the turn and in the stored conversation', async () => {
    const h = await setup([answer('Wants: a refund. ', 'Next: reply today.')]);
    await h.say({ type: 'chat.open', tabId: 1 });
    await h.say({ type: 'chat.action', tabId: 1, action: 'summarize' });
    await vi.waitFor(() => expect(h.client.last().items.at(-1)).toMatchObject({ kind: 'assistant', card: 'summary' }), { interval: 5 });
    await h.say({ type: 'chat.open', tabId: 1 });
    expect(h.client.last().items.at(-1)).toMatchObject({ kind: 'assistant', text: 'Wants: a refund. Next: reply today.', card: 'summary' });
  });

  it('stops a running answer and keeps the partial text', async () => {
    const h = await setup([{ events: [text('Working on')], stall: true }]);
    await h.say({ type: 'chat.open', tabId: 1 });
    h.chat.receive(h.client.port, await asSidebarSends(h.chat, { type: 'chat.send', tabId: 1, text: 'go' }));
    await vi.waitFor(() => expect(h.client.messages.some((m) => m.type === 'chat.event' && m.event.type === 'text_delta')).toBe(true), { interval: 5 });
    await h.say({ type: 'chat.stop', tabId: 1 });
    await h.say({ type: 'chat.open', tabId: 1 });
    expect(h.client.last().items.at(-1)).toMatchObject({ kind: 'assistant', text: 'Working on', cut: 'aborted' });
    expect(h.client.last().running).toBe(false);
  });

  it('shows a provider error in the chat', async () => {
    const h = await setup([new ModelError('auth', 'The model provider refused the API key (401).', { status: 401 })]);
    await h.say({ type: 'chat.open', tabId: 1 });
    await h.say({ type: 'chat.send', tabId: 1, text: 'hi' });
    await h.say({ type: 'chat.open', tabId: 1 });
    expect(h.client.last().items.at(-1)).toMatchObject({ kind: 'error', errorKind: 'auth', retryable: false });
  });

  it('answers an open while the tab’s next page loads with "waiting", and with that page’s conversation once it is known', async () => {
    const h = await setup([answer('Hello there.')]);
    await h.say({ type: 'chat.open', tabId: 1 });
    await h.say({ type: 'chat.send', tabId: 1, text: 'hi' });
    const on7 = h.client.last().key;
    // The tab reloads: its page is gone, and the next one has not announced itself yet.
    await h.services.pages.drop(1, true);
    const from = h.client.messages.length;
    await h.chat.receive(h.client.port, { type: 'chat.open', tabId: 1 });
    expect(h.client.messages.slice(from)).toEqual([{ type: 'chat.waiting', tabId: 1 }]);
    // What the sidebar shows is still ticket 7's conversation.
    expect(h.client.last()).toMatchObject({ key: on7, waiting: true });
    // A question that crossed the reload waits for the page as well.
    await h.chat.receive(h.client.port, { type: 'chat.send', tabId: 1, key: on7, text: 'and?' });
    expect(h.client.messages.at(-1)).toEqual({ type: 'chat.refused', key: on7, text: 'and?', loading: true });
    expect(h.client.last()).toMatchObject({ key: on7, waiting: true, held: { key: on7, seq: 1 } });
    expect(h.model.requests).toHaveLength(1);
    expect(h.client.last().items.map((i) => i.kind)).toEqual(['user', 'assistant']);
    await h.handlers['page.announce']({ type: 'page.announce', adapterId: 'fake-helpdesk', url: `${A}/tickets/7`, ticket: { key: '7', label: '#7' } }, h.tabs.senderOf(1));
    expect(h.services.pages.loading(1)).toBe(false);
    await h.say({ type: 'chat.open', tabId: 1 });
    expect(h.client.last().key).toBe(on7);
    expect(h.client.last().waiting).toBeFalsy();
    // A load that ends with no page announced ends the wait as well: the tab's own conversation.
    await h.services.pages.drop(1, true);
    expect(h.services.pages.loaded(1)).toBe(true);
    expect(h.services.pages.loading(1)).toBe(false);
    expect(h.services.pages.loaded(1)).toBe(false);
  });

  it('starts over on New chat, and answers a malformed message with an error', async () => {
    const h = await setup([answer('One.')]);
    await h.say({ type: 'chat.open', tabId: 1 });
    await h.say({ type: 'chat.send', tabId: 1, text: 'hi' });
    await h.say({ type: 'chat.new', tabId: 1 });
    expect(h.client.last().items).toEqual([]);
    await h.say({ type: 'chat.send', tabId: 'x' });
    expect(h.client.messages.at(-1)).toMatchObject({ type: 'chat.error' });
  });

  it("tells the model the agent's language, the one the sidebar speaks, and to reply to the customer in the ticket's", async () => {
    // As headless Chromium started with --lang=zh-CN answers: Chinese messages, an en-US UI language.
    fakeBrowser.i18n.getMessage = ((key: string) => (key === 'lang_tag' ? 'zh-CN' : '')) as typeof fakeBrowser.i18n.getMessage;
    fakeBrowser.i18n.getUILanguage = () => 'en-US';
    const h = await setup([answer('客户想要退款。')]);
    await h.say({ type: 'chat.open', tabId: 1 });
    await h.say({ type: 'chat.send', tabId: 1, text: '客户想要什么？' });
    const system = h.model.requests[0]!.messages.find((m) => m.role === 'system')!;
    expect(system.content).toMatch(/Answer the agent briefly, in the agent's language, Chinese \(China\) \[zh-CN\]/);
    expect(system.content).toMatch(/replies for the customer in the customer's language, the one the ticket is written in/);
  });

  it('names the browser UI language when Deskmate has no messages in it', async () => {
    fakeBrowser.i18n.getMessage = ((key: string) => (key === 'lang_tag' ? 'en' : '')) as typeof fakeBrowser.i18n.getMessage;
    fakeBrowser.i18n.getUILanguage = () => 'fr-FR';
    const h = await setup([answer('Le client veut un remboursement.')]);
    await h.say({ type: 'chat.open', tabId: 1 });
    await h.say({ type: 'chat.send', tabId: 1, text: 'que veut le client ?' });
    expect(h.model.requests[0]!.messages.find((m) => m.role === 'system')!.content).toMatch(/in the agent's language, French \(France\) \[fr-FR\]/);
  });
});
