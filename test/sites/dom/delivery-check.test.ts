import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Browser } from 'happy-dom';
import adapter from '../../../src/sites/adapters/demo-helpdesk';
import type { Adapter, TicketData } from '../../../src/sites/adapter';
import { copiesIn, countCopies } from '../../../src/sites/dom/delivery-check';
import type { CopiesQuery } from '../../../src/shared/ticket';
import { startHelpdesk, type Helpdesk } from '../../../demo/helpdesk/server.mjs';

/**
 * After a send, the background asks the page how many copies of the text the ticket's thread
 * shows: a count that did not grow means the reply is not there. Counted here on the real demo
 * helpdesk, its pages' own scripts running in happy-dom.
 */
let helpdesk: Helpdesk;
let browser: Browser;
beforeAll(async () => {
  helpdesk = await startHelpdesk({ port: 0 });
});
afterAll(() => helpdesk.close());
beforeEach(async () => {
  await fetch(`${helpdesk.url}/api/sent`, { method: 'DELETE' });
  browser = new Browser({ settings: { enableJavaScriptEvaluation: true, suppressInsecureJavaScriptEnvironmentWarning: true } });
});
afterEach(() => {
  vi.useRealTimers();
  return browser.close();
});

async function open(path: string) {
  const page = browser.newPage();
  await page.goto(`${helpdesk.url}${path}`);
  await page.waitUntilComplete();
  return { document: page.mainFrame.document as unknown as Document, location: page.mainFrame.window.location as unknown as Location };
}

async function thread(page: { document: Document; location: Location }): Promise<TicketData> {
  const read = await adapter.tools['ticket.read']!({}, page.document, page.location);
  expect(read.ok).toBe(true);
  return read.data as TicketData;
}

const query = (body: string, more: Partial<CopiesQuery> = {}): CopiesQuery => ({
  tool: 'reply.send',
  ticketKey: '1',
  ticketUrl: `${helpdesk.url}/tickets/1`,
  body,
  ...more,
});

