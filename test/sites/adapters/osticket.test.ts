import { describe, expect, it } from 'vitest';
import adapter, { SELECTORS } from '../../../src/sites/adapters/osticket';
import type { TicketData } from '../../../src/sites/adapter';
import { comparableText, htmlToText } from '../../../src/sites/dom/text-compare';
import { fakeRedactor } from '../../fakes/fake-editors';
import { pjaxNavigate } from '../../fakes/fake-osticket';
import { FIXTURE_ORIGIN, fixtureHtml, loadFixture, useFixtures } from '../load-fixture';

/** Reading the ticket, filling the editor, preparing a reply, PJAX. Posting: osticket.deliver.test.ts. */
const load = useFixtures('osticket');
const TICKET = '/support/scp/tickets.php?id=5';
const ticketPage = () => load('ticket.html', TICKET);
const readTool = adapter.tools['ticket.read']!;
const fillTool = adapter.tools['reply.fill']!;
const sendTool = adapter.tools['reply.send']!;

describe('detect and ticket', () => {
  it('detects a ticket page of the staff panel, on any host and in any folder', () => {
    const { url, document } = ticketPage();
    expect(adapter.detect(url, document)).toBe(true);
    expect(adapter.detect(new URL('https://help.example.com/scp/tickets.php?id=5#reply'), document)).toBe(true);
  });

  it('does not detect the queue, a ticket URL without a thread, or an unrelated page', () => {
    const queue = load('queue.html', '/support/scp/tickets.php?queue=1');
    expect(adapter.detect(queue.url, queue.document)).toBe(false);
    expect(adapter.detect(new URL(`${FIXTURE_ORIGIN}${TICKET}`), queue.document)).toBe(false);
    const other = loadFixture('generic', 'article.html', '/kb/vpn-keepalive');
    expect(adapter.detect(other.url, other.document)).toBe(false);
    other.window.happyDOM.close();
  });

  it('names the ticket by its internal id and the number people see', () => {
    const { url, document } = ticketPage();
    expect(adapter.ticket(url, document)).toEqual({ key: '5', label: '#338769' });
    const other = load('ticket-newest-first.html', '/support/scp/tickets.php?id=7');
    expect(adapter.ticket(other.url, other.document)).toEqual({ key: '7', label: '#338771' });
  });

  it('shows no ticket while the URL and the page disagree, or on the queue', () => {
    const { document } = ticketPage();
    expect(adapter.ticket(new URL(`${FIXTURE_ORIGIN}/support/scp/tickets.php?id=7`), document)).toBeNull();
    const queue = load('queue.html', '/support/scp/tickets.php?queue=1');
    expect(adapter.ticket(queue.url, queue.document)).toBeNull();
  });
});

describe('PJAX navigation', () => {
  it('changes the ticket shown without a page load, and only once the content is swapped', () => {
    const page = load('queue.html', '/support/scp/tickets.php?queue=1');
    const here = () => new URL(page.location.href);
    const sameWindow = page.window;
    expect([adapter.detect(here(), page.document), adapter.ticket(here(), page.document)]).toEqual([false, null]);

    pjaxNavigate(page, fixtureHtml('osticket', 'ticket.html'), TICKET);
    expect(page.location.href).toBe(`${FIXTURE_ORIGIN}${TICKET}`);
    expect([adapter.detect(here(), page.document), adapter.ticket(here(), page.document)]).toEqual([true, { key: '5', label: '#338769' }]);

    page.window.history.pushState(null, '', '/support/scp/tickets.php?id=7'); // the URL moves first
    expect(adapter.ticket(here(), page.document)).toBeNull();
    pjaxNavigate(page, fixtureHtml('osticket', 'ticket-newest-first.html'), '/support/scp/tickets.php?id=7');
    expect(adapter.ticket(here(), page.document)).toEqual({ key: '7', label: '#338771' });
    expect(page.window).toBe(sameWindow);
  });
});

