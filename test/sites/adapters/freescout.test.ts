import { describe, expect, it } from 'vitest';
import adapter, { SELECTORS } from '../../../src/sites/adapters/freescout';
import type { TicketData } from '../../../src/sites/adapter';
import { comparableText, htmlToText } from '../../../src/sites/dom/text-compare';
import { threadTime } from '../../../src/sites/adapters/freescout-page';
import { fakeFreescout } from '../../fakes/fake-freescout';
import { FIXTURE_ORIGIN, loadFixture, useFixtures } from '../load-fixture';

/** Reading the conversation, filling the editor, preparing a reply. Sending: freescout.deliver.test.ts. */
const load = useFixtures('freescout');
const CONVERSATION = '/conversation/42?folder_id=3';
const conversation = () => load('conversation.html', CONVERSATION);
const send = adapter.tools['reply.send']!;

describe('detect and ticket', () => {
  it('detects a conversation page on any host and in any folder', () => {
    const { url, document } = conversation();
    expect(adapter.detect(url, document)).toBe(true);
    expect(adapter.detect(new URL('https://desk.example.com/help/conversation/42'), document)).toBe(true);
  });

  it('does not detect a mailbox folder or an unrelated page', () => {
    const folder = load('mailbox.html', '/mailbox/1/3');
    expect(adapter.detect(folder.url, folder.document)).toBe(false);
    const other = loadFixture('generic', 'article.html', '/conversation/42');
    expect(adapter.detect(other.url, other.document)).toBe(false);
    other.window.happyDOM.close();
  });

  it('names the conversation by its id, labelled with the number people see', () => {
    const { url, document } = conversation();
    expect(adapter.ticket(url, document)).toEqual({ key: '42', label: '#1057' });
    expect(adapter.ticket(new URL(`${FIXTURE_ORIGIN}/conversation/43`), document)).toBeNull();
  });
});

describe('ticket.read', () => {
  it('reads the conversation oldest first, with roles, the agent named, and local ISO times', async () => {
    const { document, location } = conversation();
    expect(await adapter.tools['ticket.read']!({}, document, location)).toEqual({
      ok: true,
      data: {
        number: '#1057',
        subject: 'Wrong VAT number on invoice INV-2291',
        status: 'Active',
        requester: { name: 'Anna Schmidt', email: 'anna.schmidt@example.de' },
        messages: [
          {
            author: 'Anna Schmidt',
            role: 'customer',
            time: '2025-03-17T08:12',
            body: 'Hello,\n\ninvoice INV-2291 shows our old VAT number. Please send a corrected invoice; our accounting cannot book it as it is.\n\nRegards,\nAnna Schmidt\nSchmidt & Partner GmbH',
          },
          { author: '', role: 'system', time: '2025-03-17T08:20', body: 'Jordan Lee assigned to Sam Rivera' },
          {
            author: 'Jordan Lee',
            role: 'internal',
            // From data-original-title: its tooltip had been shown.
            time: '2025-03-17T08:31',
            body: 'Finance changed the customer record on 2 January; invoices before that carry the old number. Re-issue from the billing tool, not by hand.',
          },
          { author: 'Sam (you)', role: 'agent', time: '2025-03-17T09:05', body: 'Hi Anna,\n\nsorry about that. Could you confirm the VAT number you want on the invoice?\n\nBest,\nSam' },
          { author: 'Anna Schmidt', role: 'customer', time: '2025-03-18T10:02', body: 'Thanks! Our new VAT number is DE 123 456 789.\n\nAnna' },
        ],
      } satisfies TicketData,
    });
  });

  it('refuses on a folder page', async () => {
    const { document, location } = load('mailbox.html', '/mailbox/1/3');
    expect(await adapter.tools['ticket.read']!({}, document, location)).toMatchObject({ ok: false, code: 'no_ticket' });
  });
});

describe('threadTime', () => {
  it('reads 24-hour and 12-hour tooltips as ISO local time', () => {
    expect(threadTime('Mar 17, 2025 08:12')).toBe('2025-03-17T08:12');
    expect(threadTime('Dec 1, 2024 12:05AM')).toBe('2024-12-01T00:05');
    expect(threadTime('Jul 4, 2025 01:30 pm')).toBe('2025-07-04T13:30');
  });

  it('keeps any other text as it is, and gives null for none', () => {
    expect(threadTime('17 mars 2025 08:12')).toBe('17 mars 2025 08:12');
    expect(threadTime('Foo 17, 2025 08:12')).toBe('Foo 17, 2025 08:12');
    expect(threadTime('Mar 17, 2025 13:12pm')).toBe('Mar 17, 2025 13:12pm');
    expect(threadTime('  ')).toBeNull();
  });
});

