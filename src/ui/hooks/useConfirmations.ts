import { useEffect, useRef, useState } from 'preact/hooks';
import { request } from '../client';
import type { ViewState } from '../../shared/protocol';
import type { ConfirmationRecord, ToolResult } from '../../core';
import { cardStateOfResult } from '../../core/confirm-lifecycle';
import { cardAway, cardIsHere, cardIsShown, cardOfRecord, earlierSendOf, type ConfirmCardModel } from '../confirm-state';
import type { EarlierSend } from '../../shared/protocol';
import type { TicketRef } from '../../shared/ticket';
import { errorText } from '../format';

export interface Confirmations {
  /** The cards of the ticket the tab shows; another ticket's come back when the tab is there again. */
  cards: ConfirmCardModel[];
  /** A prepared send's card, for the ticket it was prepared on (`home`). */
  open(tool: string, result: ToolResult, home: TicketRef): void;
  /** Shows the card of a record again (a draft's "Sent at" link), and scrolls to it. */
  show(record: ConfirmationRecord): void;
  /** Resolves once the card shows the answer; a card the background left pending can be confirmed again. */
  accept(id: string, digest: string): Promise<void>;
  cancel(id: string): Promise<void>;
  /** Cancels a pending card and keeps it on screen, saying why nothing was sent (`why`: in the agent's words). */
  withdraw(id: string, why: string): Promise<void>;
  /** A problem to show on a card that stays as it is. */
  note(id: string, error: string): void;
  check(id: string): Promise<void>;
  close(id: string): void;
  /** Whether the card belongs to the ticket the tab shows: only then can it be sent again. */
  isHere(card: ConfirmCardModel): boolean;
  /** A pending card whose tab has left its ticket: the ticket, and what the tab shows now. */
  awayOf(card: ConfirmCardModel): ReturnType<typeof cardAway>;
  /** For a card still to confirm: the send of its kind the ticket already had from Deskmate. */
  earlierOf(card: ConfirmCardModel): EarlierSend | null;
}

/**
 * The confirm cards of the bound tab. The records live in the background's storage; the
 * cards are rebuilt from them when the sidebar opens again: open ones from `view.pending`,
 * deliveries cut off by a restart from `view.unknown`.
 */
