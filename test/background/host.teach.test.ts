import '../fakes/scripts'; // runs the lazy scripts and content parts this file's code reaches
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { createServices } from '../../src/background/host';
import { createRecipeStore, type KeyValue } from '../../src/background/recipes/recipe-store';
import { classifySender, route, type Sender } from '../../src/background/router';
import { ADAPTER_INFOS } from '../../src/sites/catalog';
import { createOpenAIModel } from '../../src/background/model/openai-model';
import type { TeachChoices } from '../../src/shared/teach';
import { createFakeTabs } from '../fakes/fake-tabs';
import { attack, attackEach } from '../security/attack';

const A = 'http://127.0.0.1:4517';
const B = 'http://localhost:8080';
const ID = 'abcdefghijklmnopabcdefghijklmnop';
const BASE = `chrome-extension://${ID}/`;
const extensionPage: Sender = { kind: 'extension', url: `${BASE}sidepanel.html` };

const memory = (): KeyValue => {
  const items = new Map<string, unknown>();
  return { get: async (k) => structuredClone(items.get(k)), set: async (k, v) => void items.set(k, structuredClone(v)) };
};

/** What the picker reports for the cards helpdesk (test/sites/teach/teach.choices.test.ts makes these from clicks). */
// The markup names the roles (data-author-type), so the roles step has its answer from the first.
const CHOICES: Required<Omit<TeachChoices, 'role'>> = {
  message: { messages: 'div.msg-card', count: 4, customers: 1, subject: 'h1.ticket-title', requesterEmail: 'span.requester-mail', role: { attribute: 'data-author-type', customer: { values: ['end_user'] }, otherwise: 'agent' } },
  body: { selector: 'div.msg-body', count: 4, of: 4, sample: ['x'] },
  author: { selector: 'span.msg-author', count: 4, of: 4, sample: ['Ines'] },
  editor: { editor: 'div.editor-area', kind: 'contenteditable' },
  send: { submit: 'button[data-action="post-reply"]', label: 'Send reply', afterPost: 'reload' },
};

async function setup() {
  const tabs = createFakeTabs();
  const { services, handlers } = await createServices(ADAPTER_INFOS, tabs.send, createOpenAIModel, createRecipeStore(memory()));
  tabs.tabs.set(1, { origin: A, ticket: '#6' });
  tabs.tabs.set(2, { origin: B, ticket: '#6' });
  // The browser's word for tab 1's content script, on the ticket page or its reply page.
  const content = (tabId: number, path = '/cards/tickets/6') => classifySender({ id: ID, url: `${tabs.tabs.get(tabId)!.origin}${path}`, tab: { id: tabId } as never, frameId: 0 }, ID, BASE);
  for (const tabId of [1, 2]) {
    await handlers['page.announce']({ type: 'page.announce', adapterId: 'generic', url: `${tabs.tabs.get(tabId)!.origin}/cards/tickets/6`, ticket: null }, content(tabId)!);
  }
  const send = (message: Record<string, unknown>, sender: Sender | null) => route(message, sender, handlers);
  const pick = (step: keyof typeof CHOICES, sender = content(1), choice: unknown = CHOICES[step]) => send({ type: 'teach.pick', step, choice }, sender);
  const view = async (tabId = 1) => (await handlers['view.get']({ type: 'view.get', tabId }, extensionPage)).teach;
  return { tabs, services, handlers, content, send, pick, view };
}

/** Starts teaching in tab 1 and picks every step, the reply box on the reply page. */
async function teachAll(t: Awaited<ReturnType<typeof setup>>) {
  expect(await t.send({ type: 'teach.start', tabId: 1 }, extensionPage)).toEqual({ ok: true, value: { ok: true } });
  for (const step of ['message', 'body', 'author'] as const) expect(await t.pick(step)).toMatchObject({ ok: true, value: { ok: true } });
  const reply = t.content(1, '/cards/tickets/6/reply');
  expect(await t.pick('editor', reply)).toMatchObject({ ok: true, value: { ok: true, step: 'send' } });
  expect(await t.pick('send', reply)).toMatchObject({ ok: true, value: { ok: true, step: null } });
}

