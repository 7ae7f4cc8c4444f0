// @vitest-environment happy-dom
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ReviewedContact } from '../../src/shared/contact-review';
import type { ConfirmCardModel } from '../../src/ui/confirm-state';
import { ConfirmCard } from '../../src/ui/sidebar/ConfirmCard';
import { installI18n } from '../fakes/i18n';
import { attack } from './attack';

/** Issue 25 on the card: another customer's contact stands out as theirs, with its own warning. */
const payload = { site: 'http://127.0.0.1:4517', ticket: '#1049', recipient: 'Jonas <jonas.becker@example.de>', subject: 'Re: Refund', body: 'x' };
const item = (patch: Partial<ReviewedContact>): ReviewedContact => ({ kind: 'link', value: 'https://x.example/', key: 'https://x.example/', host: 'x.example', sources: ['ticket'], unverified: false, lookalike: [], ...patch });
const THEIRS = item({ kind: 'email', value: 'henrik.dahl@example.se', host: 'example.se', sources: ['other'], foreign: true });
const NAME = item({ kind: 'name', value: 'Henrik Dahl', host: null, sources: ['other'], foreign: true });
const OURS = item({ kind: 'email', value: 'jonas.becker@example.de', host: 'example.de', sources: ['ticket', 'other'], foreign: false });

let root: HTMLElement;
let accepted: string[];
const show = (patch: Partial<ConfirmCardModel>) =>
  act(() =>
    render(
      <ConfirmCard
        card={{ id: 'c1', tool: 'reply.send', payload, expiresAt: Date.now() + 60_000, home: { site: 'http://127.0.0.1:4517', ticket: '1049' }, state: 'pending', ...patch }}
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

describe('security: the confirm card flags another customer\'s data', () => {
  attack('an email and a name from a past ticket are marked "from another customer\'s ticket", and the card warns', async () => {
    await show({ review: { status: 'ready', items: [OURS, THEIRS, NAME] } });
    const rows = [...root.querySelectorAll<HTMLElement>('[data-testid="review-item"]')];
    expect(rows.map((r) => [r.dataset.kind, r.dataset.foreign])).toEqual([['email', 'false'], ['email', 'true'], ['name', 'true']]);
    expect(rows[1]!.classList.contains('review-unverified')).toBe(true);
    expect(rows[1]!.querySelector('[data-testid="review-source"]')!.textContent).toBe("⚠ from another customer's ticket: not in this ticket");
    expect(rows[0]!.querySelector('[data-testid="review-source"]')!.textContent).toBe('in the ticket, in another ticket');
    expect($('review-foreign-warning')!.textContent).toContain('2 of these appear only in another customer');
    expect($('review-warning')).toBeNull();
  });
});
