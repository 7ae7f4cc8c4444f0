import '../fakes/scripts'; // runs the lazy scripts and content parts this file's code reaches
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import type { ChatPort } from '../../src/background/chat/chat-session';
import { createServices } from '../../src/background/host';
import { log } from '../../src/background/diagnostics/logger';
import { route, type Sender } from '../../src/background/router';
import type { ChatServerMessage } from '../../src/shared/chat-protocol';
import { fakeHelpdesk } from '../fakes/fake-adapter';
import { createFakeTabs } from '../fakes/fake-tabs';
import { answer, ScriptedModel } from '../fakes/scripted-model';
import { attackEach } from './attack';
import { shownKey } from '../fakes/shown-key';

/**
 * A policy that is there but cannot be read fails closed. Before, any exception while reading or
 * parsing the managed policy counted as no policy at all, so one malformed value switched off
 * the organisation's list of sites, its read-only sites, its "no sending" and its masking at
 * once. Now Deskmate runs on no site (loopback pages included), sends nothing and asks the model
 * nothing, and the options page and Diagnostics say why.
 */
const A = 'http://127.0.0.1:4517';
const DESK = 'https://desk.example.com';
const page: Sender = { kind: 'extension', url: 'chrome-extension://x/options.html' };
/** What the admin meant: Deskmate on one site, read-only, never sending, always masking. */
const MEANT = { allowedSites: [DESK], readOnlySites: [DESK], sendDisabled: true, requireMasking: true };

interface Case {
  what: string;
  /** What managed storage answers the background. */
  managed: () => Promise<unknown>;
}

const CASES: Case[] = [
  { what: 'managed storage fails with an error other than "no policy"', managed: () => Promise.reject(new Error('An unexpected error occurred')) },
  {
    what: 'a value makes the parser throw (as one mutated type check did)',
    managed: async () => ({
      ...MEANT,
      get readOnlySites(): string[] {
        throw new TypeError("Cannot read properties of undefined (reading 'map')");
      },
    }),
  },
  { what: 'the policy for Deskmate is a list, not an object (Firefox hands it over by index)', managed: async () => ({ 0: MEANT, 1: 'x' }) },
  { what: 'every setting of the policy is misspelt', managed: async () => ({ allowedsites: [DESK], senddisabled: true }) },
];

async function start(c: Case) {
  vi.spyOn(fakeBrowser.storage.managed, 'get').mockImplementation(c.managed as never);
  const tabs = createFakeTabs();
  const model = new ScriptedModel([answer('Here is what the ticket says.')]);
  const built = await createServices([fakeHelpdesk], tabs.send, () => model);
  tabs.tabs.set(1, { origin: A, ticket: '#7' });
  const announced = await built.handlers['page.announce']({ type: 'page.announce', adapterId: 'fake-helpdesk', url: `${A}/tickets/7`, ticket: { key: '7', label: '#7' } }, tabs.senderOf(1));
  const as = (m: { type: string } & Record<string, unknown>) => route(m, page, built.handlers) as Promise<{ ok: boolean; value: any }>;
  return { ...built, tabs, model, announced, as };
}

describe('security: a policy that cannot be read', () => {
  beforeEach(() => fakeBrowser.reset());
  afterEach(() => vi.restoreAllMocks());

  attackEach(CASES, (c) => `${c.what}, to switch off the organisation's sites, sending and masking`, async (c) => {
    const { announced, as, tabs, model, chat, services } = await start(c);
    // Runs nowhere: not even the loopback helpdesk is heard, and no site can be enabled.
    expect(announced).toMatchObject({ ok: false });
    const view = (await as({ type: 'view.get', tabId: 1 })).value;
    expect(view.tools).toEqual([]);
    expect((await as({ type: 'sites.enable', origin: 'https://anywhere.example' })).value).toMatchObject({ ok: false, managed: true });
    for (const tool of ['reply.fill', 'reply.send']) {
      expect((await as({ type: 'tool.invoke', tabId: 1, tool, input: { body: 'Sent anyway.' } })).value).toMatchObject({ ok: false });
    }
    expect(tabs.calls).toEqual([]);
    expect(await services.registry.pending()).toEqual([]);
    // Asks the model nothing, and says why.
    const messages: ChatServerMessage[] = [];
    const port: ChatPort = { postMessage: (m) => void messages.push(m) };
    await chat.receive(port, { type: 'chat.open', tabId: 1 });
    await chat.receive(port, { type: 'chat.send', tabId: 1, key: await shownKey(chat, 1), text: 'What does the customer want?' });
    await vi.waitFor(() => expect(messages.some((m) => m.type === 'chat.event' && m.event.type === 'done')).toBe(true));
    expect(model.requests).toEqual([]);
    expect(JSON.stringify(messages)).toContain("policy could not be read");
    // The options page and Diagnostics say so.
    const policy = (await as({ type: 'policy.get' })).value;
    expect(policy).toMatchObject({ managed: true, sendDisabled: true, requireMasking: true, allowedSites: [] });
    expect(policy.unreadable).toEqual(expect.any(String));
    expect((await log.list()).some((e) => e.level === 'error' && e.area === 'policy' && e.message.includes('could not be read'))).toBe(true);
  });

  it('drops a wrongly shaped setting alone: the rest of the policy holds', async () => {
    const { as, announced } = await start({ what: '', managed: async () => ({ ...MEANT, allowedSites: [A], readOnlySites: 'everything' }) });
    expect(announced).toMatchObject({ ok: true });
    const policy = (await as({ type: 'policy.get' })).value;
    expect(policy).toMatchObject({ unreadable: null, allowedSites: [A], readOnlySites: [], sendDisabled: true, requireMasking: true });
    expect(policy.problems).toEqual(['readOnlySites: expected a list of sites']);
    const tools = (await as({ type: 'view.get', tabId: 1 })).value.tools.map((t: { name: string }) => t.name);
    expect(tools).toContain('ticket.read');
    expect(tools).not.toContain('reply.send');
  });

  it('is no policy when the browser has none for Deskmate (Firefox throws, Chrome answers {})', async () => {
    for (const managed of [() => Promise.reject(new Error('Managed storage manifest not found')), async () => ({})]) {
      fakeBrowser.reset();
      const { as, announced } = await start({ what: '', managed });
      expect(announced).toMatchObject({ ok: true });
      expect((await as({ type: 'policy.get' })).value).toMatchObject({ managed: false, unreadable: null });
      vi.restoreAllMocks();
    }
  });
});
