import '../fakes/scripts'; // runs the lazy scripts and content parts this file's code reaches
import { Window } from 'happy-dom';
import { beforeEach, describe, expect } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { createServices } from '../../src/background/host';
import { createRecipeStore, type KeyValue } from '../../src/background/recipes/recipe-store';
import { classifySender, route, type Sender } from '../../src/background/router';
import { createOpenAIModel } from '../../src/background/model/openai-model';
import { createPicker } from '../../src/content/teach-picker';
import { ADAPTER_INFOS } from '../../src/sites/catalog';
import type { TeachChoices } from '../../src/shared/teach';
import { createFakeTabs } from '../fakes/fake-tabs';
import { attack } from './attack';

/**
 * Teach mode from the hostile helpdesk page's side: the page is under the picker while the agent
 * teaches, and it controls its own address, its elements and the events it dispatches. It must
 * not pick for the agent, reach the picker, or make the taught recipe post to another site.
 */
const A = 'http://127.0.0.1:4517';
const ID = 'abcdefghijklmnopabcdefghijklmnop';
const BASE = `chrome-extension://${ID}/`;
const sidebar: Sender = { kind: 'extension', url: `${BASE}sidepanel.html` };

// The markup names the roles (data-author-type), so the roles step has its answer from the first.
const CHOICES: Required<Omit<TeachChoices, 'role'>> = {
  message: { messages: 'div.msg-card', count: 4, customers: 1, subject: 'h1.ticket-title', requesterEmail: 'span.requester-mail', role: { attribute: 'data-author-type', customer: { values: ['end_user'] }, otherwise: 'agent' } },
  body: { selector: 'div.msg-body', count: 4, of: 4, sample: ['x'] },
  author: { selector: 'span.msg-author', count: 4, of: 4, sample: ['Ines'] },
  editor: { editor: 'div.editor-area', kind: 'contenteditable' },
  send: { submit: 'button[data-action="post-reply"]', label: 'Send reply', afterPost: 'reload' },
};

async function setup() {
  const memory = new Map<string, unknown>();
  const kv: KeyValue = { get: async (k) => structuredClone(memory.get(k)), set: async (k, v) => void memory.set(k, structuredClone(v)) };
  const tabs = createFakeTabs();
  const { handlers } = await createServices(ADAPTER_INFOS, tabs.send, createOpenAIModel, createRecipeStore(kv));
  tabs.tabs.set(1, { origin: A, ticket: '#6' });
  const content = (path: string) => classifySender({ id: ID, url: `${A}${path}`, tab: { id: 1 } as never, frameId: 0 }, ID, BASE)!;
  await handlers['page.announce']({ type: 'page.announce', adapterId: 'generic', url: `${A}/cards/tickets/6`, ticket: null }, content('/cards/tickets/6'));
  const send = (message: Record<string, unknown>, sender: Sender) => route(message, sender, handlers) as Promise<{ ok: boolean; value?: any }>;
  return { handlers, content, send };
}

describe('teach mode, from the page under the picker', () => {
  beforeEach(() => fakeBrowser.reset());

  attack("a page at an address beginning '//other.site' gets no taught reply page on that site", async () => {
    const t = await setup();
    await t.send({ type: 'teach.start', tabId: 1 }, sidebar);
    for (const step of ['message', 'body', 'author'] as const) await t.send({ type: 'teach.pick', step, choice: CHOICES[step] }, t.content('/cards/tickets/6'));
    // The helpdesk serves its reply form at http://127.0.0.1:4517//evil.test/cards/tickets/6/reply (same origin, odd path):
    // learned as it is, '//evil.test/cards/tickets/{key}/reply' resolves to http://evil.test/…
    for (const path of ['//evil.test/cards/tickets/6/reply', '/\\evil.test/cards/tickets/6/reply']) {
      const picked = await t.send({ type: 'teach.pick', step: 'editor', choice: CHOICES.editor }, t.content(path));
      if (picked.value?.ok) await t.send({ type: 'teach.pick', step: 'send', choice: CHOICES.send }, t.content(path));
      await t.send({ type: 'teach.save', tabId: 1 }, sidebar);
      const recipes = (await t.handlers['recipes.list']({ type: 'recipes.list' }, sidebar)) as { reply?: { page?: string } }[];
      for (const r of recipes) expect(r.reply?.page === undefined || new URL(r.reply.page.replace('{key}', '6'), A).origin === A, JSON.stringify(r.reply)).toBe(true);
    }
  });

  attack('the page’s own synthetic clicks are never taken for the agent’s picks', () => {
    const window = new Window({ url: `${A}/cards/tickets/6` });
    const doc = window.document as unknown as Document;
    doc.write('<div class="msg-card"><div class="msg-body">Hello</div></div><button id="fake">Send</button>');
    const fake = doc.getElementById('fake')!;
    // What the pointer is over, as the browser would say: the page's fake control.
    doc.elementFromPoint = () => fake;
    const picks: Element[] = [];
    const picker = createPicker(doc, { onPick: (el) => picks.push(el), onCancel: () => undefined, cancelLabel: 'Cancel' });
    const MouseEvent = window.MouseEvent as unknown as typeof globalThis.MouseEvent;
    for (const type of ['mousedown', 'mouseup', 'click']) fake.dispatchEvent(new MouseEvent(type, { bubbles: true, cancelable: true, clientX: 400, clientY: 300, button: 0 }));
    (doc.defaultView as unknown as globalThis.Window).dispatchEvent(new MouseEvent('click', { bubbles: true, clientX: 400, clientY: 300, button: 0 }));
    expect(picks).toEqual([]);
    picker.stop();
  });

  attack('the page can neither read nor restyle the picker', () => {
    const window = new Window({ url: `${A}/cards/tickets/6` });
    const doc = window.document as unknown as Document;
    const picker = createPicker(doc, { onPick: () => undefined, onCancel: () => undefined, cancelLabel: 'Cancel' });
    picker.instruct('Click one message of the thread.');
    const host = doc.querySelector('[data-deskmate-picker]')!;
    expect(host.shadowRoot).toBeNull();
    expect(doc.body.textContent).not.toContain('Click one message');
    picker.stop();
    expect(doc.querySelector('[data-deskmate-picker]')).toBeNull();
  });
});
