import { afterEach, describe, expect, it, vi } from 'vitest';
import adapter, { SELECTORS } from '../../../src/sites/adapters/freescout';
import type { ReplyPayload } from '../../../src/sites/adapter';
import { comparableText, htmlToText } from '../../../src/sites/dom/text-compare';
import { fakeFreescout, newThread, reloaded } from '../../fakes/fake-freescout';
import { useFixtures, type LoadedPage } from '../load-fixture';

/**
 * reply.send's deliver, note.add, and afterLoad: FreeScout loads a page after every send, so
 * success is usually told by the next page, from the marker the sending page left.
 */
const load = useFixtures('freescout');
const CONVERSATION = '/conversation/42?folder_id=3';
const send = adapter.tools['reply.send']!;
const BODY = 'Hi Anna,\n\nthe corrected invoice with DE 123 456 789 is attached.\n  <no markup>';

afterEach(() => vi.useRealTimers());

function openConversation(options: Parameters<typeof fakeFreescout>[1] = {}) {
  const page = load('conversation.html', CONVERSATION);
  return { page, fake: fakeFreescout(page, options) };
}

async function prepared(page: LoadedPage, body = BODY): Promise<ReplyPayload> {
  const result = await send.prepare({ body }, page.document, page.location);
  expect(result.ok).toBe(true);
  return result.data!;
}

async function until(check: () => boolean, timeoutMs = 5_000): Promise<void> {
  for (const start = Date.now(); !check(); await new Promise((r) => setTimeout(r, 20))) {
    if (Date.now() - start > timeoutMs) throw new Error('timed out');
  }
}

const text = (page: LoadedPage, html: string | undefined) => comparableText(htmlToText(html ?? '', page.document));

