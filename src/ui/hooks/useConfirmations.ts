import { useEffect, useRef, useState } from 'preact/hooks';
import { request } from '../client';
import type { ViewState } from '../../shared/protocol';
import type { ConfirmationRecord, ToolResult } from '../../core';
import { cardIsHere, cardIsShown, cardOfRecord, type ConfirmCardModel } from '../confirm-state';
import type { TicketRef } from '../../shared/ticket';
import { errorText } from '../format';

export interface Confirmations {
  /** The cards of the ticket the tab shows; another ticket's come back when the tab is there again. */
  cards: ConfirmCardModel[];
  /** The tab the cards belong to. */
  tabId: number | null | undefined;
  /** What the bound tab shows, as the cards are shown against it (whether the tab left a card's ticket, its earlier send). */
  view: ViewState | null;
  /** A prepared send's card, for the ticket it was prepared on (`home`). */
  open(tool: string, result: ToolResult, home: TicketRef): void;
  /** Shows the card of a record again (a draft's "Sent at" link), and scrolls to it. */
  show(record: ConfirmationRecord): void;
  /** Changes a card (its buttons' work is in confirm-actions, which comes with the card's chunk). */
  patch(id: string, change: Partial<ConfirmCardModel>): void;
  /** A problem to show on a card that stays as it is. */
  note(id: string, error: string): void;
  close(id: string): void;
  /** Whether the card belongs to the ticket the tab shows: only then can it be sent again. */
  isHere(card: ConfirmCardModel): boolean;
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
  return { cards: shown, tabId, view, isHere: (card) => cardIsHere(card, view), open, show, patch, note: (id, error) => patch(id, { error }), close };
}
