// @vitest-environment happy-dom
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ReviewedContact } from '../../src/shared/contact-review';
import type { ConfirmCardModel } from '../../src/ui/confirm-state';
import { ConfirmCard } from '../../src/ui/sidebar/ConfirmCard';
import { installI18n } from '../fakes/i18n';
import { attack } from './attack';

/** Finding 7 on the card: the list under the body, and no Confirm before it is there. */
const payload = { site: 'http://127.0.0.1:4517', ticket: '#1049', recipient: 'Jonas <jonas.becker@example.de>', subject: 'Re: Refund', body: 'x' };
const item = (patch: Partial<ReviewedContact>): ReviewedContact => ({ kind: 'link', value: 'https://x.example/', key: 'https://x.example/', host: 'x.example', sources: ['ticket'], unverified: false, lookalike: [], ...patch });
const PHISH = item({ value: 'https://northwind-refunds.example/login', host: 'northwind-refunds.example', sources: [], unverified: true });
const IBAN = item({ kind: 'iban', value: 'DE44 5001 0517 5407 3249 31', host: 'DE', sources: [], unverified: true });
const PHONE = item({ kind: 'phone', value: '+49 30 12345678', host: null, sources: ['ticket'] });

let root: HTMLElement;
let accepted: string[];
const show = (patch: Partial<ConfirmCardModel>) =>
  act(() =>
    render(
      <ConfirmCard
        card={{ id: 'c1', tool: 'reply.send', payload, expiresAt: Date.now() + 60_000, home: { site: 'http://127.0.0.1:4517', ticket: '1042' }, state: 'pending', ...patch }}
        onAccept={(d) => void accepted.push(d)}
        onCancel={() => undefined}
        onCheck={() => undefined}
        onClose={() => undefined}
      />,
      root,
    ),
  );
const $ = (id: string) => root.querySelector<HTMLElement>(`[data-testid="${id}"]`);

beforeEach(() => {
  installI18n();
  accepted = [];
  root = document.createElement('div');
  document.body.append(root);
});
afterEach(() => {
  render(null, root);
  root.remove();
});

describe('security: the confirm card lists what the body points to', () => {
  attack('Confirm waits for the list: a card cannot be confirmed before a phishing link could stand out', async () => {
    await show({ review: { status: 'loading' } });
    expect(($('confirm-accept') as HTMLButtonElement).disabled).toBe(true);
    $('confirm-accept')!.click();
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(accepted).toEqual([]);
  });

  attack('a phishing link and a changed IBAN stand out, with their hosts, and the card warns', async () => {
    await show({ review: { status: 'ready', items: [PHISH, IBAN, PHONE] } });
    const rows = [...root.querySelectorAll<HTMLElement>('[data-testid="review-item"]')];
    expect(rows.map((r) => [r.dataset.kind, r.dataset.unverified])).toEqual([['link', 'true'], ['iban', 'true'], ['phone', 'false']]);
    expect(rows[0]!.classList.contains('review-unverified')).toBe(true);
    expect(rows[0]!.querySelector('[data-testid="review-host"]')!.textContent).toBe('northwind-refunds.example');
    expect(rows[0]!.querySelector('[data-testid="review-source"]')!.textContent).toMatch(/^⚠ /);
    expect(rows[2]!.querySelector('[data-testid="review-source"]')!.textContent).toBe('in the ticket');
    expect($('review-warning')!.textContent).toContain('2');
    expect(($('confirm-accept') as HTMLButtonElement).disabled).toBe(false);
  });

  it('says when the body has nothing to list, and when the list could not be made', async () => {
    await show({ review: { status: 'ready', items: [] } });
    expect($('confirm-review')!.textContent).toContain('No links');
    await show({ review: { status: 'failed', error: 'gone' } });
    expect($('confirm-review')!.dataset.state).toBe('failed');
    expect(($('confirm-accept') as HTMLButtonElement).disabled).toBe(false);
  });
});
