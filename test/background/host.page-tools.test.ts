import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { createServices } from '../../src/background/host';
import type { Sender } from '../../src/background/router';
import { fakeHelpdesk, readOnlySite } from '../fakes/fake-adapter';
import { createFakeTabs } from '../fakes/fake-tabs';
import { draftsOf, proposingModel } from '../fakes/draft-model';

const A = 'http://127.0.0.1:4517';
const B = 'http://localhost:8080';
const page: Sender = { kind: 'extension', url: 'chrome-extension://x/sidepanel.html' };

async function setup() {
  const tabs = createFakeTabs();
  const { services, handlers, chat } = await createServices([fakeHelpdesk, readOnlySite], tabs.send, proposingModel);
  const chats = draftsOf(chat);
  const announce = (tabId: number, origin: string, ticket: string, adapterId = 'fake-helpdesk') => {
    tabs.tabs.set(tabId, { origin, ticket });
    return handlers['page.announce'](
      { type: 'page.announce', adapterId, url: `${origin}/tickets/${ticket.slice(1)}`, ticket: { key: ticket.slice(1), label: ticket } },
      tabs.senderOf(tabId),
    );
  };
  return { tabs, services, handlers, chats, announce };
}

describe('page tools in the background', () => {
  beforeEach(() => fakeBrowser.reset());

  it('offers an announced tab the tools of its adapter, from its own catalogue', async () => {
    const { handlers, announce } = await setup();
    expect(await announce(1, A, '#7')).toEqual({ ok: true });
    const view = await handlers['view.get']({ type: 'view.get', tabId: 1 }, page);
    expect(view.page).toMatchObject({ tabId: 1, adapterId: 'fake-helpdesk', origin: A, ticket: { key: '7' } });
    expect(view.tools.map((t) => [t.name, t.sideEffect])).toEqual([
      ['ticket.read', 'read'],
      ['reply.fill', 'write'],
      ['note.add', 'send'],
      ['reply.send', 'send'],
    ]);
  });

  it('refuses an announce for an adapter it does not know, or for a URL of another origin', async () => {
    const { handlers, services, tabs } = await setup();
    tabs.tabs.set(1, { origin: A, ticket: '#7' });
    expect(await handlers['page.announce']({ type: 'page.announce', adapterId: 'evil', url: `${A}/x`, ticket: null }, tabs.senderOf(1))).toEqual({ ok: false });
    expect(await handlers['page.announce']({ type: 'page.announce', adapterId: 'fake-helpdesk', url: `${B}/x`, ticket: null }, tabs.senderOf(1))).toEqual({ ok: false });
    expect(services.registry.list().filter((t) => t.scopes)).toEqual([]);
  });

  it('routes each call to the tab it was made for, though two tabs share tool names', async () => {
    const { handlers, tabs, announce } = await setup();
    await announce(1, A, '#7');
    await announce(2, A, '#8');
    const r = await handlers['tool.invoke']({ type: 'tool.invoke', tabId: 2, tool: 'ticket.read', input: {} }, page);
    expect(r).toMatchObject({ ok: true, data: { tabId: 2 } });
    expect(tabs.calls.map((c) => c.tabId)).toEqual([2]);
  });

  it('keeps a tab to its own site: a tool is out of scope for a tab on another origin', async () => {
    const { handlers, announce } = await setup();
    await announce(1, A, '#7');
    await announce(2, B, '#1', 'read-only-site');
    const r = await handlers['tool.invoke']({ type: 'tool.invoke', tabId: 2, tool: 'reply.fill', input: { body: 'x' } }, page);
    expect(r).toMatchObject({ ok: false, code: 'out_of_scope' });
    const view = await handlers['view.get']({ type: 'view.get', tabId: 2 }, page);
    expect(view.tools.map((t) => t.name)).toEqual(['page.read']);
  });

  it('drops a tab\'s tools when it goes away', async () => {
    const { services, handlers, announce } = await setup();
    await announce(1, A, '#7');
    await services.pages.drop(1);
    services.tools.sync();
    expect(services.registry.list().filter((t) => t.scopes)).toEqual([]);
    const r = await handlers['tool.invoke']({ type: 'tool.invoke', tabId: 1, tool: 'ticket.read', input: {} }, page);
    expect(r).toMatchObject({ ok: false, code: 'unknown_tool' });
  });

  it('hides and refuses what a site in read-only mode switched off', async () => {
    const { handlers, tabs, chats, announce } = await setup();
    await announce(1, A, '#7');
    await handlers['sites.set']({ type: 'sites.set', origin: A, write: false, send: false }, page);
    const view = await handlers['view.get']({ type: 'view.get', tabId: 1 }, page);
    expect(view.tools.map((t) => t.name)).toEqual(['ticket.read']);
    for (const tool of ['reply.fill', 'reply.send']) {
      // A draft's Send… (the only way a send is asked for) is refused by the switch.
      const r = await handlers['tool.invoke']({ type: 'tool.invoke', tabId: 1, tool, input: { body: 'x' }, ...(tool === 'reply.send' ? { draft: (await chats.draft(1, 'x')).callId } : {}) }, page);
      expect(r).toMatchObject({ ok: false, code: 'not_granted' });
    }
    expect(tabs.calls).toEqual([]);
  });

  it('remembers the tabs across a restart of the worker', async () => {
    const first = await setup();
    await first.announce(1, A, '#7');
    const { services } = await createServices([fakeHelpdesk, readOnlySite], first.tabs.send);
    expect(services.registry.list({ scope: A }).map((t) => t.name)).toContain('reply.send');
  });

  it('offers an announced tab its tools before the copy for a restarted worker is written, and answers after it', async () => {
    const { handlers, announce } = await setup();
    const area = fakeBrowser.storage.session as unknown as { set: (items: object) => Promise<void> };
    const real = area.set.bind(area);
    const held: (() => void)[] = [];
    area.set = (items) => new Promise((done, fail) => held.push(() => void real(items).then(done, fail)));
    const heard: unknown[] = [];
    fakeBrowser.runtime.onMessage.addListener((m: unknown) => void heard.push(m));
    let answered = false;
    const announcing = announce(1, A, '#7').then((r) => ((answered = true), r));
    await expect.poll(() => heard).toContainEqual({ type: 'view.changed', tabId: 1 });
    expect(held).toHaveLength(1);
    expect((await handlers['view.get']({ type: 'view.get', tabId: 1 }, page)).tools.map((t) => t.name)).toContain('ticket.read');
    expect(answered).toBe(false);
    held.shift()!();
    expect(await announcing).toEqual({ ok: true });
    // A write that fails is the announce's failure: the page announces again at its next look.
    area.set = () => Promise.reject(new Error('QUOTA_BYTES quota exceeded'));
    await expect(announce(2, A, '#8')).rejects.toThrow('QUOTA_BYTES');
  });
});