describe('counting copies of a sent text in the ticket’s thread', () => {
  it('counts the agent’s replies that hold the text, whatever its spacing, and no one else’s', async () => {
    const page = await open('/tickets/1');
    const messages = (await thread(page)).messages;
    const agent = messages.find((m) => m.role === 'agent')!;
    const customer = messages.find((m) => m.role === 'customer')!;
    const spaced = `  ${agent.body.replace(/ /g, '   ')}\n\n`;
    expect(await countCopies(adapter, page.document, query(spaced))).toEqual({ ok: true, data: { count: 1 } });
    // The customer's words in a reply are not the reply arriving.
    expect(await countCopies(adapter, page.document, query(customer.body))).toEqual({ ok: true, data: { count: 0 } });
    expect(await countCopies(adapter, page.document, query(`${agent.body} Thanks.`))).toEqual({ ok: true, data: { count: 0 } });
  });

  it('counts internal entries for a note, and agent replies only for a reply', async () => {
    const page = await open('/tickets/1');
    const body = 'Finance approved the refund.';
    const note = adapter.tools['note.add']!;
    const prepared = await note.prepare({ body }, page.document, page.location);
    expect(await note.deliver(prepared.data!, page.document, page.location)).toMatchObject({ ok: true });
    expect(await countCopies(adapter, page.document, query(body, { tool: 'note.add' }))).toEqual({ ok: true, data: { count: 1 } });
    expect(await countCopies(adapter, page.document, query(body, { tool: 'reply.send' }))).toEqual({ ok: true, data: { count: 0 } });
  });

  it('counts every copy, so a second identical reply shows as a second', () => {
    const ticket: TicketData = {
      number: '#1',
      subject: 'Refund',
      status: null,
      requester: { name: null, email: null },
      messages: [
        { author: 'Sam', role: 'agent', time: null, body: 'Refund done.' },
        { author: 'Ana', role: 'customer', time: null, body: 'Refund done.' },
        { author: 'Sam', role: 'agent', time: null, body: 'Refund  done.\n' },
        { author: 'Sam', role: 'internal', time: null, body: 'Refund done.' },
      ],
    };
    expect(copiesIn(ticket, 'reply.send', 'Refund done.')).toBe(2);
    expect(copiesIn(ticket, 'note.add', 'Refund done.')).toBe(1);
  });

  it('reads the sent ticket in a hidden frame when the tab shows another page of the site, and removes the frame', async () => {
    const here = await open('/tickets/1');
    const agent = (await thread(here)).messages.find((m) => m.role === 'agent')!;
    const elsewhere = await open('/tickets/2');
    expect(await countCopies(adapter, elsewhere.document, query(agent.body))).toEqual({ ok: true, data: { count: 1 } });
    expect(elsewhere.document.querySelectorAll('iframe')).toHaveLength(0);
    // The page shown is not touched: ticket 2 is still what the tab shows.
    expect(adapter.ticket(new URL(elsewhere.location.href), elsewhere.document)?.key).toBe('2');
  });

  it('keeps the hidden frame out of sight, out of the tab order and away from screen readers', async () => {
    const here = await open('/tickets/1');
    const agent = (await thread(here)).messages.find((m) => m.role === 'agent')!;
    const elsewhere = await open('/tickets/2');
    const frames: { ariaHidden: string | null; tabIndex: number; style: string }[] = [];
    const seen = new elsewhere.document.defaultView!.MutationObserver((records) => {
      for (const r of records) for (const node of r.addedNodes) {
        const frame = node as HTMLIFrameElement;
        if (frame.tagName === 'IFRAME') frames.push({ ariaHidden: frame.getAttribute('aria-hidden'), tabIndex: frame.tabIndex, style: frame.style.cssText });
      }
    });
    seen.observe(elsewhere.document.body, { childList: true });
    expect(await countCopies(adapter, elsewhere.document, query(agent.body))).toEqual({ ok: true, data: { count: 1 } });
    seen.disconnect();
    expect(frames).toHaveLength(1);
    expect(frames[0]).toMatchObject({ ariaHidden: 'true', tabIndex: -1 });
    expect(frames[0]!.style).toContain('visibility: hidden');
    expect(frames[0]!.style).toMatch(/left: -10000px/);
  });

  it('never counts the thread of another ticket: a page at the ticket’s address that shows another is no answer', async () => {
    const page = await open('/tickets/3');
    const agent = (await thread(await open('/tickets/1'))).messages.find((m) => m.role === 'agent')!;
    // The check's own clock runs on fake time, so its 15 s for a frame pass at once; happy-dom's
    // timers and the helpdesk's answers keep real time, so the frame truly loads first.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    // Ticket 2's key with ticket 1's address: the page that loads shows ticket 1, not the sent one.
    const counting = countCopies(adapter, page.document, query(agent.body, { ticketKey: '2' }));
    await vi.waitFor(
      () => {
        const frame = page.document.querySelector('iframe');
        const inner = frame?.contentDocument;
        expect(inner?.readyState).toBe('complete');
        expect(adapter.ticket(new URL(frame!.contentWindow!.location.href), inner!)?.key).toBe('1');
      },
      { timeout: 10_000, interval: 50 },
    );
    await vi.advanceTimersByTimeAsync(15_000);
    const wrong = await counting;
    expect(wrong).toMatchObject({ ok: false, code: 'page_error', error: "The ticket's page did not load, or does not show the ticket." });
    expect(page.document.querySelectorAll('iframe')).toHaveLength(0);
  });

  it('reads the thread once when it already shows enough copies, and again only while it shows too few', async () => {
    const page = await open('/tickets/1');
    const agent = (await thread(page)).messages.find((m) => m.role === 'agent')!;
    let reads = 0;
    const counted: Adapter = {
      ...adapter,
      tools: { ...adapter.tools, 'ticket.read': (input, doc, location) => (reads++, adapter.tools['ticket.read']!(input, doc, location)) },
    };
    expect(await countCopies(counted, page.document, query(agent.body, { atLeast: 1, waitMs: 5_000 }))).toEqual({ ok: true, data: { count: 1 } });
    expect(reads).toBe(1);
    reads = 0;
    expect(await countCopies(counted, page.document, query(agent.body, { atLeast: 2, waitMs: 500 }))).toEqual({ ok: true, data: { count: 1 } });
    expect(reads).toBeGreaterThan(1);
  });

  it('waits for a thread that shows the reply after the first read, up to the time asked', async () => {
    const page = await open('/tickets/1');
    const body = 'The refund left our bank today.';
    const counting = countCopies(adapter, page.document, query(body, { atLeast: 1, waitMs: 10_000 }));
    const send = adapter.tools['reply.send']!;
    const prepared = await send.prepare({ body }, page.document, page.location);
    expect(await send.deliver(prepared.data!, page.document, page.location)).toMatchObject({ ok: true });
    expect(await counting).toEqual({ ok: true, data: { count: 1 } });
  });

  it('answers at once with the count it read when no wait is asked', async () => {
    const page = await open('/tickets/1');
    expect(await countCopies(adapter, page.document, query('Not sent yet.', { atLeast: 1 }))).toEqual({ ok: true, data: { count: 0 } });
  });

  it('refuses to look at a ticket on another site, or at no address, and adds no frame', async () => {
    const page = await open('/tickets/2');
    const other = await countCopies(adapter, page.document, query('Refund done.', { ticketUrl: 'http://127.0.0.1:1/tickets/1' }));
    expect(other).toMatchObject({ ok: false, code: 'page_error', error: 'The ticket is on another site than this page.' });
    const none = await countCopies(adapter, page.document, query('Refund done.', { ticketUrl: 'not an address' }));
    expect(none).toMatchObject({ ok: false, code: 'page_error', error: 'The ticket has no page address to look at.' });
    expect(page.document.querySelectorAll('iframe')).toHaveLength(0);
  });

  it('says why when the thread cannot be read, and when the helpdesk has no way to read a ticket', async () => {
    const page = await open('/tickets/1');
    const unreadable: Adapter = {
      ...adapter,
      tools: { ...adapter.tools, 'ticket.read': async () => ({ ok: false, code: 'page_error', error: 'The thread is not on this page.' }) },
    };
    expect(await countCopies(unreadable, page.document, query('Refund done.'))).toMatchObject({
      ok: false,
      code: 'page_error',
      error: 'The thread is not on this page.',
    });
    // A reader that says it read the ticket but gives no thread: nothing counted, no crash.
    const empty: Adapter = { ...adapter, tools: { ...adapter.tools, 'ticket.read': async () => ({ ok: true }) } };
    expect(await countCopies(empty, page.document, query('Refund done.'))).toEqual({ ok: false, code: 'page_error', error: 'The ticket could not be read.' });
    const blind: Adapter = { ...adapter, title: 'Blind desk', tools: { 'reply.send': adapter.tools['reply.send'] } };
    expect(await countCopies(blind, page.document, query('Refund done.'))).toMatchObject({
      ok: false,
      code: 'unknown_tool',
      error: 'Blind desk cannot read a ticket.',
    });
  });
});
