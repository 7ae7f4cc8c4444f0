import '../fakes/scripts'; // runs the lazy scripts and content parts this file's code reaches
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { createServices } from '../../src/background/host';
import { createRecipeStore, type KeyValue } from '../../src/background/recipes/recipe-store';
import { route, type Sender } from '../../src/background/router';
import type { SendToTab } from '../../src/background/pages/page-tool-proxy';
import type { RequestType } from '../../src/shared/protocol';
import { fakeHelpdesk } from '../fakes/fake-adapter';
import { createFakeTabs } from '../fakes/fake-tabs';
import { attackEach } from './attack';

const A = 'http://127.0.0.1:4517';
const sidebar: Sender = { kind: 'extension', url: 'chrome-extension://abcdefghijklmnopabcdefghijklmnop/sidepanel.html' };
const TICKET = { number: '#7', subject: 'Charged twice', status: 'open', requester: { name: 'Maria Lindqvist', email: 'maria@example.com' }, messages: [] };

const memory = (): KeyValue => {
  const items = new Map<string, unknown>();
  return { get: async (k) => structuredClone(items.get(k)), set: async (k, v) => void items.set(k, structuredClone(v)) };
};

async function setup() {
  const tabs = createFakeTabs();
  // The page answers ticket.read with a real ticket; everything else as the fake tabs do.
  const send: SendToTab = (tabId, call) =>
    call.type === 'page.run' && call.tool === 'ticket.read' ? (tabs.calls.push({ tabId, call }), Promise.resolve({ ok: true, data: TICKET })) : tabs.send(tabId, call);
  const built = await createServices([fakeHelpdesk], send, undefined, createRecipeStore(memory()));
  tabs.tabs.set(1, { origin: A, ticket: '#7' });
  await built.handlers['page.announce']({ type: 'page.announce', adapterId: 'fake-helpdesk', url: `${A}/tickets/7`, ticket: { key: '7', label: '#7' } }, tabs.senderOf(1));
  const as = <T extends RequestType>(m: { type: T } & Record<string, unknown>) => route(m, sidebar, built.handlers) as Promise<{ ok: boolean; value: any }>;
  const pageRuns = () => tabs.calls.filter((c) => c.call.type === 'page.run').map((c) => (c.call as { tool: string; input: unknown }));
  return { ...built, tabs, as, pageRuns };
}

const file = (plan?: string[], body = 'Hi {{customer.first_name}}, ticket {{ticket.number}} is done. {{agent.name}}') => ({
  version: 1,
  agentName: 'Sam Rivera',
  replies: [{ id: 'r1', title: 'Done', body, ...(plan ? { plan } : {}) }],
});

describe('saved replies run as fixed plans, by the agent’s click', () => {
  beforeEach(() => fakeBrowser.reset());

  it('reads the ticket, fills the template and puts it in the reply box; the write is audited with its text', async () => {
    const h = await setup();
    expect((await h.as({ type: 'savedReplies.import', data: file() })).value).toEqual({ ok: true, added: 1 });
    const run = (await h.as({ type: 'savedReplies.run', tabId: 1, id: 'r1' })).value;
    expect(run).toEqual({ ok: true, text: 'Hi Maria, ticket #7 is done. Sam Rivera' });
    expect(h.pageRuns().map((c) => [c.tool, c.input])).toEqual([['ticket.read', {}], ['reply.fill', { body: 'Hi Maria, ticket #7 is done. Sam Rivera' }]]);
    const audit = (await h.as({ type: 'audit.list' })).value as { kind: string; tool: string; body?: string }[];
    expect(audit.map((e) => [e.kind, e.tool, e.body])).toEqual([['write', 'reply.fill', 'Hi Maria, ticket #7 is done. Sam Rivera']]);
    expect(h.tabs.delivered).toEqual([]);
  });

  it('refuses a file with unknown variables, naming them, and changes nothing', async () => {
    const h = await setup();
    const r = (await h.as({ type: 'savedReplies.import', data: file(undefined, 'Hi {{customer.nickname}}, order {{order.id}}') })).value;
    expect(r.ok).toBe(false);
    expect(r.error).toContain('{{customer.nickname}}, {{order.id}}');
    expect((await h.as({ type: 'savedReplies.get' })).value).toEqual({ agentName: '', replies: [] });
    const bad = (await h.as({ type: 'savedReplies.import', data: { version: 1, replies: [{ id: 'x', title: 't' }] } })).value;
    expect(bad).toMatchObject({ ok: false, error: expect.stringContaining('body') });
  });

  it('reports a variable the ticket has no value for and inserts nothing', async () => {
    const h = await setup();
    await h.as({ type: 'savedReplies.save', data: { version: 1, replies: [{ id: 'r1', title: 'T', body: 'Hi {{customer.first_name}}, {{agent.name}}' }] } });
    const run = (await h.as({ type: 'savedReplies.run', tabId: 1, id: 'r1' })).value;
    expect(run).toMatchObject({ ok: false, code: 'unfilled', missing: ['agent.name'] });
    expect(run.error).toContain('{{agent.name}}');
    expect(h.pageRuns().map((c) => c.tool)).toEqual(['ticket.read']);
  });
});

