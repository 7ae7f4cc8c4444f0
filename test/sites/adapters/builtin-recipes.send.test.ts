import { describe, expect, it } from 'vitest';
import type { Adapter, ReplyPayload } from '../../../src/sites/adapter';
import freshdesk from '../../../src/sites/adapters/freshdesk';
import helpscout from '../../../src/sites/adapters/helpscout';
import zammad from '../../../src/sites/adapters/zammad';
import zendesk from '../../../src/sites/adapters/zendesk';
import type { Helpdesk } from '../../e2e/harness/builtin-pages';
import { htmlToStoredText } from '../../e2e/harness/fixture-helpdesk';
import { fakeBuiltinHelpdesk } from '../../fakes/fake-builtin-helpdesks';
import { useFixtures } from '../load-fixture';

/**
 * The built-in recipes' Insert and Send on their fixture pages, with each helpdesk's editor
 * and posting control played by test/fakes/fake-builtin-helpdesks.ts: reply.fill puts the
 * draft where the agent sees it, prepare gives the confirm card's exact payload and touches
 * nothing, deliver clicks the helpdesk's control once, after the place the helpdesk posts
 * from holds the text, and says "sent" when the thread shows it.
 */
const DRAFT = 'Hi Ines,\n\nSorry about the lamp. A new one ships today: <no charge> & no return needed.\n\nBest,\nSam';

interface Case {
  adapter: Adapter;
  helpdesk: Helpdesk;
  url: string;
  label: string;
  /** The reply box as the helpdesk would store it now. */
  editor: (doc: Document) => string;
  /** The shown ticket's thread entries. */
  entries: string;
}

const cases: Case[] = [
  {
    adapter: zammad,
    helpdesk: 'zammad',
    url: 'http://desk.example.org/#ticket/zoom/5',
    label: '#31005',
    editor: (doc) => htmlToStoredText(doc.querySelector('.content.active .articleNewEdit-body')!.innerHTML),
    entries: '.content.active .ticket-article-item',
  },
  {
    adapter: zendesk,
    helpdesk: 'zendesk',
    url: 'https://acme.zendesk.com/agent/tickets/5',
    label: '#5',
    editor: (doc) => htmlToStoredText(doc.querySelector('[data-ticket-id="5"] [data-test-id="omnicomposer-rich-text-ckeditor"]')!.innerHTML),
    entries: '[data-ticket-id="5"] [data-test-id="omni-log-comment-item"]',
  },
  {
    adapter: freshdesk,
    helpdesk: 'freshdesk',
    url: 'https://acme.freshdesk.com/a/tickets/5',
    label: '#5',
    editor: (doc) => htmlToStoredText(doc.querySelector('.fr-element')?.innerHTML ?? ''),
    entries: '.tickets-conversation-pane > *',
  },
  {
    adapter: helpscout,
    helpdesk: 'helpscout',
    url: 'https://secure.helpscout.net/conversation/5/31005',
    label: '#31005',
    editor: (doc) => htmlToStoredText(doc.querySelector('[data-cy="ConvoEditor"] [contenteditable]')!.innerHTML),
    entries: 'ol[aria-label="Thread Items"] > li',
  },
];

describe.each(cases)('the built-in $helpdesk recipe on its fixture', ({ adapter, helpdesk, url, label, editor, entries }) => {
  const load = useFixtures(helpdesk);
  const open = (options: { mirrorDelayMs?: number } = {}) => {
    const page = load('ticket.html', url);
    return { page, fake: fakeBuiltinHelpdesk(helpdesk, page, options) };
  };
  const send = adapter.tools['reply.send']!;
  const expected: ReplyPayload = { site: new URL(url).origin, ticket: label, recipient: 'Ines Duarte <ines@example.org>', subject: 'Re: Parcel arrived damaged', body: DRAFT };

  it('reply.fill puts the draft into the shown reply box (opening it first where it is closed), and posts nothing', async () => {
    const { page, fake } = open();
    expect(await adapter.tools['reply.fill']!({ body: DRAFT }, page.document, page.location)).toMatchObject({ ok: true });
    expect(editor(page.document).trim()).toBe(DRAFT);
    // In the box the agent sees, not in a closed one the page keeps hidden.
    expect(page.document.querySelector('[hidden] [contenteditable="true"]')).toBeNull();
    expect([fake.clicks(), fake.posts]).toEqual([0, []]);
  });

  it('prepare gives the exact payload of the confirm card and touches nothing', async () => {
    const { page, fake } = open();
    const before = page.document.body.innerHTML;
    expect(await send.prepare({ body: DRAFT }, page.document, page.location)).toEqual({ ok: true, data: expected });
    expect(page.document.body.innerHTML).toBe(before);
    expect([fake.clicks(), fake.posts]).toEqual([0, []]);
  });

  it('deliver posts exactly the draft once, from where the helpdesk takes it, and says sent when the thread shows it', async () => {
    const { page, fake } = open({ mirrorDelayMs: 400 });
    const count = page.document.querySelectorAll(entries).length;
    expect(await send.deliver(expected, page.document, page.location)).toEqual({ ok: true, data: { posted: true } });
    expect(fake.posts).toEqual([{ ticketId: 5, text: DRAFT }]);
    expect(page.document.querySelectorAll(entries)).toHaveLength(count + 1);
    await new Promise((r) => setTimeout(r, 200)); // room for a stray second click to show
    expect(fake.clicks()).toBe(1);
  });

  it('deliver refuses a payload for another ticket or site, touching nothing', async () => {
    const { page, fake } = open();
    for (const other of [{ ...expected, ticket: '#4' }, { ...expected, site: 'https://elsewhere.example' }]) {
      expect(await send.deliver(other, page.document, page.location)).toMatchObject({ ok: false, code: 'scope_changed' });
    }
    expect([fake.clicks(), fake.posts]).toEqual([0, []]);
  });
});

describe('deliver waits for the place a helpdesk posts from', () => {
  const freshdeskPage = useFixtures('freshdesk');
  const zendeskPage = useFixtures('zendesk');

  it('Freshdesk: Send is clicked only once Froala’s slow mirror holds the text (an early click would post an empty reply)', async () => {
    const page = freshdeskPage('ticket.html', 'https://acme.freshdesk.com/a/tickets/5');
    const fake = fakeBuiltinHelpdesk('freshdesk', page, { mirrorDelayMs: 1_200 });
    const send = freshdesk.tools['reply.send']!;
    const payload = (await send.prepare({ body: DRAFT }, page.document, page.location)).data!;
    const started = Date.now();
    expect(await send.deliver(payload, page.document, page.location)).toEqual({ ok: true, data: { posted: true } });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_200);
    expect(fake.posts).toEqual([{ ticketId: 5, text: DRAFT }]);
    expect(fake.clicks()).toBe(1);
  });

  it('Zendesk: text CKEditor 5’s model does not take (set behind its back, rendered over) is not posted: nothing is clicked', { timeout: 20_000 }, async () => {
    const page = zendeskPage('ticket.html', 'https://acme.zendesk.com/agent/tickets/5');
    const fake = fakeBuiltinHelpdesk('zendesk', page);
    // A browser whose edit command does not reach the editor: only a change by hand is left.
    (page.document as { execCommand: unknown }).execCommand = () => false;
    const send = zendesk.tools['reply.send']!;
    const payload = (await send.prepare({ body: DRAFT }, page.document, page.location)).data!;
    expect(await send.deliver(payload, page.document, page.location)).toMatchObject({ ok: false, code: 'delivery_failed' });
    expect([fake.clicks(), fake.posts]).toEqual([0, []]);
  });
});
