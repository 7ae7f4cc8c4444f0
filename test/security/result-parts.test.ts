import '../fakes/scripts'; // runs the lazy scripts and content parts this file's code reaches
import { beforeEach, describe, expect } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { createServices } from '../../src/background/host';
import { classifySender, route, type Sender } from '../../src/background/router';
import { PART_CHARS, type ResultPart, type ShownResult } from '../../src/shared/result-parts';
import type { TicketData } from '../../src/shared/ticket';
import { proposingModel } from '../fakes/draft-model';
import { fakeHelpdesk } from '../fakes/fake-adapter';
import { createFakeTabs } from '../fakes/fake-tabs';
import { attack } from './attack';

const ID = 'abcdefghijklmnopabcdefghijklmnop';
const BASE = `chrome-extension://${ID}/`;
const A = 'http://127.0.0.1:4517';
const sidebar: Sender = { kind: 'extension', url: `${BASE}sidepanel.html` };

/** Ticket 7's thread in tab 1: 20 messages of 50,000 characters, each ending in its own marker. */
const bigTicket: TicketData = {
  number: '#7',
  subject: 'Logs attached',
  status: 'Open',
  requester: { name: 'Ada', email: 'ada@example.com' },
  messages: Array.from({ length: 20 }, (_, i) => ({ author: `Writer ${i + 1}`, role: 'customer' as const, time: null, body: `${'secret log line '.repeat(3_124)}END-${i + 1}` })),
};

async function setup() {
  const tabs = createFakeTabs();
  const send: typeof tabs.send = async (tabId, call) => (call.type === 'page.run' && call.tool === 'ticket.read' && tabId === 1 ? { ok: true, data: bigTicket } : tabs.send(tabId, call));
  const { handlers } = await createServices([fakeHelpdesk], send, proposingModel);
  const announce = (tabId: number, key: string) => {
    tabs.tabs.set(tabId, { origin: A, ticket: `#${key}` });
    return handlers['page.announce']({ type: 'page.announce', adapterId: 'fake-helpdesk', url: `${A}/tickets/${key}`, ticket: { key, label: `#${key}` } }, tabs.senderOf(tabId));
  };
  await announce(1, '7');
  await announce(2, '9');
  const as = (sender: Sender, m: Record<string, unknown>) => route(m, sender, handlers) as Promise<{ ok: boolean; code?: string; value?: unknown }>;
  // The agent's own Read in tab 1: the panel gets the first part and the id of the rest.
  const read = (await as(sidebar, { type: 'tool.invoke', tabId: 1, tool: 'ticket.read', input: {} })).value as ShownResult;
  return { handlers, announce, as, read, rest: read.rest! };
}

/** The helpdesk's own tab 1, its content script compromised. */
const ownContent = classifySender({ id: ID, url: `${A}/tickets/7`, tab: { id: 1 } as never, frameId: 0 }, ID, BASE)!;

describe('security: the parts of a big result the agent read', () => {
  beforeEach(() => fakeBrowser.reset());

  attack("a content script (the ticket's own tab) asks for the rest of the agent's read", async () => {
    const h = await setup();
    const answer = await h.as(ownContent, { type: 'result.part', tabId: 1, id: h.rest.id, from: h.rest.next });
    expect(answer).toMatchObject({ ok: false, code: 'forbidden' });
    expect(JSON.stringify(answer)).not.toContain('secret log line');
  });

  attack("the panel of another tab asks for tab 1's result by its id", async () => {
    const h = await setup();
    expect(await h.as(sidebar, { type: 'result.part', tabId: 2, id: h.rest.id, from: h.rest.next })).toEqual({ ok: true, value: null });
    // Its own tab still gets it.
    expect(((await h.as(sidebar, { type: 'result.part', tabId: 1, id: h.rest.id, from: h.rest.next })).value as ResultPart).kind).toBe('ticket');
  });

  attack('the tab moved to another ticket: what was read on ticket 7 is not given there, nor when it comes back', async () => {
    const h = await setup();
    await h.announce(1, '8');
    expect(await h.as(sidebar, { type: 'result.part', tabId: 1, id: h.rest.id, from: h.rest.next })).toEqual({ ok: true, value: null });
    await h.announce(1, '7');
    expect(await h.as(sidebar, { type: 'result.part', tabId: 1, id: h.rest.id, from: h.rest.next })).toEqual({ ok: true, value: null });
  });

  attack('asks with a made-up id, an out-of-range place or an oversized request', async () => {
    const h = await setup();
    for (const m of [
      { type: 'result.part', tabId: 1, id: '00000000-0000-0000-0000-000000000000', from: h.rest.next },
      { type: 'result.part', tabId: 1, id: h.rest.id, from: { index: 20, start: 0 } },
      { type: 'result.part', tabId: 1, id: h.rest.id, from: { index: 0, start: 50_000 } },
    ]) {
      expect(await h.as(sidebar, m)).toEqual({ ok: true, value: null });
    }
    for (const m of [
      { type: 'result.part', tabId: 1, id: `${h.rest.id}x`.repeat(1000), from: h.rest.next },
      { type: 'result.part', tabId: 1, id: h.rest.id, from: { index: 0, start: 1e12 } },
      { type: 'result.part', tabId: 1, id: h.rest.id, from: { index: -1, start: 0 } },
      { type: 'result.part', tabId: 1, id: h.rest.id, from: { index: 0, start: 0, chars: 1e9 } },
    ]) {
      expect(await h.as(sidebar, m)).toMatchObject({ ok: false, code: 'invalid_message' });
    }
  });

  attack('no answer carries more than one part, the first one included', async () => {
    const h = await setup();
    const whole = bigTicket.messages.reduce((n, m) => n + m.body.length, 0);
    expect(h.rest.total).toBe(whole);
    expect(JSON.stringify(h.read).length).toBeLessThan(PART_CHARS + 2_000);
    const part = (await h.as(sidebar, { type: 'result.part', tabId: 1, id: h.rest.id, from: h.rest.next })).value;
    expect(JSON.stringify(part).length).toBeLessThan(PART_CHARS + 2_000);
  });
});