describe('reply.fill', () => {
  it('opens the reply editor with the page’s button, fills it, and the hidden field catches up', async () => {
    const page = conversation();
    fakeFreescout(page);
    const body = 'Hi Anna,\n\nthe corrected invoice is <attached>.';
    expect(await adapter.tools['reply.fill']!({ body }, page.document, page.location)).toEqual({ ok: true, data: { filled: true } });
    expect(page.document.querySelector(SELECTORS.replyBlock)!.classList.contains('hidden')).toBe(false);
    await new Promise((r) => setTimeout(r, 200));
    const mirror = page.document.querySelector<HTMLTextAreaElement>(SELECTORS.mirror)!;
    expect(comparableText(htmlToText(mirror.value, page.document))).toBe(comparableText(body));
  });

  it('will not turn an open note into a reply', async () => {
    const page = conversation();
    fakeFreescout(page);
    page.document.querySelector<HTMLElement>(SELECTORS.noteOpen)!.click();
    expect(await adapter.tools['reply.fill']!({ body: 'Hi' }, page.document, page.location)).toMatchObject({ ok: false, code: 'no_reply_form' });
  });
});

describe('reply.send prepare', () => {
  it('builds the payload from the page and the input, sending and opening nothing', async () => {
    const { document, location } = conversation();
    const body = 'Hi Anna,\n\nthe corrected invoice is attached.';
    expect(await send.prepare({ body }, document, location)).toEqual({
      ok: true,
      data: {
        site: FIXTURE_ORIGIN,
        ticket: '#1057',
        recipient: 'Anna Schmidt <anna.schmidt@example.de>',
        subject: 'Re: Wrong VAT number on invoice INV-2291',
        body,
        // The conversation is Active and Sam Rivera's; a reply posts Pending and "Me" by default.
        effects: [{ kind: 'status', to: 'Pending' }, { kind: 'assign_you' }],
      },
    });
    expect(document.querySelector(SELECTORS.replyBlock)!.classList.contains('hidden')).toBe(true);
  });

  it('reads the status and assignee the form will post: the defaults while the editor is closed, the selects once open', async () => {
    const { document, location } = conversation();
    const effects = async (tool: 'reply.send' | 'note.add') => (await adapter.tools[tool]!.prepare({ body: 'Hi' }, document, location)).data?.effects;
    // A note keeps the assignee (main.js showNoteForm) and posts data-note-status: Active, as now.
    expect(await effects('note.add')).toBeUndefined();
    document.querySelector(SELECTORS.replyBlock)!.classList.remove('hidden');
    const status = document.querySelector<HTMLSelectElement>(SELECTORS.statusSelect)!;
    const user = document.querySelector<HTMLSelectElement>(SELECTORS.assigneeSelect)!;
    status.value = '3';
    user.value = '5';
    expect(await effects('reply.send')).toEqual([{ kind: 'status', to: 'Closed' }, { kind: 'assign', to: 'Jordan Lee' }]);
    status.value = '1';
    user.value = '-1';
    expect(await effects('reply.send')).toEqual([{ kind: 'unassign' }]);
    user.value = '7';
    expect(await effects('reply.send')).toBeUndefined();
  });

  it('names Cc and Bcc when the form has them', async () => {
    const { document, location } = conversation();
    document.querySelector(SELECTORS.cc)!.insertAdjacentHTML('beforeend', '<option value="ap@schmidt-partner.example" selected>ap@schmidt-partner.example</option>');
    document.querySelector(SELECTORS.bcc)!.insertAdjacentHTML('beforeend', '<option value="audit@northwind.example" selected>audit@northwind.example</option>');
    expect((await send.prepare({ body: 'Hi' }, document, location)).data?.recipient).toBe(
      'Anna Schmidt <anna.schmidt@example.de>; cc: ap@schmidt-partner.example; bcc: audit@northwind.example',
    );
  });

  it('will not prepare the text of the latest reply again', async () => {
    const { document, location } = conversation();
    const again = 'Hi Anna,\n\nsorry about that. Could you confirm the VAT number you want on the invoice?\n\nBest,\nSam';
    expect(await send.prepare({ body: again }, document, location)).toMatchObject({ ok: false, code: 'already_sent' });
  });

  it('fails where there is no conversation', async () => {
    const { document, location } = load('mailbox.html', '/mailbox/1/3');
    expect(await send.prepare({ body: 'Hi' }, document, location)).toMatchObject({ ok: false, code: 'no_ticket' });
  });
});
