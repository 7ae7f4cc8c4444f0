// @vitest-environment happy-dom
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { payloadDigest } from '../../src/core';
import type { EarlierSend } from '../../src/shared/protocol';
import type { ConfirmCardModel } from '../../src/ui/confirm-state';
import { ConfirmCard } from '../../src/ui/sidebar/ConfirmCard';
import { installI18n } from '../fakes/i18n';
import { freshRoot, dropRoot } from './root';

/** What a card says of sends: its own outcome first, a reply the ticket already had, and what the helpdesk's box holds. */
const payload = { site: 'http://127.0.0.1:4517', ticket: '#1042', recipient: 'Nora <nora@example.com>', subject: 'Re: Invoice', body: 'Hi Nora,\nthe corrected invoice is attached.' };
const card = (patch: Partial<ConfirmCardModel> = {}): ConfirmCardModel => ({
  id: 'c2', tool: 'reply.send', payload, expiresAt: Date.now() + 60_000, home: { site: payload.site, ticket: '1042' }, state: 'pending', ...patch,
});

let root: HTMLElement;
let accepted: string[];
let again: number;
let instead: number;
const show = (model: ConfirmCardModel, earlier: EarlierSend | null = null, withInstead = true) =>
  act(() =>
    render(
      <ConfirmCard
        card={model}
        earlier={earlier}
        onAccept={async (d) => void accepted.push(d)}
        onCancel={() => undefined}
        onCheck={() => undefined}
        onClose={() => undefined}
        onSendAgain={() => again++}
        {...(withInstead ? { onInstead: () => instead++ } : {})}
      />,
      root,
    ),
  );
const $ = <T extends HTMLElement = HTMLElement>(testId: string) => root.querySelector<T>(`[data-testid="${testId}"]`);
const heading = () => root.querySelector('h2')!.textContent;

beforeEach(() => {
  installI18n();
  root = freshRoot();
  accepted = [];
  again = 0;
  instead = 0;
});
afterEach(() => dropRoot(root));

describe('a sent card', () => {
  it('is titled Sent, says so at the top, and offers Send again only as a quiet button', async () => {
    await show(card({ state: 'sent', sentAt: Date.now() }));
    expect(heading()).toBe('Sent');
    const first = root.querySelector('section > :not(h2)')!;
    expect(first.getAttribute('data-testid')).toBe('confirm-status');
    expect(first.textContent).toBe('Sent. The reply is in the ticket.');
    const button = $('confirm-send-again')!;
    expect(button.classList.contains('btn-send')).toBe(false);
    expect(button.classList.contains('btn-quiet')).toBe(true);
    expect(button.textContent).toBe('Send again…');
    expect($('confirm-accept')).toBeNull();
    button.click();
    expect(again).toBe(1);
  });

  it('is titled by what became of it: sending, outcome unknown, not sent, a note added', async () => {
    await show(card({ state: 'delivering' }));
    expect(heading()).toBe('Sending…');
    await show(card({ state: 'unknown' }));
    expect(heading()).toBe('Sent? Outcome unknown');
    await show(card({ state: 'refused', error: 'cancelled' }));
    expect(heading()).toBe('Not sent');
    await show(card({ state: 'sent', tool: 'note.add', payload: { ...payload, recipient: '', subject: '' } }));
    expect(heading()).toBe('Note added');
  });
});

describe('a card for a ticket that already has a reply from Deskmate', () => {
  it('says when, before Confirm, and Confirm reads as another reply', async () => {
    const at = new Date(2026, 11, 4, 8, 54).getTime();
    vi.useFakeTimers({ now: new Date(2026, 11, 4, 9, 30), toFake: ['Date'] });
    try {
      await show(card(), { id: 'c1', at, phase: 'sent' });
      const warning = $('confirm-replied')!;
      expect(warning.textContent).toMatch(/^You replied to this ticket at .*08.54.* — send another\?$/);
      expect($('confirm-accept')!.textContent).toBe('Send another reply');
      await show(card(), { id: 'c1', at, phase: 'unknown' });
      expect($('confirm-replied')!.textContent).toMatch(/may have gone out/);
    } finally {
      vi.useRealTimers();
    }
  });

  it('says nothing of it once the card is no longer waiting for Confirm', async () => {
    await show(card({ state: 'sent' }), { id: 'c1', at: Date.now(), phase: 'sent' });
    expect($('confirm-replied')).toBeNull();
  });
});

describe("a card whose send would replace what the agent typed in the helpdesk's box", () => {
  const typed = { ...payload, replaces: 'Hi Tom, quick note from me.' };

  it('shows that text and holds Confirm until the agent chooses to replace it', async () => {
    await show(card({ payload: typed }));
    expect($('confirm-box-text')!.textContent).toBe('Hi Tom, quick note from me.');
    expect($<HTMLButtonElement>('confirm-accept')!.disabled).toBe(true);
    await act(() => $('confirm-box-replace')!.click());
    expect($('confirm-box-chosen')).not.toBeNull();
    expect($<HTMLButtonElement>('confirm-accept')!.disabled).toBe(false);
    await act(() => $('confirm-accept')!.click());
    await act(() => vi.waitFor(() => expect(accepted).toHaveLength(1)));
    // The digest covers what the card said it replaces.
    expect(accepted).toEqual([await payloadDigest(typed)]);
  });

  it("offers the helpdesk's own button instead: the draft into the box beside the agent's text, or the box kept when it holds the draft", async () => {
    await show(card({ payload: typed }));
    expect($('confirm-box-instead')!.textContent).toBe("Insert the draft there instead, and send with the helpdesk's button");
    $('confirm-box-instead')!.click();
    expect(instead).toBe(1);
    await show(card({ payload: { ...payload, replaces: `Hi Tom, quick note from me.\n\n${payload.body}` } }));
    expect($('confirm-box')!.dataset.holdsDraft).toBe('true');
    expect($('confirm-box-instead')!.textContent).toBe("Keep the box as it is, and send with the helpdesk's button");
  });

  it('keeps Confirm held on a note until the agent chooses, with no insert offered', async () => {
    await show(card({ tool: 'note.add', payload: { ...typed, recipient: '', subject: '' } }));
    expect($<HTMLButtonElement>('confirm-accept')!.disabled).toBe(true);
    expect($('confirm-box-instead')).toBeNull();
  });
});