describe('ticket.read', () => {
  it('reads number, subject, status, requester, and entries and events oldest first', async () => {
    const { document, location } = ticketPage();
    expect(await readTool({}, document, location)).toEqual({
      ok: true,
      data: {
        number: '#338769',
        subject: 'VPN drops every 20 minutes since the 4.2 client update',
        status: 'Open',
        requester: { name: 'Priya Natarajan', email: 'priya.natarajan@example.org' },
        messages: [
          { author: 'Priya Natarajan', role: 'system', time: '2025-03-17T08:02:11+00:00', body: 'Created by Priya Natarajan 3/17/25 8:02 AM' },
          {
            author: 'Priya Natarajan',
            role: 'customer',
            time: '2025-03-17T08:02:11+00:00',
            body: 'Hello,\n\nsince our laptops got the VPN client 4.2 update on Friday, the connection drops every 20 minutes or so. Reconnecting works, but every open session to the file server is lost.\n\nIs this a known problem?\n\nThanks,\nPriya',
          },
          { author: 'Jordan Lee', role: 'system', time: '2025-03-17T08:30:00+00:00', body: 'Jordan Lee assigned this to Sam Rivera 3/17/25 8:30 AM' },
          {
            author: 'Jordan Lee',
            role: 'internal',
            time: '2025-03-17T08:31:40+00:00',
            body: 'Known issue\n\nKB-2231: the 4.2 client drops idle tunnels after its keepalive times out. Workaround until 4.2.1: set Keepalive to 10 minutes in the profile.',
          },
          {
            author: 'Sam Rivera',
            role: 'agent',
            time: '2025-03-17T09:05:00+00:00',
            body: 'Hi Priya,\n\nthanks for the report. Could you send us two things:\n\n1. the client log from Help › Export log\n2. the time of the last drop\n\nBest regards,\nSam Rivera',
          },
          {
            author: 'Priya Natarajan',
            role: 'customer',
            time: '2025-03-17T10:12:54+00:00',
            body: 'The last drop was at 10:05. From the log:\n\n10:05:31 tunnel idle 1200s, keepalive timeout\n10:05:31 disconnect reason=KA_TIMEOUT\n\nPriya',
          },
          { author: 'SYSTEM', role: 'system', time: '2025-03-18T10:12:54+00:00', body: 'Ticket marked overdue: no response within the 24-hour service level.' },
        ],
      } satisfies TicketData,
    });
  });

  it('puts a thread shown newest first (an agent preference) back in order', async () => {
    const { document, location } = load('ticket-newest-first.html', '/support/scp/tickets.php?id=7');
    const data = (await readTool({}, document, location)).data as TicketData;
    expect(data.status).toBe('Resolved');
    expect(data.messages.map((m) => [m.role, m.author, m.time])).toEqual([
      ['system', 'Tomás Herrera', '2025-03-19T09:00:00+00:00'],
      ['customer', 'Tomás Herrera', '2025-03-19T09:00:00+00:00'],
      ['agent', 'Sam Rivera', '2025-03-20T14:58:00+00:00'],
      ['system', 'Sam Rivera', '2025-03-20T15:00:00+00:00'],
    ]);
    expect(data.messages[1]?.body).toBe('Item | Qty\n27" monitor | 1\n\nNeeded by Monday.');
  });

  it('refuses on the queue', async () => {
    const { document, location } = load('queue.html', '/support/scp/tickets.php?queue=1');
    expect(await readTool({}, document, location)).toMatchObject({ ok: false, code: 'no_ticket' });
  });
});

describe('reply.fill', () => {
  it('puts the text into Redactor as text, and the hidden field catches up', async () => {
    const { document, location } = ticketPage();
    const editor = document.querySelector<HTMLElement>(SELECTORS.replyEditor)!;
    const mirror = document.querySelector<HTMLTextAreaElement>(SELECTORS.replyMirror)!;
    fakeRedactor(editor, mirror);
    const body = 'Hi Priya,\n\nset <b>Keepalive</b> to 10 minutes & reconnect.';
    expect(await fillTool({ body }, document, location)).toEqual({ ok: true, data: { filled: true } });
    expect(editor.querySelector('b')).toBeNull();
    expect(mirror.value).toBe('');
    await new Promise((r) => setTimeout(r, 300));
    expect(comparableText(htmlToText(mirror.value, document))).toBe(comparableText(body));
    expect(document.querySelector<HTMLElement>(SELECTORS.noteEditor)!.textContent).toBe('');
  });

  it('refuses an empty body and a page without the reply form', async () => {
    const { document, location } = ticketPage();
    expect(await fillTool({ body: ' ' }, document, location)).toMatchObject({ ok: false, code: 'invalid_input' });
    document.querySelector(SELECTORS.replyForm)!.remove();
    expect(await fillTool({ body: 'Hi' }, document, location)).toMatchObject({ ok: false, code: 'no_reply_form' });
  });
});