export function useConfirmations(tabId: number | null | undefined, view: ViewState | null): Confirmations {
  const [cards, setCards] = useState<ConfirmCardModel[]>([]);
  const cardsRef = useRef(cards);
  cardsRef.current = cards;
  const dismissed = useRef(new Set<string>());

  // An open card starts with its review loading, so Confirm waits for it from the first frame.
  const add = (card: ConfirmCardModel) =>
    !dismissed.current.has(card.id) &&
    setCards((cs) => (cs.some((c) => c.id === card.id) ? cs : [card.state === 'pending' ? { ...card, review: { status: 'loading' } } : card, ...cs]));
  const reviewing = useRef(new Set<string>());
  const patch = (id: string, change: Partial<ConfirmCardModel>) =>
    setCards((cs) => cs.map((c) => (c.id === id ? { ...c, ...change } : c)));
  const close = (id: string) => {
    dismissed.current.add(id);
    setCards((cs) => cs.filter((c) => c.id !== id));
  };

  useEffect(() => {
    setCards([]);
  }, [tabId]);

  useEffect(() => {
    for (const card of cards) {
      if (card.review?.status !== 'loading' || reviewing.current.has(card.id)) continue;
      reviewing.current.add(card.id);
      request('confirm.review', { id: card.id }).then(
        (r) => patch(card.id, { review: r ? { status: 'ready', items: r.items } : { status: 'failed', error: 'There is no such confirmation.' } }),
        (e: unknown) => patch(card.id, { review: { status: 'failed', error: errorText(e) } }),
      );
    }
  }, [cards]);

  useEffect(() => {
    const listed = [...(view?.pending ?? []), ...(view?.unknown ?? [])];
    for (const record of listed) if (record.ctx.tabId === tabId) add(cardOfRecord(record));
    // A card of this ticket this view no longer lists was settled elsewhere (another sidebar,
    // the page loaded after a send): show what its record says now.
    const ids = new Set(listed.map((r) => r.id));
    for (const card of cardsRef.current) {
      if (card.busy || ids.has(card.id) || !cardIsShown(card, view) || !['pending', 'delivering', 'unknown'].includes(card.state)) continue;
      request('confirm.get', { id: card.id }).then(
        (record) => record && record.status !== 'pending' && patch(card.id, { state: cardOfRecord(record).state, error: cardOfRecord(record).error }),
        () => undefined,
      );
    }
  }, [view]);

  const accept = async (id: string, digest: string) => {
    if (tabId === null || tabId === undefined) return;
    patch(id, { busy: true, error: undefined });
    try {
      const result = await request('confirm.accept', { tabId, id, digest });
      const state = cardStateOfResult(result);
      // Refused because the tab left the ticket as the click went, the record still pending: the
      // card is open again, saying why; the background's single-use claim still guards the send.
      // Any other refusal (a digest that no longer matches what the card shows) is final.
      const reopen = !result.ok && result.code === 'scope_changed' && (await storedCard(id))?.state === 'pending';
      patch(id, { busy: false, state: reopen ? 'pending' : state, error: result.error, ...(result.ok ? { sentAt: Date.now() } : {}) });
    } catch (e) {
      // The answer was lost (say, the worker stopped): the stored record says what happened.
      // A record still pending was never claimed: the card is open again, saying why.
      const known = await storedCard(id);
      const claimed = known && known.state !== 'pending' && known.state !== 'refused';
      patch(id, claimed ? { busy: false, state: known.state, error: known.error } : { busy: false, state: known?.state ?? 'failed', error: errorText(e) });
    }
  };

  /** The card as its stored record says it is now, or null when it cannot be read. */
  const storedCard = async (id: string): Promise<ConfirmCardModel | null> => {
    const record = await request('confirm.get', { id }).catch(() => null);
    return record ? cardOfRecord(record) : null;
  };

  const cancel = async (id: string) => {
    try {
      // ok: false means there was nothing left to cancel: the card closes all the same.
      await request('confirm.cancel', { id });
      close(id);
    } catch (e) {
      patch(id, { error: errorText(e) });
    }
  };

  const withdraw = async (id: string, why: string) => {
    try {
      const r = await request('confirm.cancel', { id });
      patch(id, r.ok ? { state: 'refused', error: why } : { error: r.error });
    } catch (e) {
      patch(id, { error: errorText(e) });
    }
  };

  const check = async (id: string) => {
    patch(id, { busy: true, error: undefined });
    try {
      const r = await request('confirm.check', { id });
      if (!r.ok) patch(id, { busy: false, error: r.error });
      else patch(id, r.data?.found ? { busy: false, state: 'sent', notFound: false } : { busy: false, notFound: true });
    } catch (e) {
      patch(id, { busy: false, error: errorText(e) });
    }
  };

  const open = (tool: string, result: ToolResult, home: TicketRef) => {
    const c = result.confirmation;
    if (!c) return;
    if (!c.earlier) return add({ id: c.id, tool, payload: result.confirmPayload, expiresAt: c.expiresAt, state: 'pending', home, ...(c.lastSend ? { lastSend: c.lastSend } : {}) });
    // The same reply already went (or may have gone) to this ticket: its card, saying when.
    dismissed.current.delete(c.id);
    const earlier = { state: c.earlier.phase, sentAt: c.earlier.at, again: true } as const;
    setCards((cs) => (cs.some((x) => x.id === c.id) ? cs.map((x) => (x.id === c.id ? { ...x, ...earlier } : x)) : [{ id: c.id, tool, payload: result.confirmPayload, expiresAt: c.expiresAt, home, ...earlier }, ...cs]));
  };

  const show = (record: ConfirmationRecord) => {
    dismissed.current.delete(record.id);
    add(cardOfRecord(record));
    requestAnimationFrame(() => document.getElementById(`confirm-${record.id}`)?.scrollIntoView({ block: 'nearest' }));
  };

  const shown = cards.filter((card) => cardIsShown(card, view));
  return { cards: shown, isHere: (card) => cardIsHere(card, view), open, show, accept, cancel, withdraw, note: (id, error) => patch(id, { error }), check, close, awayOf: (card) => cardAway(view, card), earlierOf: (card) => earlierSendOf(card, view) };
}
