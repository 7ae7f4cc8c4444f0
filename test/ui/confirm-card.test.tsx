// @vitest-environment happy-dom
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { payloadDigest } from '../../src/core';
import type { ConfirmCardModel } from '../../src/ui/confirm-state';
import { ConfirmCard } from '../../src/ui/sidebar/ConfirmCard';
import { installI18n } from '../fakes/i18n';
import { freshRoot, dropRoot } from './root';

// Key order differs from the card's own object on purpose: the digest is of canonical JSON.
const payload = {
  body: 'Hello <b>tags</b> & <img src=x onerror="alert(1)">\n\n  indented line\nLast line  ',
  subject: 'Re: <i>Refund</i>',
  site: 'http://127.0.0.1:4517',
  recipient: 'Ada Lovelace <ada@example.com>',
  ticket: '#1042',
};

const card = (patch: Partial<ConfirmCardModel> = {}): ConfirmCardModel => ({
  id: 'c1', tool: 'reply.send', payload, expiresAt: Date.now() + 60_000, home: { site: 'http://127.0.0.1:4517', ticket: '1042' }, state: 'pending', ...patch,
});

let root: HTMLElement;
const calls: { accept: string[]; cancel: number; check: number; close: number } = { accept: [], cancel: 0, check: 0, close: 0 };
/** Settles the last Confirm, as the hook does once the card shows the background's answer. */
let answer = () => {};
const show = (model: ConfirmCardModel, away: { home: string; shows: string | null } | null = null) =>
  act(() =>
    render(
      <ConfirmCard
        card={model}
        away={away}
        onAccept={(d) => {
          calls.accept.push(d);
          return new Promise<void>((r) => (answer = r));
        }}
        onCancel={() => calls.cancel++}
        onCheck={() => calls.check++}
        onClose={() => calls.close++}
      />,
      root,
    ),
  );
const $ = (testId: string) => root.querySelector<HTMLElement>(`[data-testid="${testId}"]`);
const settle = () => act(() => new Promise((r) => setTimeout(r, 20)));
/** Until Confirm has reached the hook `n` times in all: the card digests the payload first, which a busy machine makes slow. */
const accepted = (n: number) => act(() => vi.waitFor(() => expect(calls.accept).toHaveLength(n), { timeout: 5_000 }));

beforeEach(() => {
  installI18n();
  root = freshRoot();
  Object.assign(calls, { accept: [], cancel: 0, check: 0, close: 0 });
});
afterEach(() => {
  dropRoot(root);
});