describe('teach mode in the background', () => {
  beforeEach(() => fakeBrowser.reset());

  it('walks the steps, tells the page each one, and saves a recipe for the tab’s own site', async () => {
    const t = await setup();
    await teachAll(t);
    expect(t.tabs.calls.filter((c) => c.call.type === 'page.teach').map((c) => c.call)).toEqual([{ type: 'page.teach', step: 'message', messages: null }]);
    expect(await t.view()).toMatchObject({ site: A, step: null, complete: true, replyPage: '/cards/tickets/{key}/reply' });
    expect(await t.send({ type: 'teach.save', tabId: 1 }, extensionPage)).toEqual({ ok: true, value: { ok: true } });
    const [recipe, ...more] = await t.handlers['recipes.list']({ type: 'recipes.list' }, extensionPage);
    expect(more).toEqual([]);
    expect(recipe).toMatchObject({ site: A, reply: { page: '/cards/tickets/{key}/reply', editorKind: 'contenteditable', afterPost: 'reload' } });
    expect(await t.view()).toBeNull();
    // The picker is taken away when the session ends.
    expect(t.tabs.calls.at(-1)?.call).toEqual({ type: 'page.teach', step: null, messages: null });
  });

  it('asks which messages are the team’s when the markup names no role, and the recipe reads by the rule learned', async () => {
    const t = await setup();
    await t.send({ type: 'teach.start', tabId: 1 }, extensionPage);
    const { role: _named, ...unnamed } = CHOICES.message;
    expect(await t.pick('message', t.content(1), { ...unnamed, customers: 4 })).toMatchObject({ ok: true, value: { ok: true, step: 'body' } });
    expect(await t.pick('body')).toMatchObject({ ok: true, value: { ok: true, step: 'author' } });
    expect(await t.pick('author')).toMatchObject({ ok: true, value: { ok: true, step: 'role' } });
    expect(await t.view()).toMatchObject({ step: 'role' });
    const role = { role: { agent: { selector: 'span.badge' }, otherwise: 'customer' }, count: 4, customers: 1 };
    expect(await t.send({ type: 'teach.pick', step: 'role', choice: role }, t.content(1))).toMatchObject({ ok: true, value: { ok: true, step: 'editor' } });
    const reply = t.content(1, '/cards/tickets/6/reply');
    await t.pick('editor', reply);
    await t.pick('send', reply);
    expect(await t.send({ type: 'teach.save', tabId: 1 }, extensionPage)).toEqual({ ok: true, value: { ok: true } });
    const [recipe] = await t.handlers['recipes.list']({ type: 'recipes.list' }, extensionPage);
    expect(recipe?.read.role).toEqual({ agent: { selector: 'span.badge' }, otherwise: 'customer' });
  });

  it('is offered only where no recipe or adapter knows the page', async () => {
    const t = await setup();
    await t.handlers['page.announce']({ type: 'page.announce', adapterId: 'demo-helpdesk', url: `${A}/tickets/1`, ticket: { key: '1', label: '#1' } }, t.content(1, '/tickets/1')!);
    expect(await t.send({ type: 'teach.start', tabId: 1 }, extensionPage)).toMatchObject({ ok: true, value: { ok: false } });
    expect(await t.send({ type: 'teach.start', tabId: 99 }, extensionPage)).toMatchObject({ ok: true, value: { ok: false } });
  });

  it('the page’s Esc ends its own tab’s session only', async () => {
    const t = await setup();
    await t.send({ type: 'teach.start', tabId: 1 }, extensionPage);
    await t.send({ type: 'teach.start', tabId: 2 }, extensionPage);
    expect(await t.send({ type: 'teach.escape' }, t.content(2))).toEqual({ ok: true, value: { ok: true } });
    expect(await t.view(2)).toBeNull();
    expect(await t.view(1)).toMatchObject({ step: 'message' });
  });
});

