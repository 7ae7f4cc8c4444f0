import { afterEach, describe, expect, it, vi } from 'vitest';
import { Window } from 'happy-dom';
import adapter, { SELECTORS } from '../../../src/sites/adapters/osticket';
import type { ReplyPayload } from '../../../src/sites/adapter';
import { comparableText, htmlToText } from '../../../src/sites/dom/text-compare';
import { RELOAD_DELAY_MS } from '../../../src/sites/adapters/osticket-post';
import { fakeOsticket, osticketKeeps } from '../../fakes/fake-osticket';
import { FIXTURE_ORIGIN, fixtureHtml, useFixtures, type LoadedPage } from '../load-fixture';

/**
 * reply.send's deliver and note.add: the page's own form, posted once into a hidden frame,
 * and success only when the thread osTicket answers with shows the entry.
 */
const load = useFixtures('osticket', { navigation: { disableMainFrameNavigation: true, disableFallbackToSetURL: true } });
const TICKET_URL = `${FIXTURE_ORIGIN}/support/scp/tickets.php?id=5`;
const send = adapter.tools['reply.send']!;
const BODY = 'Hi Priya,\n\nplease set Keepalive to 10 minutes & reconnect.\n  Timeouts < 10 min > none.';

afterEach(() => vi.useRealTimers());

function openTicket(options: Parameters<typeof fakeOsticket>[1] extends infer O ? Partial<O> : never = {}) {
  const page = load('ticket.html', '/support/scp/tickets.php?id=5');
  const server = fakeOsticket(page, { ticketHtml: fixtureHtml('osticket', 'ticket.html'), ...options });
  const clicks = { reply: 0, note: 0 };
  page.document.querySelector(SELECTORS.replySubmit)!.addEventListener('click', () => clicks.reply++);
  page.document.querySelector(SELECTORS.noteSubmit)!.addEventListener('click', () => clicks.note++);
  const assign = vi.spyOn(page.window.location, 'assign').mockImplementation(() => undefined);
  return { page, server, clicks, assign };
}

async function prepared(page: LoadedPage, body = BODY): Promise<ReplyPayload> {
  const result = await send.prepare({ body }, page.document, page.location);
  expect(result.ok).toBe(true);
  return result.data!;
}

const postedText = (page: LoadedPage, html: string | undefined) => comparableText(htmlToText(html ?? '', page.document));

