// @vitest-environment happy-dom
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { payloadDigest } from '../../src/core';
import type { ConfirmCardModel } from '../../src/ui/confirm-state';
import { ConfirmCard } from '../../src/ui/sidebar/ConfirmCard';
import { installI18n } from '../fakes/i18n';
import { fakeScrollBox, scrollBoxTo } from '../fakes/scroll-box';
import { attack } from './attack';
import { LONG_BODY } from './confirm-card.cases';

/**
 * Finding 4: a 19,000-character body whose dangerous tail sits far below the fold of the card's
 * box. Confirm must not be possible before the end of the body has been in view.
 */
const payload = { site: 'http://127.0.0.1:4517', ticket: '#1042', recipient: 'Ada <ada@example.com>', subject: 'Re: Refund', body: LONG_BODY };
// What Chromium gives the real box (280 px high, ~11,000 px of text in a side panel's width).
const BOX = { clientHeight: 280, scrollHeight: 11_280 };

const card = (patch: Partial<ConfirmCardModel> = {}): ConfirmCardModel => ({
  id: 'c1', tool: 'reply.send', payload, expiresAt: Date.now() + 60_000, state: 'pending', ...patch,
});

let root: HTMLElement;
let accepted: string[];
let unfake: () => void;
const show = (model: ConfirmCardModel) =>
  act(() => render(<ConfirmCard card={model} onAccept={(d) => void accepted.push(d)} onCancel={() => undefined} onCheck={() => undefined} onClose={() => undefined} />, root));
const $ = (testId: string) => root.querySelector<HTMLElement>(`[data-testid="${testId}"]`);
const accept = () => $('confirm-accept') as HTMLButtonElement;
const settle = () => act(() => new Promise((r) => setTimeout(r, 20)));
const scroll = (top: number) => act(() => scrollBoxTo($('confirm-body')!, top));

beforeEach(() => {
  installI18n();
  unfake = fakeScrollBox('[data-testid="confirm-body"]', BOX);
  accepted = [];
  root = document.createElement('div');
  document.body.append(root);
});
afterEach(() => {
  render(null, root);
  root.remove();
  unfake();
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
    await scroll(8_000);
    expect(accept().disabled).toBe(true);
    accept().click();
    await settle();
    expect(accepted).toEqual([]);

    await scroll(BOX.scrollHeight);
    expect(accept().disabled).toBe(false);
    expect($('confirm-scroll-hint')).toBeNull();
    accept().click();
    await settle();
    expect(accepted).toEqual([await payloadDigest(payload)]);
  });

  attack('a body swapped for another long one under an open card must be read to its end again', async () => {
    await show(card());
    await scroll(BOX.scrollHeight);
    expect(accept().disabled).toBe(false);
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

  it('offers Confirm at once for a body that fits its box', async () => {
    unfake();
    unfake = fakeScrollBox('[data-testid="confirm-body"]', { clientHeight: 120, scrollHeight: 120 });
    await show(card({ payload: { ...payload, body: 'Short and whole.' } }));
    expect(accept().disabled).toBe(false);
    expect($('confirm-scroll-hint')).toBeNull();
  });
});
