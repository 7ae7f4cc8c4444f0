import { describe, expect, it } from 'vitest';
import adapter, { SELECTORS } from '../../../src/sites/adapters/demo-helpdesk';
import type { TicketData } from '../../../src/sites/adapter';
import { FIXTURE_ORIGIN, useFixtures } from '../load-fixture';

const load = useFixtures('demo-helpdesk');
const ticketPage = () => load('ticket.html', '/tickets/1');

const readTool = adapter.tools['ticket.read']!;
const fillTool = adapter.tools['reply.fill']!;

describe('selectors on the saved pages', () => {
  type Counts = Record<keyof typeof SELECTORS, number>;
  const onTicket = { marker: 1, ticket: 1, subject: 1, status: 1, requesterName: 1, requesterEmail: 1, editor: 1, mirror: 1, send: 1, error: 1, noteEditor: 1, noteMirror: 1, noteAdd: 1, noteError: 1 };
  /** Document-wide counts; the per-message selectors count inside each message instead. */
  const expected: Record<string, [path: string, counts: Omit<Counts, 'messageAuthor' | 'messageTime' | 'messageBody'>]> = {
    'ticket.html': ['/tickets/1', { ...onTicket, message: 4 }],
    'ticket-html-mail.html': ['/tickets/6', { ...onTicket, message: 2 }],
    'ticket-list.html': ['/tickets', { marker: 1, ticket: 0, subject: 0, status: 0, requesterName: 0, requesterEmail: 0, message: 0, editor: 0, mirror: 0, send: 0, error: 0, noteEditor: 0, noteMirror: 0, noteAdd: 0, noteError: 0 }],
  };
  const perMessage = ['messageAuthor', 'messageTime', 'messageBody'] as const;

  it('gives every selector an expected count', () => {
    for (const [, counts] of Object.values(expected)) {
      expect([...Object.keys(counts), ...perMessage].sort()).toEqual(Object.keys(SELECTORS).sort());
    }
  });

  for (const [file, [path, counts]] of Object.entries(expected)) {
    it(`matches the expected number of elements on ${file}`, () => {
      const { document } = load(file, path);
      for (const [name, count] of Object.entries(counts)) {
        expect([name, document.querySelectorAll(SELECTORS[name as keyof typeof SELECTORS]).length]).toEqual([name, count]);
      }
      for (const message of document.querySelectorAll(SELECTORS.message)) {
        for (const name of perMessage) expect([name, message.querySelectorAll(SELECTORS[name]).length]).toEqual([name, 1]);
      }
    });
  }
});

describe('detect and ticket', () => {
  it('detects a ticket page of the demo helpdesk on any host and port', () => {
    const { url, document } = ticketPage();
    expect(adapter.detect(url, document)).toBe(true);
    expect(adapter.detect(new URL('http://helpdesk.internal:8080/tickets/1'), document)).toBe(true);
    // A query string (a link from a mail, a tracking parameter) is still the same ticket page.
    expect(adapter.ticket(new URL(`${url.origin}/tickets/1?from=mail`), document)).toEqual(adapter.ticket(url, document));
  });

  it('does not detect the ticket list, nor a ticket-like path without the marker', () => {
    const list = load('ticket-list.html', '/tickets');
    expect(adapter.detect(list.url, list.document)).toBe(false);
    const { url, document } = ticketPage();
    document.documentElement.removeAttribute('data-helpdesk');
    expect(adapter.detect(url, document)).toBe(false);
  });

  it('names the ticket by its id and number', () => {
    const { url, document } = ticketPage();
    expect(adapter.ticket(url, document)).toEqual({ key: '1', label: '#1041' });
  });

  it('shows no ticket when the URL and the page disagree (mid-navigation) or on the list', () => {
    const { document } = ticketPage();
    expect(adapter.ticket(new URL(`${FIXTURE_ORIGIN}/tickets/2`), document)).toBeNull();
    const list = load('ticket-list.html', '/tickets');
    expect(adapter.ticket(list.url, list.document)).toBeNull();
  });
});

