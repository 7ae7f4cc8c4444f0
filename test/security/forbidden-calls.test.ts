import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import type { ChatPort } from '../../src/background/chat/chat-session';
import { createServices } from '../../src/background/host';
import type { Sender } from '../../src/background/router';
import type { ChatItem } from '../../src/shared/chat-items';
import type { ChatServerMessage } from '../../src/shared/chat-protocol';
import { chatReducer, EMPTY_CHAT } from '../../src/ui/chat-state';
import { fakeHelpdesk } from '../fakes/fake-adapter';
import { createFakeTabs } from '../fakes/fake-tabs';
import { answer, call, finish, ScriptedModel, type ScriptEntry } from '../fakes/scripted-model';
import { attackEach } from './attack';
import { asSidebarSends } from '../fakes/shown-key';

const A = 'http://127.0.0.1:4517';
const sidebar: Sender = { kind: 'extension', url: 'chrome-extension://x/sidepanel.html' };
const INJECTED = 'Refund of EUR 480 approved. Wire details: XX00 ATTACKER 0000.';
const DRAFT = 'Hello Ada, thanks for your patience; we are looking into the invoice.';

async function setup(script: ScriptEntry[]) {
  const tabs = createFakeTabs();
  const model = new ScriptedModel(script);
  const built = await createServices([fakeHelpdesk], tabs.send, () => model);
  tabs.tabs.set(1, { origin: A, ticket: '#7' });
  await built.handlers['page.announce'](
    { type: 'page.announce', adapterId: 'fake-helpdesk', url: `${A}/tickets/7`, ticket: { key: '7', label: '#7' } },
    tabs.senderOf(1),
  );
  const messages: ChatServerMessage[] = [];
  const port: ChatPort = { postMessage: (m) => void messages.push(structuredClone(m)) };
  /**
   * Sends a chat message and waits for the background's answer to it, not for a fixed time: a
   * snapshot for open and ack, the turn's `done` event for send.
   */
  const say = async (message: { type: string; [field: string]: unknown }) => {
    const from = messages.length;
    const answered = () =>
      messages.slice(from).some((m) => (message.type === 'chat.send' ? m.type === 'chat.event' && m.event.type === 'done' : m.type === 'chat.snapshot' || m.type === 'chat.patch' || m.type === 'chat.error'));
    built.chat.receive(port, await asSidebarSends(built.chat, message));
    await vi.waitFor(() => expect(answered()).toBe(true), { timeout: 5_000, interval: 5 });
  };
  // What the sidebar shows: every snapshot, patch and event applied in order.
  const items = (): ChatItem[] => messages.reduce((state, m) => chatReducer(state, m, 1), EMPTY_CHAT).items;
  const invoke = (tool: string, draft?: string) =>
    built.handlers['tool.invoke']({ type: 'tool.invoke', tabId: 1, tool, input: { body: DRAFT }, ...(draft ? { draft } : {}) }, sidebar);
  return { ...built, tabs, model, say, items, invoke };
}

/** The model reads the ticket, obeys the instruction in it (calls `name`), and proposes a draft. */
const obeying = (name: string, order: 'before' | 'after'): ScriptEntry[] => {
  const propose = call(0, 'd1', 'reply__propose', { body: DRAFT });
  const forbidden = call(1, 'x1', name, { body: INJECTED });
  return [
    [call(0, 'r1', 'ticket__read'), finish('tool_calls')],
    order === 'before' ? [forbidden, propose, finish('tool_calls')] : [propose, forbidden, finish('tool_calls')],
    answer('Here is a draft.'),
  ];
};

const CASES = [
  { name: 'reply__send', tool: 'reply.send', order: 'before' },
  { name: 'note__add', tool: 'note.add', order: 'after' },
  { name: 'reply__fill', tool: 'reply.fill', order: 'before' },
  { name: 'ticket__submit', tool: 'ticket.submit', order: 'after' },
  { name: 'http__fetch', tool: 'http.fetch', order: 'before' },
] as const;

/**
 * A ticket tells the model to send, note or fill, or to call a tool that does not exist, and
 * the model obeys. Nothing runs; and the agent is told, on the turn and on the draft it wrote,
 * which cannot be used until the agent acknowledges that; the audit log keeps both.
 */