describe('reply.send deliver', () => {
  it('posts the exact text once, waits for the mirror, and succeeds when the thread shows it', async () => {
    const { page, server, clicks, assign } = openTicket({ mirrorDelayMs: 600 });
    const payload = await prepared(page);
    expect(await send.deliver(payload, page.document, page.location)).toEqual({ ok: true, data: { posted: true } });

    expect(clicks.reply).toBe(1);
    expect(server.posts).toHaveLength(1);
    const [post] = server.posts;
    // Posted after the slow mirror caught up: an early click would have posted an empty response.
    expect(postedText(page, post?.response)).toBe(comparableText(BODY));
    expect(post).toMatchObject({ a: 'reply', id: '5', __CSRFToken__: '7f3c2a9d4e1b8c6a5d0f9e8b7a6c5d4e3f2a1b0c', 'reply-to': 'all', signature: 'none', reply_status_id: '1' });
    expect(page.document.querySelector('iframe')).toBeNull();
    expect(page.document.querySelector(SELECTORS.replyForm)!.hasAttribute('target')).toBe(false);

    // Then the tab shows the ticket as it now is, once the answer has left the page.
    expect(assign).not.toHaveBeenCalled();
    await new Promise((r) => setTimeout(r, RELOAD_DELAY_MS + 100));
    expect(assign).toHaveBeenCalledWith(TICKET_URL);
    expect(clicks.reply).toBe(1);
  });

  it('succeeds through the ticket itself when the post lands on the queue', async () => {
    const { page, server, clicks } = openTicket();
    server.landOnQueue(fixtureHtml('osticket', 'queue.html'));
    expect(await send.deliver(await prepared(page), page.document, page.location)).toEqual({ ok: true, data: { posted: true } });
    expect([clicks.reply, server.posts.length]).toEqual([1, 1]);
  });

  it('reads the ticket itself after a queue landing, not a late load of the queue page', async () => {
    const { page, server, clicks } = openTicket();
    server.landOnQueue(fixtureHtml('osticket', 'queue.html'), { lateLoad: true });
    expect(await send.deliver(await prepared(page), page.document, page.location)).toEqual({ ok: true, data: { posted: true } });
    expect([clicks.reply, server.posts.length]).toEqual([1, 1]);
  });

  it('sends once when the page holds the click back to take a ticket lock first', async () => {
    const { page, server, clicks } = openTicket();
    const button = page.document.querySelector<HTMLInputElement>(SELECTORS.replySubmit)!;
    let locked = false;
    // Like osTicket's ensureLocked: cancel the click, get the lock, click again.
    button.addEventListener('click', (e) => {
      if (locked) return;
      e.preventDefault();
      setTimeout(() => ((locked = true), button.click()), 100);
    });
    expect(await send.deliver(await prepared(page), page.document, page.location)).toEqual({ ok: true, data: { posted: true } });
    expect([clicks.reply, server.posts.length]).toEqual([2, 1]); // one click of ours, one of the page
  });

  it('reports osTicket’s refusal, which posts nothing', async () => {
    const { page, server, clicks } = openTicket();
    server.refuseWith('Your lock has expired. Please try again!');
    const result = await send.deliver(await prepared(page), page.document, page.location);
    expect(result).toMatchObject({ ok: false, code: 'delivery_failed' });
    expect(result.error).toBe('osTicket refused the reply: Your lock has expired. Please try again!');
    expect([clicks.reply, server.posts.length]).toEqual([1, 1]);
  });

  it('sends "Name <addr@example.com>" and other markup-like text so that osTicket keeps exactly the confirmed text', async () => {
    const body = 'Please write to Maria Lopez <maria@example.com> (cc <billing@example.com>).\nType &lt; or &#60; for "<", never <b>bold</b> <!x> <?php ?>\nA&B, 3 < 4 > 2 & done.';
    const { page, server, clicks } = openTicket();
    const payload = await prepared(page, body);
    expect(payload.body).toBe(body);
    expect(await send.deliver(payload, page.document, page.location)).toEqual({ ok: true, data: { posted: true } });
    expect([clicks.reply, server.stored.length]).toEqual([1, 1]);
    // What osTicket stored reads exactly as the card showed it, line for line.
    expect(htmlToText(server.stored[0]!, page.document)).toBe(body);
  });

  it('(the fake osTicket drops what the real one drops: the check above can fail)', () => {
    expect(htmlToText(osticketKeeps('<p>Maria Lopez &lt;maria@example.com&gt; &amp;lt;x&amp;gt; &lt;b&gt;bold&lt;/b&gt;</p>'), new Window().document as unknown as Document)).toBe('Maria Lopez bold');
  });

  it('sends the note\'s markup-like text exactly too', async () => {
    const body = 'Customer wrote from Ana <ana@example.org>; see &nbsp; in the log.';
    const { page, server } = openTicket();
    const note = adapter.tools['note.add']!;
    const prepared = await note.prepare({ body }, page.document, page.location);
    expect(await note.deliver(prepared.data!, page.document, page.location)).toEqual({ ok: true, data: { posted: true } });
    expect(htmlToText(server.stored[0]!, page.document)).toBe(body);
  });

  it('posts the status the card showed, and refuses when the form was changed after the card, posting nothing', async () => {
    const { page, server, clicks } = openTicket();
    const status = page.document.querySelector<HTMLSelectElement>(SELECTORS.replyStatus)!;
    status.value = '2';
    const payload = await prepared(page);
    expect(payload.effects).toEqual([{ kind: 'status', to: 'Resolved' }]);
    // The agent picks Closed while the card is up: the card no longer says what would happen.
    status.value = '3';
    const refused = await send.deliver(payload, page.document, page.location);
    expect(refused).toMatchObject({ ok: false, code: 'scope_changed' });
    expect(refused.error).toContain('posting now would set the status to Closed, the card said set the status to Resolved. Nothing was sent');
    expect([clicks.reply, server.posts.length, page.document.querySelector(SELECTORS.replyEditor)!.textContent]).toEqual([0, 0, '']);
    // Back as the card said: it goes, with that status.
    status.value = '2';
    expect(await send.deliver(payload, page.document, page.location)).toEqual({ ok: true, data: { posted: true } });
    expect(server.posts[0]).toMatchObject({ reply_status_id: '2' });
  });

  it('refuses a payload for another ticket or site, touching nothing', async () => {
    const { page, server, clicks } = openTicket();
    const payload = await prepared(page);
    for (const other of [{ ...payload, ticket: '#338771' }, { ...payload, site: 'http://127.0.0.1:9999' }]) {
      expect(await send.deliver(other, page.document, page.location)).toMatchObject({ ok: false, code: 'scope_changed' });
    }
    expect([clicks.reply, server.posts.length, page.document.querySelector(SELECTORS.replyEditor)!.textContent]).toEqual([0, 0, '']);
  });

  it('refuses when the recipients changed after the confirm', async () => {
    const { page, server, clicks } = openTicket();
    const payload = await prepared(page);
    page.document.querySelector<HTMLSelectElement>(SELECTORS.replyTo)!.value = 'none';
    expect(await send.deliver(payload, page.document, page.location)).toMatchObject({ ok: false, code: 'scope_changed' });
    expect([clicks.reply, server.posts.length]).toEqual([0, 0]);
  });

  it('sends nothing when the editor never reaches the form', async () => {
    const { page, server, clicks } = openTicket({ mirrorDelayMs: false });
    const payload = await prepared(page);
    vi.useFakeTimers();
    const delivered = send.deliver(payload, page.document, page.location);
    await vi.advanceTimersByTimeAsync(20_000);
    const result = await delivered;
    expect(result).toMatchObject({ ok: false, code: 'delivery_failed' });
    expect(result.error).toMatch(/nothing was sent/);
    expect([clicks.reply, server.posts.length]).toEqual([0, 0]);
  });

  it('clicks once and says the outcome is unknown when osTicket does not answer', async () => {
    const { page, server, clicks, assign } = openTicket();
    server.hang();
    const payload = await prepared(page);
    vi.useFakeTimers();
    const delivered = send.deliver(payload, page.document, page.location);
    await vi.advanceTimersByTimeAsync(20_000);
    const result = await delivered;
    expect(result).toMatchObject({ ok: false, code: 'outcome_unknown' });
    expect(result.error).toMatch(/may or may not have been posted/);
    expect(clicks.reply).toBe(1);
    expect(assign).toHaveBeenCalledWith(TICKET_URL);
  });

  it('says so when the page stops its own form from being submitted', async () => {
    const { page, server, clicks, assign } = openTicket();
    page.document.querySelector(SELECTORS.replyForm)!.addEventListener('submit', (e) => e.preventDefault());
    const payload = await prepared(page);
    vi.useFakeTimers();
    const delivered = send.deliver(payload, page.document, page.location);
    await vi.advanceTimersByTimeAsync(20_000);
    expect((await delivered).error).toBe('The page stopped the reply form from being submitted, so it did not post it.');
    expect([clicks.reply, server.posts.length, assign.mock.calls.length]).toEqual([1, 0, 0]);
  });
});

