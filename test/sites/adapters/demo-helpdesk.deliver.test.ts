import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Browser } from 'happy-dom';
import adapter, { SELECTORS } from '../../../src/sites/adapters/demo-helpdesk';
import type { ReplyPayload, TicketData } from '../../../src/sites/adapter';
import { comparableText } from '../../../src/sites/dom/text-compare';
import { startHelpdesk, type Helpdesk } from '../../../demo/helpdesk/server.mjs';

/**
 * deliver against the real demo helpdesk: happy-dom runs the page's own scripts (the editor
 * mirror, Send over fetch, single-page navigation), so what reaches the server's sent log is
 * what the page really posted.
 */
let helpdesk: Helpdesk;
let browser: Browser;
beforeAll(async () => {
  helpdesk = await startHelpdesk({ port: 0 });
});
afterAll(() => helpdesk.close());
beforeEach(async () => {
  await fetch(`${helpdesk.url}/api/sent`, { method: 'DELETE' });
  browser = new Browser({
    settings: { enableJavaScriptEvaluation: true, suppressInsecureJavaScriptEnvironmentWarning: true },
  });
});
afterEach(() => browser.close());

async function openTicket(id: number) {
  const page = browser.newPage();
  await page.goto(`${helpdesk.url}/tickets/${id}`);
  await page.waitUntilComplete();
  const { document, window } = page.mainFrame;
  return { document: document as unknown as Document, location: window.location as unknown as Location };
}

const send = adapter.tools['reply.send']!;

async function prepared(body: string, page: { document: Document; location: Location }): Promise<ReplyPayload> {
  const result = await send.prepare({ body }, page.document, page.location);
  expect(result.ok).toBe(true);
  return result.data!;
}

describe('reply.send deliver on the live demo helpdesk', () => {
  it('posts through the page once, and reports success when the reply is in the thread', async () => {
    const page = await openTicket(1);
    const body = 'Hi Maria,\n\nThe duplicate charge of €149.00 is refunded & you will see it in 3–5 days.\n  Use <b>no</b> tags:  they stay text.';
    const payload = await prepared(body, page);
    expect(payload).toEqual({
      site: helpdesk.url,
      ticket: '#1041',
      recipient: 'Maria Lindqvist <maria.lindqvist@example.com>',
      subject: 'Re: Charged twice for order NW-20931 — please refund the duplicate',
      body,
    });
    expect(helpdesk.sent()).toEqual([]);
    let clicks = 0;
    page.document.querySelector(SELECTORS.send)!.addEventListener('click', () => clicks++);

    expect(await send.deliver(payload, page.document, page.location)).toEqual({ ok: true, data: { posted: true } });
    await new Promise((r) => setTimeout(r, 500)); // room for a stray second click to show
    expect(clicks).toBe(1);

    const sent = helpdesk.sent();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ seq: 1, ticketId: 1 });
    expect(sent[0]!.text).toBe(body);
    const read = await adapter.tools['ticket.read']!({}, page.document, page.location);
    const last = (read.data as TicketData).messages.at(-1);
    expect(last).toMatchObject({ author: 'Sam Rivera', role: 'agent' });
    expect(comparableText(last!.body)).toBe(comparableText(body));
  });

  it('reports the page’s error when the helpdesk refuses the reply, and nothing is recorded', async () => {
    const page = await openTicket(2);
    const payload = await prepared('x'.repeat(100_001), page);
    let clicks = 0;
    page.document.querySelector(SELECTORS.send)!.addEventListener('click', () => clicks++);
    const result = await send.deliver(payload, page.document, page.location);
    expect(result).toMatchObject({ ok: false, code: 'delivery_failed' });
    expect(clicks).toBe(1);
    expect(result.error).toContain('The reply is too long.');
    expect(helpdesk.sent()).toEqual([]);
  });

  it('refuses once the agent switched ticket in the page (single-page navigation)', async () => {
    const page = await openTicket(1);
    const payload = await prepared('Refund done.', page);
    page.document.querySelector<HTMLAnchorElement>('a[data-ticket-nav="next"]')!.click();
    await waitUntil(() => page.document.querySelector(SELECTORS.ticket)?.getAttribute('data-ticket-id') === '2');
    expect(page.location.pathname).toBe('/tickets/2');
    expect(await send.deliver(payload, page.document, page.location)).toMatchObject({ ok: false, code: 'scope_changed' });
    expect(page.document.querySelector(SELECTORS.editor)!.innerHTML).toBe('');
    expect(helpdesk.sent()).toEqual([]);
  });

  it('reads the ticket after single-page navigation from the swapped DOM', async () => {
    const page = await openTicket(4);
    page.document.querySelector<HTMLAnchorElement>('a[data-ticket-nav="next"]')!.click();
    await waitUntil(() => page.document.querySelector(SELECTORS.ticket)?.getAttribute('data-ticket-id') === '5');
    const url = new URL(page.location.href);
    expect(adapter.detect(url, page.document)).toBe(true);
    expect(adapter.ticket(url, page.document)).toEqual({ key: '5', label: '#1045' });
    const read = await adapter.tools['ticket.read']!({}, page.document, page.location);
    expect((read.data as TicketData).messages).toHaveLength(34);
  });
});

async function waitUntil(check: () => boolean, timeoutMs = 5_000): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('note.add on the live demo helpdesk', () => {
  it('prepares a note for no one outside, then adds it through the note box once, as an internal entry', async () => {
    const page = await openTicket(1);
    const note = adapter.tools['note.add']!;
    const body = 'Finance approved the refund.\nWaiting for the bank.';
    const prepared = await note.prepare({ body }, page.document, page.location);
    expect(prepared).toEqual({ ok: true, data: { site: helpdesk.url, ticket: '#1041', recipient: '', subject: '', body } });
    expect(helpdesk.sent()).toEqual([]);
    let clicks = 0;
    page.document.querySelector(SELECTORS.noteAdd)!.addEventListener('click', () => clicks++);

    expect(await note.deliver(prepared.data!, page.document, page.location)).toEqual({ ok: true, data: { posted: true } });
    expect(clicks).toBe(1);
    expect(helpdesk.sent()).toMatchObject([{ kind: 'note', ticketId: 1, text: body }]);
    const read = await adapter.tools['ticket.read']!({}, page.document, page.location);
    expect((read.data as TicketData).messages.at(-1)).toMatchObject({ role: 'internal' });
    expect(page.document.querySelector(SELECTORS.editor)!.textContent).toBe('');
  });
});