describe('ticket.read', () => {
  it('reads number, subject, status, requester and the thread', async () => {
    const { document, location } = ticketPage();
    const result = await readTool({}, document, location);
    expect(result).toEqual({
      ok: true,
      data: {
        number: '#1041',
        subject: 'Charged twice for order NW-20931 — please refund the duplicate',
        status: 'Open',
        requester: { name: 'Maria Lindqvist', email: 'maria.lindqvist@example.com' },
        messages: [
          {
            author: 'Maria Lindqvist',
            role: 'customer',
            time: '2025-03-17T08:12:00Z',
            body:
              'Hello,\n\nI ordered the Ergo Task Chair (order NW-20931) on Friday and my card statement shows two charges of €149.00 on the same day. I only placed one order.\n\n' +
              'Could you please refund the second charge? I have attached a screenshot of the statement to my previous email but I am not sure it came through.\n\nKind regards,\nMaria Lindqvist',
          },
          {
            author: 'Sam Rivera',
            role: 'agent',
            time: '2025-03-17T09:40:00Z',
            body:
              'Hi Maria,\n\nThank you for letting us know, and sorry for the trouble. I can see order NW-20931 in our system. To find the second payment, could you tell me the last four digits of the card that was charged and the exact time shown on your statement for each charge?\n\n' +
              'Best regards,\nSam Rivera\nNorthwind Supply Support',
          },
          {
            author: 'Maria Lindqvist',
            role: 'customer',
            time: '2025-03-17T11:02:00Z',
            body: 'Hi Sam,\n\nThe card ends in 4417. Both charges are dated 14 March, one at 16:32 and one at 16:33, each €149.00. The second one is still "pending" in my banking app.\n\nThanks,\nMaria',
          },
          {
            author: 'Jordan Lee',
            role: 'internal',
            time: '2025-03-17T11:25:00Z',
            body: 'Checked the payment provider: two captures for NW-20931 (pay_8QX1 at 16:32:10 and pay_8QX4 at 16:33:02). The second came from a double click on the checkout button. Refund pay_8QX4 in full; no need to wait for the pending state to clear.',
          },
        ],
      } satisfies TicketData,
    });
  });

  it('turns rich customer mail into readable text: tables, lists, links, images, escaped markup', async () => {
    const { document, location } = load('ticket-html-mail.html', '/tickets/6');
    const result = await readTool({}, document, location);
    const messages = (result.data as TicketData).messages;
    expect(messages.map((m) => [m.author, m.role])).toEqual([['Tomás Herrera', 'customer'], ['Jordan Lee', 'internal']]);
    expect(messages[0]?.body).toBe(
      [
        'Hello Northwind team,',
        '',
        'We are moving into a new office in Valencia and would like a quote for the following items, delivered by 15 April:',
        '',
        'Item | SKU | Qty',
        'Height-adjustable desk 160×80 | NW-DSK-160 | 40',
        'Ergo Task Chair | NW-CHR-02 | 40',
        'Monitor arm, dual | NW-ARM-2X | 25',
        '',
        'Our requirements:',
        '',
        '- Assembly on site',
        '- Removal of packaging',
        '- Invoice to Herrera Arquitectos S.L.',
        '',
        'Steps we would like to follow:',
        '',
        '1. Quote by email',
        '2. Site visit',
        '3. Order confirmation',
        '',
        'Our floor plan is on our website (https://www.example.com/herrera/floorplan). Please do not use this link, it is broken.',
        '',
        'Our logo for the delivery labels: [image: Herrera Arquitectos logo]',
        '',
        'Tracking pixel from our mail tool:',
        '',
        'PS: when I first tried your web form it showed the text <script>alert(1)</script> in the comment box, maybe someone should look at that.',
        '',
        'Saludos,',
        'Tomás Herrera',
        'Herrera Arquitectos S.L.',
      ].join('\n'),
    );
    expect(messages[1]?.body).toBe(
      'Large B2B order. Sales wants these routed to them; Sam, please answer the delivery question and loop in sales@northwind-supply.example.',
    );
  });

  it('refuses on a page that shows no ticket', async () => {
    const { document, location } = load('ticket-list.html', '/tickets');
    expect(await readTool({}, document, location)).toMatchObject({ ok: false, code: 'no_ticket' });
  });
});

describe('reply.fill', () => {
  it('puts escaped text with line breaks into the editor and lets the page mirror it', async () => {
    const { document, location } = ticketPage();
    const editor = document.querySelector<HTMLElement>(SELECTORS.editor)!;
    const mirror = document.querySelector<HTMLTextAreaElement>(SELECTORS.mirror)!;
    // Stands in for the page's script, which does not run on a fixture.
    editor.addEventListener('input', () => (mirror.value = editor.innerHTML));

    const result = await fillTool({ body: 'Hi Maria,\n\n<b>not bold</b> & done' }, document, location);
    expect(result).toEqual({ ok: true, data: { filled: true } });
    expect(editor.innerHTML).toBe('Hi Maria,<br><br>&lt;b&gt;not bold&lt;/b&gt; &amp; done');
    expect(editor.querySelector('b')).toBeNull();
    expect(mirror.value).toBe(editor.innerHTML);
  });

  it('never overwrites what the agent typed: with no caret in the box, the text goes at its end', async () => {
    const { document, location } = ticketPage();
    const editor = document.querySelector<HTMLElement>(SELECTORS.editor)!;
    editor.append(document.createTextNode('Typed by the agent. '));
    expect(await fillTool({ body: 'Inserted.' }, document, location)).toEqual({ ok: true, data: { filled: true } });
    expect(editor.textContent).toBe('Typed by the agent. Inserted.');
  });

  it('refuses an empty body and a page without an editor', async () => {
    const { document, location } = ticketPage();
    expect(await fillTool({ body: '  ' }, document, location)).toMatchObject({ ok: false, code: 'invalid_input' });
    const list = load('ticket-list.html', '/tickets');
    expect(await fillTool({ body: 'Hello' }, list.document, list.location)).toMatchObject({ ok: false, code: 'no_reply_form' });
  });
});
