import type { ConfirmCardModel } from '../confirm-state';
import type { Confirmations } from '../hooks/useConfirmations';
import { lazyView } from '../lazy-view';

/**
 * The confirm card (with its digest, warnings and contact review) comes only after a Send…
 * click, so the sidebar opens without it; it is fetched once the sidebar is idle after opening
 * (App), or when a card is first shown, whichever comes first.
 */
export const ConfirmCard = lazyView(() => import('./ConfirmCard').then((m) => m.ConfirmCard));

/** Confirm cards wired to the confirmations hook. */
interface Props {
  cards: ConfirmCardModel[];
  confirms: Confirmations;
  onSendAgain?(card: ConfirmCardModel): void;
  /** The helpdesk's box holds the agent's text: the draft goes in beside it instead, and the card is withdrawn. */
  onInstead?(card: ConfirmCardModel): void;
}

export function ConfirmCards({ cards, confirms, onSendAgain, onInstead }: Props) {
  return (
    <>
      {cards.map((card) => (
        <ConfirmCard
          key={card.id}
          card={card}
          away={confirms.awayOf(card)}
          earlier={confirms.earlierOf(card)}
          onAccept={(digest) => confirms.accept(card.id, digest)}
          onCancel={() => confirms.cancel(card.id)}
          onCheck={() => confirms.check(card.id)}
          onClose={() => confirms.close(card.id)}
          {...(onSendAgain && confirms.isHere(card) ? { onSendAgain: () => onSendAgain(card) } : {})}
          {...(onInstead ? { onInstead: () => onInstead(card) } : {})}
        />
      ))}
    </>
  );
}
