import { Window } from 'happy-dom';
import { afterAll, beforeEach, describe, expect } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import type { ChatPort } from '../../src/background/chat/chat-session';
import { createServices } from '../../src/background/host';
import type { Sender } from '../../src/background/router';
import type { ChatServerMessage } from '../../src/shared/chat-protocol';
import { elementText } from '../../src/sites/dom/dom-text';
import { fakeHelpdesk } from '../fakes/fake-adapter';
import { createFakeTabs } from '../fakes/fake-tabs';
import { answer, call, finish, ScriptedModel, type ScriptEntry } from '../fakes/scripted-model';
import { attack } from './attack';
import { asSidebarSends } from '../fakes/shown-key';

const A = 'http://127.0.0.1:4517';
const sidebar: Sender = { kind: 'extension', url: 'chrome-extension://x/sidepanel.html' };
const window = new Window();
const doc = window.document as unknown as Document;
afterAll(() => window.happyDOM.close());

/** An element nested `depth` deep (as only a page script can build it), with text at the bottom. */
function nested(depth: number, tags: string[]): Element {
  const top = doc.createElement('div');
  let el: Element = top;
  for (let i = 0; i < depth; i++) {
    const child = doc.createElement(tags[i % tags.length]!);
    if (child.localName === 'a') child.setAttribute('href', `https://shop.example/${i}`);
    el.append(child);
    el = child;
  }
  el.append(doc.createTextNode('the customer asks for a refund'));
  return top;
}

async function chat(script: ScriptEntry[]) {
  const tabs = createFakeTabs();
  const model = new ScriptedModel(script);
  const built = await createServices([fakeHelpdesk], tabs.send, () => model);
  tabs.tabs.set(1, { origin: A, ticket: '#7' });
  await built.handlers['page.announce']({ type: 'page.announce', adapterId: 'fake-helpdesk', url: `${A}/tickets/7`, ticket: { key: '7', label: '#7' } }, tabs.senderOf(1));
  const messages: ChatServerMessage[] = [];
  const port: ChatPort = { postMessage: (m) => void messages.push(m) };
  const say = async (m: unknown) => {
    built.chat.receive(port, await asSidebarSends(built.chat, m));
    await new Promise((r) => setTimeout(r, 50));
  };
  return { ...built, tabs, model, messages, say };
}

/** Inputs far beyond what a person would send: each is bounded, and nothing is written or sent. */
describe('security: huge inputs', () => {
  beforeEach(() => fakeBrowser.reset());

  attack('a ticket body nested 20,000 elements deep stops ticket.read (stack overflow)', () => {
    expect(elementText(nested(20_000, ['div', 'span']))).toBe('the customer asks for a refund');
  }, 20_000);

  attack('lists and links nested 10,000 deep', () => {
    expect(elementText(nested(10_000, ['ul', 'li', 'a', 'blockquote']))).toContain('the customer asks for a refund');
  }, 20_000);

  attack('a chat message of 2 MB', async () => {
    const h = await chat([answer('never asked')]);
    await h.say({ type: 'chat.open', tabId: 1 });
    await h.say({ type: 'chat.send', tabId: 1, text: 'x'.repeat(2_000_000) });
    expect(h.messages.some((m) => m.type === 'chat.error')).toBe(true);
    expect(h.model.requests).toEqual([]);
  });

  attack('a draft of 2 MB from the model', async () => {
    const h = await chat([[call(0, 'd', 'reply__propose', { body: 'y'.repeat(2_000_000) }), finish('tool_calls')], answer('done')]);
    await h.say({ type: 'chat.open', tabId: 1 });
    await h.say({ type: 'chat.send', tabId: 1, text: 'draft' });
    await h.say({ type: 'chat.open', tabId: 1 });
    const snapshot = h.messages.filter((m) => m.type === 'chat.snapshot').at(-1);
    expect(snapshot?.type === 'chat.snapshot' && snapshot.items.some((i) => i.kind === 'draft')).toBe(false);
    // Refused as invalid input; the answer that went back to the model is bounded.
    const results = (h.model.requests.at(-1)?.messages ?? []).filter((m) => m.role === 'tool');
    expect(results).toHaveLength(1);
    expect(JSON.stringify(results).length).toBeLessThan(2_000);
    expect(JSON.stringify(results)).toMatch(/invalid_input/);
  });

  attack('300 tool calls in one step, most of them sends', async () => {
    const calls = Array.from({ length: 300 }, (_, i) => call(i, `c${i}`, i % 3 ? 'reply__send' : 'ticket__read', { body: 'approved' }));
    const h = await chat([[...calls, finish('tool_calls')], answer('done')]);
    await h.say({ type: 'chat.open', tabId: 1 });
    await h.say({ type: 'chat.send', tabId: 1, text: 'go' });
    await new Promise((r) => setTimeout(r, 500));
    // At most the per-step cap of reads reached the page; no send ran or was prepared.
    expect(h.tabs.calls.length).toBeLessThanOrEqual(8);
    expect(h.tabs.calls.every((c) => c.call.type === 'page.run' && c.call.tool === 'ticket.read')).toBe(true);
    expect(await h.services.registry.pending()).toEqual([]);
  }, 30_000);

  attack('a tool-call name of 1 MB', async () => {
    const h = await chat([[call(0, 'c', `reply__send${'_x'.repeat(500_000)}`, {}), finish('tool_calls')], answer('done')]);
    await h.say({ type: 'chat.open', tabId: 1 });
    await h.say({ type: 'chat.send', tabId: 1, text: 'go' });
    expect(h.tabs.calls).toEqual([]);
    const audit = await h.handlers['audit.list']({ type: 'audit.list' }, sidebar);
    expect(audit.every((e) => e.tool.length <= 64)).toBe(true);
  });
});