describe('reply.send deliver', () => {
  it('refuses when the status or assignee in the open editor changed after the card, posting nothing', async () => {
    const { page, fake } = openConversation();
    const payload = await prepared(page);
    expect(payload.effects).toEqual([{ kind: 'status', to: 'Pending' }, { kind: 'assign_you' }]);
    page.document.querySelector<HTMLElement>('#conv-layout-header .conv-reply')!.click();
    page.document.querySelector<HTMLSelectElement>(SELECTORS.statusSelect)!.value = '3';
    const refused = await send.deliver(payload, page.document, page.location);
    expect(refused).toMatchObject({ ok: false, code: 'scope_changed' });
    expect(refused.error).toContain('posting now would set the status to Closed; assign it to you, the card said set the status to Pending; assign it to you. Nothing was sent');
    expect([fake.posts.length, fake.clicks()]).toEqual([0, 0]);
  });

  it('sends the exact text once, staying on the conversation, and the next page reports it sent', async () => {
    const { page, fake } = openConversation({ mirrorDelayMs: 700 });
    const payload = await prepared(page);
    void send.deliver(payload, page.document, page.location); // answered by no one: the page reloads
    await until(() => fake.posts.length === 1);
    const [post] = fake.posts;
    // Sent after the slow mirror caught up: an early click would have found the form empty.
    expect(text(page, post?.body)).toBe(comparableText(BODY));
    expect(post).toMatchObject({ after_send: '1', is_note: '', conversation_id: '42', status: '2' });
    expect(fake.clicks()).toBe(1);

    const next = reloaded(page, load('conversation.html', CONVERSATION), newThread(307, 'message', post!.body!));
    expect(await adapter.afterLoad!(next.document, next.location)).toEqual({
      tool: 'reply.send',
      payload,
      outcome: 'sent',
      detail: 'The reply is in conversation #1057 (thread-307).',
    });
    expect(await adapter.afterLoad!(next.document, next.location)).toBeNull(); // told once
    expect(fake.clicks()).toBe(1);
  });

  it('recognises the reply when it was sent from a saved draft, which keeps its id', async () => {
    const { page, fake } = openConversation();
    page.document.querySelector<HTMLInputElement>('.form-reply input[name="thread_id"]')!.value = '306';
    const payload = await prepared(page);
    void send.deliver(payload, page.document, page.location);
    await until(() => fake.posts.length === 1);
    const next = load('conversation.html', CONVERSATION);
    next.document.querySelector('#thread-306')!.remove();
    reloaded(page, next, newThread(306, 'message', fake.posts[0]!.body!));
    expect(await adapter.afterLoad!(next.document, next.location)).toMatchObject({ outcome: 'sent', payload });
  });

  it('reports not found when the next page does not show the reply, or is not the conversation', async () => {
    for (const nextPath of [CONVERSATION, '/conversation/43']) {
      const { page, fake } = openConversation();
      void send.deliver(await prepared(page), page.document, page.location);
      await until(() => fake.posts.length === 1);
      const next = reloaded(page, load('conversation.html', nextPath));
      expect(await adapter.afterLoad!(next.document, next.location)).toMatchObject({ outcome: 'not_found' });
    }
  });

  it('reports FreeScout’s error and forgets the delivery', async () => {
    const { page, fake } = openConversation();
    fake.answer('error');
    const result = await send.deliver(await prepared(page), page.document, page.location);
    expect(result).toMatchObject({ ok: false, code: 'delivery_failed' });
    expect(result.error).toContain('Not enough permissions');
    expect([fake.clicks(), fake.posts.length]).toEqual([1, 1]);
    expect(await adapter.afterLoad!(page.document, page.location)).toBeNull();
  });

  it('succeeds in the page itself when the reply shows up there', async () => {
    const { page, fake } = openConversation();
    fake.answer('live');
    expect(await send.deliver(await prepared(page), page.document, page.location)).toEqual({ ok: true, data: { posted: true } });
    expect(fake.clicks()).toBe(1);
  });

  it('refuses another conversation or site, and changed recipients, touching nothing', async () => {
    const { page, fake } = openConversation();
    const payload = await prepared(page);
    for (const other of [{ ...payload, ticket: '#1058' }, { ...payload, site: 'http://127.0.0.1:9999' }]) {
      expect(await send.deliver(other, page.document, page.location)).toMatchObject({ ok: false, code: 'scope_changed' });
    }
    page.document.querySelector(SELECTORS.cc)!.insertAdjacentHTML('beforeend', '<option value="x@example.com" selected>x@example.com</option>');
    expect(await send.deliver(payload, page.document, page.location)).toMatchObject({ ok: false, code: 'scope_changed' });
    expect(page.document.querySelector(SELECTORS.replyBlock)!.classList.contains('hidden')).toBe(true);
    expect([fake.clicks(), fake.posts.length]).toEqual([0, 0]);
  });

  it('will not send from an editor open for a note', async () => {
    const { page, fake } = openConversation();
    const payload = await prepared(page);
    page.document.querySelector<HTMLElement>(SELECTORS.noteOpen)!.click();
    expect(await send.deliver(payload, page.document, page.location)).toMatchObject({ ok: false, code: 'no_reply_form' });
    expect(fake.clicks()).toBe(0);
  });

  it('clicks once and says the outcome is unknown when nothing happens, keeping the marker', async () => {
    const { page, fake } = openConversation();
    fake.answer('hang');
    const payload = await prepared(page);
    vi.useFakeTimers();
    const delivered = send.deliver(payload, page.document, page.location);
    await vi.advanceTimersByTimeAsync(20_000);
    const result = await delivered;
    expect(result.error).toMatch(/may or may not have been sent/);
    expect(fake.clicks()).toBe(1);
    // The page that loads next, if it still does, can tell.
    expect(await adapter.afterLoad!(page.document, page.location)).toMatchObject({ outcome: 'not_found', payload });
  });
});

describe('note.add', () => {
  const note = 'Billing re-issued INV-2291 as INV-2291-C.';

  it('prepares a note with no recipient and clicks nothing', async () => {
    const { page, fake } = openConversation();
    const prepared = await adapter.tools['note.add']!.prepare({ body: note }, page.document, page.location);
    expect(prepared).toMatchObject({ ok: true, data: { site: page.location.origin, recipient: '', subject: '', body: note } });
    expect([fake.posts.length, fake.clicks()]).toEqual([0, 0]);
  });

  it('delivers through the note editor with the page’s own button, once', async () => {
    const { page, fake } = openConversation();
    fake.answer('live');
    const prepared = await adapter.tools['note.add']!.prepare({ body: note }, page.document, page.location);
    if (!prepared.ok) throw new Error(prepared.error);
    expect(await adapter.tools['note.add']!.deliver(prepared.data!, page.document, page.location)).toEqual({ ok: true, data: { posted: true } });
    expect(fake.posts).toHaveLength(1);
    expect(fake.posts[0]).toMatchObject({ is_note: '1', after_send: '1' });
    expect(text(page, fake.posts[0]?.body)).toBe(note);
    expect(fake.clicks()).toBe(1);
  });
});
