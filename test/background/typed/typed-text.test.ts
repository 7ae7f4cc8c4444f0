import '../../fakes/scripts'; // runs the lazy scripts and content parts this file's code reaches
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import type { ChatPort } from '../../../src/background/chat/chat-session';
import { createServices } from '../../../src/background/host';
import { instructionsStore, ticketId } from '../../../src/background/chat/instructions-store';
import { route, type Sender } from '../../../src/background/router';
import { tabPrefix } from '../../../src/background/chat/chat-store';
import { createTypedText } from '../../../src/background/typed/typed-text';
import type { ChatServerMessage } from '../../../src/shared/chat-protocol';
import { fakeHelpdesk } from '../../fakes/fake-adapter';
import { createFakeTabs } from '../../fakes/fake-tabs';
import { answer, ScriptedModel } from '../../fakes/scripted-model';
import { shownKey } from '../../fakes/shown-key';

const A = 'http://127.0.0.1:4517';
const sidebar: Sender = { kind: 'extension', url: 'chrome-extension://x/sidepanel.html' };
const CONTEXT = 'The customer is on the premium plan.';

async function setup() {
  const tabs = createFakeTabs();
  const model = new ScriptedModel([answer('Noted.'), answer('Noted again.')]);
  const built = await createServices([fakeHelpdesk], tabs.send, () => model);
  tabs.tabs.set(1, { origin: A, ticket: '#7' });
  await built.handlers['page.announce']({ type: 'page.announce', adapterId: 'fake-helpdesk', url: `${A}/tickets/7`, ticket: { key: '7', label: '#7' } }, tabs.senderOf(1));
  const messages: ChatServerMessage[] = [];
  const port: ChatPort = { postMessage: (m) => void messages.push(structuredClone(m)) };
  /** Hands a message to the background as the port delivers it: in order, without waiting for the one before. */
  const deliver = (message: unknown) => built.chat.receive(port, message);
  const as = (m: { type: string } & Record<string, unknown>) => route(m, sidebar, built.handlers) as Promise<{ ok: boolean; value: any }>;
  return { ...built, model, tabs, messages, deliver, as };
}

describe('the order of typed text', () => {
  it('applies saves one after another, and settles only once every save received before is applied', async () => {
    const steps: string[] = [];
    const holds: (() => void)[] = [];
    const typed = createTypedText(async (_field, text) => {
      steps.push(`start ${text}`);
      await new Promise<void>((done) => holds.push(done));
      steps.push(`end ${text}`);
      return { ok: true };
    });
    const answers: unknown[] = [];
    const port = { postMessage: (m: unknown) => void answers.push(m) };
    const first = typed.receive(port, { type: 'typed.save', seq: 1, field: { kind: 'agentName' }, text: 'a' });
    const second = typed.receive(port, { type: 'typed.save', seq: 2, field: { kind: 'agentName' }, text: 'b' });
    const settled = typed.settled().then(() => steps.push('settled'));
    await vi.waitFor(() => expect(holds).toHaveLength(1));
    expect(steps).toEqual(['start a']);
    holds[0]!();
    await vi.waitFor(() => expect(holds).toHaveLength(2));
    holds[1]!();
    await Promise.all([first, second, settled]);
    expect(steps).toEqual(['start a', 'end a', 'start b', 'end b', 'settled']);
    expect(answers).toEqual([
      { type: 'typed.saved', seq: 1, ok: true },
      { type: 'typed.saved', seq: 2, ok: true },
    ]);
  });
});

