// @vitest-environment happy-dom
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { payloadDigest } from '../../src/core';
import type { ReplyPayload } from '../../src/shared/ticket';
import type { ConfirmCardModel } from '../../src/ui/confirm-state';
import { ConfirmCard } from '../../src/ui/sidebar/ConfirmCard';
import { installI18n } from '../fakes/i18n';
import { attack, attackEach } from './attack';

/**
 * Finding 5: characters that reorder or hide text on the confirm card. Each is shown as a marked
 * code point in the field it is in, never acting on the text, and the card warns about it; an
 * address that may pass for another is flagged with the form the mail system reads.
 */
const clean: ReplyPayload = { site: 'http://127.0.0.1:4517', ticket: '#1042', recipient: 'Ada Lovelace <ada@example.com>', subject: 'Re: Refund', body: 'We have refunded your order.' };

const HIDDEN = [
  ...[0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069].map((c) => ['bidi control', c] as const),
  ...[0x200b, 0x200c, 0x200d, 0x2060, 0xfeff].map((c) => ['zero-width', c] as const),
  ['soft hyphen', 0xad] as const,
  ['Mongolian vowel separator', 0x180e] as const,
  ['tag character', 0xe0041] as const,
  ['left-to-right mark', 0x200e] as const,
  ['Hangul filler', 0x3164] as const,
];
const FIELDS = [['recipient', 'To'], ['subject', 'Subject'], ['body', 'Text to send'], ['ticket', 'Ticket']] as const;
const code = (c: number) => `U+${c.toString(16).toUpperCase().padStart(4, '0')}`;
/** A text with the character inside it, where it would do its work. */
const planted = (field: keyof ReplyPayload, c: number) => {
  const ch = String.fromCodePoint(c);
  if (field === 'recipient') return `Ada Lovelace <ada@example.com${ch}moc.live>`;
  return `${clean[field]}${ch} 2nd half`;
};

let root: HTMLElement;
let accepted: string[];
const show = (payload: ReplyPayload) =>
  act(() =>
    render(
      <ConfirmCard
        card={{ id: 'c1', tool: 'reply.send', payload, expiresAt: Date.now() + 60_000, home: { site: 'http://127.0.0.1:4517', ticket: '1042' }, state: 'pending' } satisfies ConfirmCardModel}
        onAccept={(d) => void accepted.push(d)}
        onCancel={() => undefined}
        onCheck={() => undefined}
        onClose={() => undefined}
      />,
      root,
    ),
  );
const $ = (testId: string) => root.querySelector<HTMLElement>(`[data-testid="${testId}"]`);
const fieldEl = (key: keyof ReplyPayload) => (key === 'body' ? $('confirm-body')! : root.querySelector<HTMLElement>(`dd[data-field="${key}"]`)!);
/** Any character that would act on the text around it, still live in the card's DOM text. */
const LIVE_HIDDEN = /[\p{Cf}\u3164]/u;

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

describe('security: hidden and reordering characters on the confirm card', () => {
  attackEach(
    // Bidi controls in every field; the other kinds where they hide most (To and body).
    HIDDEN.flatMap(([kind, c]) =>
      FIELDS.filter(([field]) => kind === 'bidi control' || field === 'recipient' || field === 'body').map(([field, label]) => ({ kind, c, field, label })),
    ),
    ({ kind, c, field }) => `a ${kind} ${code(c)} in the ${field} is shown marked, not hidden or acting`,
    async ({ c, field, label }) => {
      const payload = { ...clean, [field]: planted(field, c) };
      await show(payload);
      const el = fieldEl(field);
      expect(el.textContent).toContain(`⟦${code(c)}⟧`);
      expect(el.querySelector('[data-testid="hidden-char"]')).not.toBeNull();
      expect(LIVE_HIDDEN.test($('confirm-card')!.textContent!)).toBe(false);
      const warning = $('confirm-hidden-warning')!.textContent!;
      expect(warning).toContain(label);
      expect(warning).toContain(code(c));
      // What Confirm stands for is still the exact payload, hidden character included.
      // The card digests what it shows (SubtleCrypto, asynchronous) before it answers.
      $('confirm-accept')!.click();
      await vi.waitFor(() => expect(accepted).toHaveLength(1), { interval: 5 });
      expect(accepted).toEqual([await payloadDigest(payload)]);
    },
  );

  attack('a requester name with U+202E cannot make the To line read like another address', async () => {
    // Rendered as is, this reads "Ada <ada@example.com>" followed by a reversed tail.
    await show({ ...clean, recipient: 'Ada \u202E<moc.tseteliv@ada>\u202C <evil@attacker.test>' });
    const to = fieldEl('recipient').textContent!;
    expect(to).toBe('Ada ⟦U+202E⟧<moc.tseteliv@ada>⟦U+202C⟧ <evil@attacker.test>');
    expect($('confirm-hidden-warning')!.textContent).toContain('U+202E');
  });

  attackEach(
    [
      { what: 'a Cyrillic а in the domain', recipient: 'Ada <ada@exаmple.com>', ascii: 'ada@xn--exmple-4nf.com' },
      { what: 'a punycode domain', recipient: 'Ada <ada@xn--exmple-4nf.com>', ascii: 'ada@xn--exmple-4nf.com' },
      { what: 'a Greek ο in the name before @', recipient: 'support.nοrthwind@example.com', ascii: 'support.nοrthwind@example.com' },
      { what: 'an all-Cyrillic lookalike of a Latin domain', recipient: 'billing@раураl.com', ascii: 'billing@xn--l-7sba6dbr.com' },
    ],
    (c) => `a recipient with ${c.what} is flagged as a lookalike`,
    async ({ recipient, ascii }) => {
      await show({ ...clean, recipient });
      const warning = $('confirm-lookalike-warning')?.textContent ?? '';
      expect(warning).toContain(ascii);
    },
  );

  it('shows no warning for a plain card', async () => {
    await show(clean);
    expect($('confirm-hidden-warning')).toBeNull();
    expect($('confirm-lookalike-warning')).toBeNull();
    expect($('confirm-body')!.textContent).toBe(clean.body);
  });
});

describe('security: hidden characters in the card\'s status line', () => {
  attack('a refusal quoting a page-supplied ticket label shows its hidden characters', async () => {
    await act(() =>
      render(
        <ConfirmCard
          card={{ id: 'c1', tool: 'reply.send', payload: clean, expiresAt: Date.now() + 60_000, home: { site: 'http://127.0.0.1:4517', ticket: '1042' }, state: 'refused', error: 'The page now shows ticket #8\u202E7401#, not #1042. Nothing was sent.' }}
          onAccept={() => undefined}
          onCancel={() => undefined}
          onCheck={() => undefined}
          onClose={() => undefined}
        />,
        root,
      ),
    );
    const status = $('confirm-status')!.textContent!;
    expect(status).toContain('⟦U+202E⟧');
    expect(LIVE_HIDDEN.test(status)).toBe(false);
  });
});
