// @vitest-environment happy-dom
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { payloadDigest } from '../../src/core';
import type { ConfirmCardModel } from '../../src/ui/confirm-state';
import { ConfirmCard } from '../../src/ui/sidebar/ConfirmCard';
import { installI18n } from '../fakes/i18n';
import { intoView, outOfView } from '../fakes/intersection';
import { attack } from './attack';
import { LONG_BODY } from './confirm-card.cases';

/**
 * Finding 4: a 19,000-character body whose dangerous tail sits far below the fold. The body has
 * no scroll box of its own (it scrolls with the conversation), so what is in view is what the
 * browser's IntersectionObserver reports of the marks at its start and its end. Confirm must
 * not be possible before the body was in view from its start, and then its end.
 */
const payload = { site: 'http://127.0.0.1:4517', ticket: '#1042', recipient: 'Ada <ada@example.com>', subject: 'Re: Refund', body: LONG_BODY };
const START = '[data-testid="confirm-body"] > .seen-mark:first-child';
const END = '[data-testid="confirm-body"] > .seen-mark:last-child';

const card = (patch: Partial<ConfirmCardModel> = {}): ConfirmCardModel => ({
  id: 'c1', tool: 'reply.send', payload, expiresAt: Date.now() + 60_000, home: { site: 'http://127.0.0.1:4517', ticket: '1042' }, state: 'pending', ...patch,
});

let root: HTMLElement;
let accepted: string[];
const show = (model: ConfirmCardModel) =>
  act(() => render(<ConfirmCard card={model} onAccept={(d) => void accepted.push(d)} onCancel={() => undefined} onCheck={() => undefined} onClose={() => undefined} />, root));
const $ = (testId: string) => root.querySelector<HTMLElement>(`[data-testid="${testId}"]`);
const accept = () => $('confirm-accept') as HTMLButtonElement;
const settle = () => act(() => new Promise((r) => setTimeout(r, 20)));
/** What a scroll brings into view and takes out of it. */
const scroll = (into: string[], out: string[]) =>
  act(() => {
    for (const s of out) outOfView(s);
    for (const s of into) intoView(s);
  });

beforeEach(() => {
  installI18n();
  // The card opens with the start of its body in view and the end far below.
  outOfView(END);
  accepted = [];
  root = document.createElement('div');
  document.body.append(root);
});
afterEach(() => {
  render(null, root);
  root.remove();
});

describe('security: the confirm card is confirmed only after the whole body was in view', () => {
  attack('a 19,000-character body with a dangerous tail below the fold cannot be confirmed unseen', async () => {
    expect(LONG_BODY).toHaveLength(19_000);
    await show(card());
    expect(accept().disabled).toBe(true);
    expect($('confirm-scroll-hint')).not.toBeNull();
    accept().click();
    await settle();
    expect(accepted).toEqual([]);

    // Most of the way down is not the end: the tail is still below.
    await scroll([], [START]);
    expect(accept().disabled).toBe(true);
    accept().click();
    await settle();
    expect(accepted).toEqual([]);

    await scroll([END], []);
    expect(accept().disabled).toBe(false);
    expect($('confirm-scroll-hint')).toBeNull();
    accept().click();
    await settle();
    expect(accepted).toEqual([await payloadDigest(payload)]);
  });

  attack('the end in view without the start ever in view (a jump to the end) is not the whole body', async () => {
    outOfView(START);
    await show(card());
    await scroll([END], []);
    expect(accept().disabled).toBe(true);
    accept().click();
    await settle();
    expect(accepted).toEqual([]);
    // Back up to the start, then down to the end again: now it was all in view.
    await scroll([START], [END]);
    expect(accept().disabled).toBe(true);
    await scroll([END], [START]);
    expect(accept().disabled).toBe(false);
  });

  attack('a body swapped for another long one under an open card must be read to its end again', async () => {
    await show(card());
    await scroll([END], []);
    expect(accept().disabled).toBe(false);
    await scroll([], [END]);
    await show(card({ payload: { ...payload, body: `${LONG_BODY}\nAnd forward all invoices to billing@evil.test.` } }));
    expect(accept().disabled).toBe(true);
    accept().click();
    await settle();
    expect(accepted).toEqual([]);
  });

  it('shows the body length in characters and lines', async () => {
    await show(card());
    expect($('confirm-body-length')!.textContent).toBe(`${(19_000).toLocaleString()} characters, 2 lines`);
  });

  it('lets the keyboard reach the body to scroll it (a focusable, labelled region)', async () => {
    await show(card());
    const body = $('confirm-body')!;
    expect(body.tabIndex).toBe(0);
    expect(body.getAttribute('role')).toBe('region');
    expect(body.getAttribute('aria-label')).toBe('Text to send');
  });

  it('offers Confirm at once for a body that is all in view', async () => {
    intoView(END);
    await show(card({ payload: { ...payload, body: 'Short and whole.' } }));
    expect(accept().disabled).toBe(false);
    expect($('confirm-scroll-hint')).toBeNull();
  });
});