describe('note.add', () => {
  const note = 'Asked for the client log; KB-2231 fits.';

  it('prepares a note with no recipient and posts nothing', async () => {
    const { page, server, clicks } = openTicket();
    const prepared = await adapter.tools['note.add']!.prepare({ body: note }, page.document, page.location);
    expect(prepared).toMatchObject({ ok: true, data: { site: page.location.origin, recipient: '', subject: '', body: note } });
    expect([clicks.note, server.posts.length]).toEqual([0, 0]);
  });

  it('delivers the internal note form once and succeeds when the note is in the thread', async () => {
    const { page, server, clicks } = openTicket();
    const prepared = await adapter.tools['note.add']!.prepare({ body: note }, page.document, page.location);
    if (!prepared.ok) throw new Error(prepared.error);
    expect(await adapter.tools['note.add']!.deliver(prepared.data!, page.document, page.location)).toEqual({ ok: true, data: { posted: true } });
    expect([clicks.note, clicks.reply, server.posts.length]).toEqual([1, 0, 1]);
    expect(server.posts[0]).toMatchObject({ a: 'postnote', id: '5' });
    expect(postedText(page, server.posts[0]?.note)).toBe(note);
    expect(page.document.querySelector(SELECTORS.replyEditor)!.textContent).toBe('');
  });

  it('refuses an empty note and a page without a ticket', async () => {
    const { page } = openTicket();
    expect(await adapter.tools['note.add']!.prepare({ body: '' }, page.document, page.location)).toMatchObject({ ok: false, code: 'invalid_input' });
    const queue = load('queue.html', '/support/scp/tickets.php?queue=1');
    expect(await adapter.tools['note.add']!.prepare({ body: 'x' }, queue.document, queue.location)).toMatchObject({ ok: false, code: 'no_ticket' });
  });
});