describe('typed text at the background', () => {
  beforeEach(() => fakeBrowser.reset());

  it('applies a save before the message that came after it on the port, with no wait between them', async () => {
    const h = await setup();
    await h.deliver({ type: 'chat.open', tabId: 1 });
    const key = await shownKey(h.chat, 1);
    // Both delivered at once: the quick action does not wait for the save's answer.
    const saved = h.deliver({ type: 'typed.save', seq: 1, field: { kind: 'ticketContext', site: A, ticketKey: '7' }, text: CONTEXT });
    const turn = h.deliver({ type: 'chat.action', tabId: 1, key, action: 'summarize' });
    await Promise.all([saved, turn]);
    expect(h.model.requests[0]!.messages[0]!.content).toContain(CONTEXT);
  });

  it('answers a save on its port only once the text is stored', async () => {
    const h = await setup();
    const saved = h.deliver({ type: 'typed.save', seq: 7, field: { kind: 'ticketContext', site: A, ticketKey: '7' }, text: CONTEXT });
    expect(h.messages).toEqual([]);
    await saved;
    expect(h.messages).toEqual([{ type: 'typed.saved', seq: 7, ok: true }]);
    expect(await instructionsStore.ticket(ticketId(A, '7'))).toBe(CONTEXT);
  });

  it('keeps context for the ticket it was typed for, though the tab has moved on meanwhile', async () => {
    const h = await setup();
    h.tabs.tabs.set(1, { origin: A, ticket: '#8' });
    await h.handlers['page.announce']({ type: 'page.announce', adapterId: 'fake-helpdesk', url: `${A}/tickets/8`, ticket: { key: '8', label: '#8' } }, h.tabs.senderOf(1));
    await h.deliver({ type: 'typed.save', seq: 1, field: { kind: 'ticketContext', site: A, ticketKey: '7' }, text: CONTEXT });
    expect(await instructionsStore.ticket(ticketId(A, '7'))).toBe(CONTEXT);
    expect(await instructionsStore.ticket(ticketId(A, '8'))).toBe('');
  });

  it('answers a malformed save by its number, refused, so the page never waits for it', async () => {
    const h = await setup();
    await h.deliver({ type: 'typed.save', seq: 3, field: { kind: 'draft', tabId: 1 }, text: 'x' });
    await h.deliver({ type: 'typed.save', seq: 4, field: { kind: 'ticketContext', site: 'javascript:alert(1)', ticketKey: '7' }, text: 'x' });
    await h.deliver({ type: 'typed.save', seq: 5, field: { kind: 'ticketContext', site: A, ticketKey: '7' }, text: 'x'.repeat(2_001) });
    expect(h.messages.map((m) => m.type === 'typed.saved' && [m.seq, m.ok])).toEqual([
      [3, false],
      [4, false],
      [5, false],
    ]);
    expect(await instructionsStore.ticket(ticketId(A, '7'))).toBe('');
  });

  it('keeps a question not sent for its conversation, and forgets it with the tab', async () => {
    const h = await setup();
    const key = `${tabPrefix(1)}${A} 7`;
    await h.deliver({ type: 'typed.save', seq: 1, field: { kind: 'question', key }, text: 'Which plan is she on?' });
    expect((await h.as({ type: 'typed.unsent', field: { kind: 'question', key } })).value).toEqual({ text: 'Which plan is she on?' });
    await h.chat.closeTab(1);
    expect((await h.as({ type: 'typed.unsent', field: { kind: 'question', key } })).value).toEqual({ text: '' });
  });

  it('answers a read of typed text after the saves that came before it: a sidebar opened as another closes finds its words', async () => {
    const h = await setup();
    const key = `${tabPrefix(1)}${A} 7`;
    // The closing sidebar's last save, still being applied, and the new sidebar's reads, sent at once.
    const saved = h.deliver({ type: 'typed.save', seq: 1, field: { kind: 'tabQuestion', tabId: 1 }, text: 'Which plan is she on?' });
    const context = h.deliver({ type: 'typed.save', seq: 2, field: { kind: 'ticketContext', site: A, ticketKey: '7' }, text: CONTEXT });
    const reads = await Promise.all([h.as({ type: 'typed.unsent', field: { kind: 'question', key } }), h.as({ type: 'ticketContext.get', tabId: 1 })]);
    expect(reads.map((r) => r.value)).toEqual([{ text: 'Which plan is she on?' }, { available: true, text: CONTEXT }]);
    await Promise.all([saved, context]);
  });

  it('sets the agent’s name of the saved replies without touching the replies', async () => {
    const h = await setup();
    await h.as({ type: 'savedReplies.save', data: { version: 1, agentName: 'Sam', replies: [{ id: 'x', title: 'Hello', body: 'Hi {{customer.first_name}}' }] } });
    await h.deliver({ type: 'typed.save', seq: 1, field: { kind: 'agentName' }, text: 'Samira' });
    expect((await h.as({ type: 'savedReplies.get' })).value).toEqual({ agentName: 'Samira', replies: [{ id: 'x', title: 'Hello', body: 'Hi {{customer.first_name}}' }] });
  });

  it('answers a read of the saved replies after a save of the agent’s name that came before it', async () => {
    const h = await setup();
    const saved = h.deliver({ type: 'typed.save', seq: 1, field: { kind: 'agentName' }, text: 'Samira' });
    expect((await h.as({ type: 'savedReplies.get' })).value.agentName).toBe('Samira');
    await saved;
  });
});