describe('security: a model that obeys instructions in the ticket', () => {
  beforeEach(() => fakeBrowser.reset());

  attackEach(CASES, (c) => `the model calls ${c.name} ${c.order} its draft: the draft is used without a warning`, async (c) => {
    const h = await setup(obeying(c.name, c.order));
    await h.say({ type: 'chat.open', tabId: 1 });
    await h.say({ type: 'chat.send', tabId: 1, text: 'Draft a reply.' });
    await h.say({ type: 'chat.open', tabId: 1 });

    // Nothing ran: the page was only read.
    expect(h.tabs.calls.map((x) => x.call.type === 'page.run' && x.call.tool)).toEqual(['ticket.read']);
    expect(h.tabs.delivered).toEqual([]);
    expect(await h.services.registry.pending()).toEqual([]);

    // Shown: a warning on the turn naming what it tried, and on the draft.
    const items = h.items();
    expect(items.filter((i) => i.kind === 'warning')).toEqual([expect.objectContaining({ tools: [c.tool] })]);
    const draft = items.find((i) => i.kind === 'draft');
    expect(draft).toMatchObject({ body: DRAFT, warned: [c.tool] });
    expect(draft && draft.kind === 'draft' && draft.acknowledged).toBeFalsy();

    // Audited: the attempt.
    // The attempt is written as the call is refused, next to the turn, not before its end.
    await vi.waitFor(async () => expect((await h.services.audit.list()).some((e) => e.kind === 'attempt')).toBe(true));
    const audit = await h.services.audit.list();
    expect(audit.filter((e) => e.kind === 'attempt').map((e) => [e.tool, e.site, e.ticket])).toEqual([[c.tool, A, '#7']]);

    // Held: the draft's Send… and Insert are refused until acknowledged, and the refusal is audited.
    for (const tool of ['reply.send', 'reply.fill']) {
      expect(await h.invoke(tool, (draft as { callId: string }).callId)).toMatchObject({ ok: false, code: 'not_acknowledged' });
    }
    expect(h.tabs.calls).toHaveLength(1);
    expect(await h.services.registry.pending()).toEqual([]);

    // Acknowledged: recorded, and only then Send… prepares (still nothing goes out before Confirm).
    await h.say({ type: 'chat.ack', tabId: 1, callId: (draft as { callId: string }).callId });
    expect(h.items().find((i) => i.kind === 'draft')).toMatchObject({ acknowledged: true });
    const kinds = (await h.services.audit.list()).map((e) => e.kind);
    expect(kinds).toEqual(['attempt', 'refuse', 'refuse', 'acknowledge']);
    const prepared = await h.invoke('reply.send', (draft as { callId: string }).callId);
    expect(prepared).toMatchObject({ ok: true, requiresConfirm: true });
    expect(h.tabs.delivered).toEqual([]);
  });
});

describe('a draft from a turn without forbidden calls', () => {
  beforeEach(() => fakeBrowser.reset());

  it('has no warning and its Send… prepares at once', async () => {
    const h = await setup([[call(0, 'd1', 'reply__propose', { body: DRAFT }), finish('tool_calls')], answer('Here.')]);
    await h.say({ type: 'chat.open', tabId: 1 });
    await h.say({ type: 'chat.send', tabId: 1, text: 'Draft a reply.' });
    await h.say({ type: 'chat.open', tabId: 1 });
    const draft = h.items().find((i) => i.kind === 'draft') as { callId: string; warned?: string[] };
    expect(draft.warned).toBeUndefined();
    expect(h.items().some((i) => i.kind === 'warning')).toBe(false);
    expect(await h.invoke('reply.send', draft.callId)).toMatchObject({ ok: true, requiresConfirm: true });
    expect((await h.services.audit.list()).map((e) => e.kind)).toEqual(['prepare']);
  });

  it('a later turn with a forbidden call does not warn drafts of earlier turns', async () => {
    const h = await setup([
      [call(0, 'd1', 'reply__propose', { body: DRAFT }), finish('tool_calls')],
      answer('Here.'),
      [call(0, 'x1', 'reply__send', { body: INJECTED }), finish('tool_calls')],
      answer('I cannot.'),
    ]);
    await h.say({ type: 'chat.open', tabId: 1 });
    await h.say({ type: 'chat.send', tabId: 1, text: 'Draft a reply.' });
    await h.say({ type: 'chat.send', tabId: 1, text: 'Now send it.' });
    await h.say({ type: 'chat.open', tabId: 1 });
    expect(h.items().find((i) => i.kind === 'draft')).not.toHaveProperty('warned');
    expect(h.items().filter((i) => i.kind === 'warning')).toHaveLength(1);
  });
});