describe('reply.send prepare', () => {
  it('builds the payload from the page and the input, sending nothing', async () => {
    const { document, location } = ticketPage();
    let clicks = 0;
    document.querySelector(SELECTORS.replySubmit)!.addEventListener('click', () => clicks++);
    const body = 'Hi Priya,\n\nplease set Keepalive to 10 minutes.';
    expect(await sendTool.prepare({ body }, document, location)).toEqual({
      ok: true,
      data: {
        site: FIXTURE_ORIGIN,
        ticket: '#338769',
        recipient: 'Priya Natarajan <priya.natarajan@example.org>',
        subject: 'Re: VPN drops every 20 minutes since the 4.2 client update',
        body,
      },
    });
    expect([clicks, document.querySelector(SELECTORS.replyEditor)!.textContent]).toEqual([0, '']);
  });

  it('names the active collaborators, or says the reply will not be emailed', async () => {
    const { document, location } = load('ticket-newest-first.html', '/support/scp/tickets.php?id=7');
    expect((await sendTool.prepare({ body: 'Hi' }, document, location)).data?.recipient).toBe('Tomás Herrera <tomas.herrera@example.com>; cc: Mark Okafor');
    document.querySelector<HTMLSelectElement>(SELECTORS.replyTo)!.value = 'user';
    expect((await sendTool.prepare({ body: 'Hi' }, document, location)).data?.recipient).toBe('Tomás Herrera <tomas.herrera@example.com>');
    document.querySelector<HTMLSelectElement>(SELECTORS.replyTo)!.value = 'none';
    expect((await sendTool.prepare({ body: 'Hi' }, document, location)).data?.recipient).toMatch(/^Tomás Herrera <tomas\.herrera@example\.com> \(posted to the ticket, not emailed/);
  });

  it('reads what osTicket will also do: a status chosen under the form, the claim of an unassigned ticket', async () => {
    const { document, location } = ticketPage();
    const effects = async (tool: 'reply.send' | 'note.add') => (await adapter.tools[tool]!.prepare({ body: 'Hi' }, document, location)).data?.effects;
    // As the page comes: the ticket's own status selected, and assigned to Sam Rivera.
    expect([await effects('reply.send'), await effects('note.add')]).toEqual([undefined, undefined]);
    document.querySelector<HTMLSelectElement>(SELECTORS.replyStatus)!.value = '2';
    document.querySelector('#field_assign')!.innerHTML = '<span class="faded">&mdash; Unassigned &mdash;</span>';
    expect(await effects('reply.send')).toEqual([{ kind: 'status', to: 'Resolved' }, { kind: 'claim' }]);
    // A note sets its own status select, and never claims.
    expect(await effects('note.add')).toBeUndefined();
    document.querySelector<HTMLSelectElement>(SELECTORS.noteStatus)!.value = '2';
    expect(await effects('note.add')).toEqual([{ kind: 'status', to: 'Resolved' }]);
  });

  it('prepares text that osTicket would read as markup as it is (deliver keeps it text)', async () => {
    const { document, location } = ticketPage();
    for (const body of ['Maria Lopez <maria@example.com>', 'Set <b>Keepalive</b>', 'See <!-- this -->', 'Type &amp; or &nbsp;', 'x&#x3C;y']) {
      expect(await sendTool.prepare({ body }, document, location)).toMatchObject({ ok: true, data: { body } });
    }
  });

  it('fails where there is no ticket or no reply form', async () => {
    const queue = load('queue.html', '/support/scp/tickets.php?queue=1');
    expect(await sendTool.prepare({ body: 'Hi' }, queue.document, queue.location)).toMatchObject({ ok: false, code: 'no_ticket' });
    const { document, location } = ticketPage();
    document.querySelector(SELECTORS.replyForm)!.remove();
    expect(await sendTool.prepare({ body: 'Hi' }, document, location)).toMatchObject({ ok: false, code: 'no_reply_form' });
  });
});