describe('a saved reply, checked and edited before Insert', () => {
  beforeEach(() => fakeBrowser.reset());

  it('is filled from the ticket for the preview, with only the ticket read: nothing is written, nothing audited', async () => {
    const h = await setup();
    await h.as({ type: 'savedReplies.import', data: file() });
    const preview = (await h.as({ type: 'savedReplies.preview', tabId: 1, id: 'r1' })).value;
    expect(preview).toEqual({ ok: true, text: 'Hi Maria, ticket #7 is done. Sam Rivera' });
    expect(h.pageRuns().map((c) => c.tool)).toEqual(['ticket.read']);
    expect((await h.as({ type: 'audit.list' })).value).toEqual([]);
  });

  it('puts exactly the agent’s edit in the reply box, through the reply’s plan, and audits that text', async () => {
    const h = await setup();
    await h.as({ type: 'savedReplies.import', data: file() });
    const edited = 'Hi Maria, ticket #7 is done: the refund is on its way. Sam';
    const run = (await h.as({ type: 'savedReplies.run', tabId: 1, id: 'r1', body: edited })).value;
    expect(run).toEqual({ ok: true, text: edited });
    expect(h.pageRuns().map((c) => [c.tool, c.input])).toEqual([['ticket.read', {}], ['reply.fill', { body: edited }]]);
    const audit = (await h.as({ type: 'audit.list' })).value as { kind: string; body?: string }[];
    expect(audit.map((e) => [e.kind, e.body])).toEqual([['write', edited]]);
  });

  it('names the variable a preview cannot fill, and reads nothing more', async () => {
    const h = await setup();
    await h.as({ type: 'savedReplies.save', data: { version: 1, replies: [{ id: 'r1', title: 'T', body: 'Hi {{customer.first_name}}, {{agent.name}}' }] } });
    const preview = (await h.as({ type: 'savedReplies.preview', tabId: 1, id: 'r1' })).value;
    expect(preview).toMatchObject({ ok: false, code: 'unfilled', missing: ['agent.name'] });
    expect(preview.error).toContain('{{agent.name}}');
    expect(h.pageRuns().map((c) => c.tool)).toEqual(['ticket.read']);
  });
});

/**
 * The attacker writes the saved-replies file the agent imports: its plan names a send. The plan
 * runs as autonomous, so the registry refuses the step: nothing is prepared, posted or confirmed.
 */
describe('security: an imported saved reply whose plan sends', () => {
  beforeEach(() => fakeBrowser.reset());

  attackEach(
    [['ticket.read', 'reply.send'], ['reply.send'], ['ticket.read', 'note.add'], ['ticket.read', 'reply.fill', 'reply.send'], ['ticket.read', 'reply__send'], ['ticket.read', 'Reply.Send']],
    (plan) => `an imported saved reply with the plan ${plan.join(' → ')} is run by the agent's click`,
    async (plan) => {
      const h = await setup();
      expect((await h.as({ type: 'savedReplies.import', data: file(plan) })).value).toMatchObject({ ok: true });
      // Checked first, then inserted with the agent's own edit: the same plan, refused the same way.
      const preview = (await h.as({ type: 'savedReplies.preview', tabId: 1, id: 'r1' })).value;
      expect(h.pageRuns().map((c) => c.tool).filter((t) => t !== 'ticket.read')).toEqual([]);
      const run = (await h.as({ type: 'savedReplies.run', tabId: 1, id: 'r1', ...(preview.ok ? { body: `${preview.text} Edited.` } : {}) })).value;
      expect(run.ok).toBe(false);
      // No send tool ever ran in the page, nothing is waiting for a confirm, nothing was delivered.
      expect(h.pageRuns().map((c) => c.tool).filter((t) => t !== 'ticket.read' && t !== 'reply.fill')).toEqual([]);
      expect(await h.services.store.list()).toEqual([]);
      expect(h.tabs.delivered).toEqual([]);
      const audit = (await h.as({ type: 'audit.list' })).value as { kind: string }[];
      expect(audit.some((e) => e.kind === 'prepare' || e.kind === 'sent')).toBe(false);
    },
  );
});
