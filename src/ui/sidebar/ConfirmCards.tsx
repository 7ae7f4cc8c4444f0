import type { ConfirmCardModel } from '../confirm-state';
import type { DraftClickContext } from '../draft-actions';
import { lazyView } from '../lazy-view';

/**
 * The confirm card (with its digest, warnings and contact review, what it says about its ticket
 * and what its buttons do) comes only after a Send… click, so the sidebar opens without it; it is
 * fetched once the sidebar is idle after opening (App), or when a card is first shown, whichever
 * comes first.
 */
export const ConfirmCard = lazyView(() => import('./ConfirmCardWired').then((m) => m.ConfirmCardWired));

/** Confirm cards wired to the confirmations hook. */
interface Props {
  cards: ConfirmCardModel[];
  s: DraftClickContext;
  /** "Send again" is offered on this ticket's cards. */
  sendAgain?: boolean;
  /** The draft whose Send… opened the cards, when they are shown under it. */
  callId?: string;
  /** The helpdesk's box holds the agent's text: the draft goes in beside it instead, and the card is withdrawn. */
  onInstead?(card: ConfirmCardModel): void;
}

export function ConfirmCards({ cards, s, sendAgain, callId, onInstead }: Props) {
  return (
    <>
      {cards.map((card) => (
        <ConfirmCard key={card.id} card={card} s={s} sendAgain={sendAgain} callId={callId} onInstead={onInstead && (() => onInstead(card))} />
      ))}
    </>
  );
}