describe('teach mode, attacker side: a page cannot teach, save or grade', () => {
  beforeEach(() => fakeBrowser.reset());

  attack('a content script cannot start, steer, test, save or cancel teaching', async () => {
    const t = await setup();
    await t.send({ type: 'teach.start', tabId: 1 }, extensionPage);
    for (const type of ['teach.start', 'teach.goto', 'teach.test', 'teach.save', 'teach.cancel']) {
      expect(await t.send({ type, tabId: 1, step: 'message' }, t.content(1))).toMatchObject({ ok: false, code: 'forbidden' });
    }
    expect(await t.handlers['recipes.list']({ type: 'recipes.list' }, extensionPage)).toEqual([]);
    expect(await t.view()).toMatchObject({ step: 'message', choices: {} });
  });

  attack('another tab, or the same tab on another site, cannot pick into a session', async () => {
    const t = await setup();
    await t.send({ type: 'teach.start', tabId: 1 }, extensionPage);
    expect(await t.pick('message', t.content(2))).toMatchObject({ ok: true, value: { ok: false } });
    const elsewhere = classifySender({ id: ID, url: `${B}/cards/tickets/6`, tab: { id: 1 } as never, frameId: 0 }, ID, BASE);
    expect(await t.pick('message', elsewhere)).toMatchObject({ ok: true, value: { ok: false } });
    const subframe = classifySender({ id: ID, url: `${A}/cards/tickets/6`, tab: { id: 1 } as never, frameId: 3 }, ID, BASE);
    expect(await t.pick('message', subframe)).toMatchObject({ ok: false, code: 'forbidden' });
    expect(await t.view()).toMatchObject({ step: 'message', choices: {} });
  });

  attack('a pick for a step the session is not on, or of another step’s shape, is refused', async () => {
    const t = await setup();
    await t.send({ type: 'teach.start', tabId: 1 }, extensionPage);
    expect(await t.pick('send')).toMatchObject({ ok: true, value: { ok: false } });
    expect(await t.pick('message', t.content(1), CHOICES.send)).toMatchObject({ ok: true, value: { ok: false } });
    expect(await t.view()).toMatchObject({ step: 'message', choices: {} });
  });

  attackEach(
    [
      ['a grade', { ...CHOICES.message, sideEffect: 'read' }],
      ['a whole recipe', { ...CHOICES.message, recipe: { site: B } }],
      ['a tool list', { ...CHOICES.message, tools: ['reply.send'] }],
      ['a role map with a grade', { ...CHOICES.message, role: { attribute: 'data-x', sideEffect: 'read' } }],
      ['a site', { ...CHOICES.message, site: B }],
    ] as const,
    ([what]) => `a pick that carries ${what} changes nothing`,
    async ([, choice]) => {
      const t = await setup();
      await t.send({ type: 'teach.start', tabId: 1 }, extensionPage);
      const r = await t.pick('message', t.content(1), choice);
      expect(r.ok && (r.value as { ok: boolean }).ok).toBe(false);
      expect(await t.view()).toMatchObject({ step: 'message', choices: {} });
    },
  );

  attack('a taught recipe serves its own site only, and its tools keep the catalogue’s grades', async () => {
    const t = await setup();
    await teachAll(t);
    await t.send({ type: 'teach.save', tabId: 1 }, extensionPage);
    const recipeId = `recipe:${A}`;
    expect(await t.handlers['page.announce']({ type: 'page.announce', adapterId: recipeId, url: `${B}/cards/tickets/6`, ticket: { key: '6', label: '#6' } }, t.content(2)!)).toEqual({ ok: false });
    expect(await t.handlers['page.announce']({ type: 'page.announce', adapterId: recipeId, url: `${A}/cards/tickets/6`, ticket: { key: '6', label: '#6' } }, t.content(1)!)).toEqual({ ok: true });
    const view = await t.handlers['view.get']({ type: 'view.get', tabId: 1 }, extensionPage);
    expect(view.tools.map((tool) => [tool.name, tool.sideEffect]).sort()).toEqual([
      ['reply.fill', 'write'],
      ['reply.send', 'send'],
      ['ticket.read', 'read'],
    ]);
    expect((await t.handlers['view.get']({ type: 'view.get', tabId: 2 }, extensionPage)).page?.adapterId).toBe('generic');
  });
});