describe('ConfirmCard', () => {
  it('shows the body as plain text, exactly, never as HTML', async () => {
    await show(card());
    expect($('confirm-body')!.textContent).toBe(payload.body);
    expect($('confirm-card')!.querySelector('b, i, img')).toBeNull();
    expect($('confirm-body')!.classList.contains('text')).toBe(true); // white-space: pre-wrap
  });

  it('shows site, ticket, recipient and subject as text', async () => {
    await show(card());
    const text = $('confirm-card')!.textContent!;
    for (const value of [payload.site, payload.ticket, payload.recipient, payload.subject]) expect(text).toContain(value);
  });

  it('sends the digest of the payload it displays, once, however often it is clicked', async () => {
    await show(card());
    const button = $('confirm-accept') as HTMLButtonElement;
    button.click();
    button.click();
    await accepted(1);
    await settle(); // a second click, had it gone through, would be in by now
    expect(calls.accept).toEqual([await payloadDigest(payload)]);
    expect(button.disabled).toBe(true);
    expect($('confirm-status')!.dataset.state).toBe('pending');
  });

  it('takes a Confirm again when the answer left it pending (a refusal that claimed nothing), and says why', async () => {
    await show(card());
    $('confirm-accept')!.click();
    await accepted(1);
    expect(($('confirm-accept') as HTMLButtonElement).disabled).toBe(true);
    // The background refused (the tab had just left the ticket) and the record is still pending.
    await show(card({ error: 'The page now shows ticket #2077, not #1042. Nothing was sent.' }), { home: '#1042', shows: '#2077' });
    answer();
    await settle();
    expect($('confirm-status')!.dataset.state).toBe('pending');
    expect($('confirm-status')!.textContent).toBe('Not sent: The page now shows ticket #2077, not #1042. Nothing was sent.');
    expect(($('confirm-accept') as HTMLButtonElement).disabled).toBe(true); // held while away
    await show(card({ error: 'The page now shows ticket #2077, not #1042. Nothing was sent.' }));
    const button = $('confirm-accept') as HTMLButtonElement;
    expect(button.disabled).toBe(false);
    button.click();
    button.click();
    await accepted(2);
    expect(calls.accept).toEqual([await payloadDigest(payload), await payloadDigest(payload)]);
    expect(button.disabled).toBe(true);
  });

  it('holds Confirm, and says why, while the tab shows another ticket or no ticket; back on its ticket, Confirm is offered', async () => {
    await show(card(), { home: '#1042', shows: '#2077\u200B' });
    expect($('confirm-away')!.textContent).toBe('The tab now shows ticket #2077⟦U+200B⟧, not #1042. Go back to #1042 to confirm this send; nothing goes out from here.');
    const button = $('confirm-accept') as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    button.click();
    await settle();
    expect(calls.accept).toEqual([]);
    await show(card(), { home: '#1042', shows: null });
    expect($('confirm-away')!.textContent).toBe('The tab no longer shows #1042. Go back to it to confirm this send; nothing goes out from here.');
    expect(($('confirm-accept') as HTMLButtonElement).disabled).toBe(true);
    await show(card());
    expect($('confirm-away')).toBeNull();
    ($('confirm-accept') as HTMLButtonElement).click();
    await accepted(1);
    expect(calls.accept).toEqual([await payloadDigest(payload)]);
  });

  it('says what the helpdesk will also do, and Confirm\'s digest covers it', async () => {
    const effects = [{ kind: 'status', to: 'Pending' }, { kind: 'assign_you' }, { kind: 'claim' }];
    await show(card({ payload: { ...payload, effects } }));
    expect($('confirm-effects')!.textContent).toBe(
      'The helpdesk will also:set the status to Pendingassign it to youassign it to you if it stays open (osTicket’s “claim on response”, on unless an admin turned it off)',
    );
    ($('confirm-accept') as HTMLButtonElement).click();
    await accepted(1);
    expect(calls.accept).toEqual([await payloadDigest({ ...payload, effects })]);
    expect(calls.accept[0]).not.toBe(await payloadDigest(payload));
  });

  it('offers no confirm for side effects it cannot say', async () => {
    for (const effects of [[{ kind: 'close_ticket' }], [{ kind: 'status' }], 'Pending', []]) {
      render(null, root);
      await show(card({ payload: { ...payload, effects } }));
      expect(($('confirm-accept') as HTMLButtonElement).disabled).toBe(true);
      expect($('confirm-effects')).toBeNull();
    }
  });

  it('offers no confirm for a payload with a field it would not show', async () => {
    await show(card({ payload: { ...payload, bcc: 'eve@example.com' } }));
    expect(($('confirm-accept') as HTMLButtonElement).disabled).toBe(true);
    expect($('confirm-body')).toBeNull();
    ($('confirm-accept') as HTMLButtonElement).click();
    await settle();
    expect(calls.accept).toEqual([]);
  });

  it('cancels', async () => {
    await show(card());
    $('confirm-cancel')!.click();
    expect(calls.cancel).toBe(1);
  });

  it('says why a confirm was refused', async () => {
    await show(card({ state: 'refused', error: 'This confirmation has expired; prepare it again.' }));
    const status = $('confirm-status')!;
    expect(status.dataset.state).toBe('refused');
    expect(status.textContent).toBe('Not sent: This confirmation has expired; prepare it again.');
    expect($('confirm-accept')).toBeNull();
  });

  it('reports sent and failed', async () => {
    await show(card({ state: 'sent' }));
    expect($('confirm-status')!.dataset.state).toBe('sent');
    expect($('confirm-cancel')).toBeNull();
    await show(card({ state: 'failed', error: 'The send button is missing.' }));
    expect($('confirm-status')!.textContent).toBe('Sending failed: The send button is missing.');
  });

  it('offers to check the ticket when the outcome is unknown', async () => {
    await show(card({ state: 'unknown' }));
    expect($('confirm-status')!.dataset.state).toBe('unknown');
    const check = [...root.querySelectorAll('button')].find((b) => b.textContent === 'Check the ticket')!;
    check.click();
    expect(calls.check).toBe(1);
    await show(card({ state: 'unknown', notFound: true }));
    expect($('confirm-status')!.textContent).toBe('Not found in the ticket yet. It may still arrive: check again before you send it again.');
  });
});

describe('ConfirmCard for an internal note', () => {
  const note = { site: 'http://127.0.0.1:4517', ticket: '#1042', recipient: '', subject: '', body: 'Finance approved the refund.' };

  it('says the team sees it and the customer does not, and shows no empty To or Subject', async () => {
    await show(card({ tool: 'note.add', payload: note }));
    expect(root.querySelector('h2')!.textContent).toBe('Add this internal note');
    expect($('confirm-audience')!.textContent).toMatch(/your team sees it, the customer does not/);
    expect([...root.querySelectorAll('dt')].map((d) => d.textContent)).toEqual(['Site', 'Ticket']);
    expect($('confirm-accept')!.textContent).toBe('Confirm and add note');
  });

  it('confirms the digest of the note exactly as shown, empty fields included', async () => {
    await show(card({ tool: 'note.add', payload: note }));
    $('confirm-accept')!.click();
    await accepted(1);
    expect(calls.accept).toEqual([await payloadDigest(note)]);
  });
});
