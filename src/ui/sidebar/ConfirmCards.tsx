import type { ConfirmCardModel } from '../confirm-state';
import type { Confirmations } from '../hooks/useConfirmations';
import { ConfirmCard } from './ConfirmCard';

/** Confirm cards wired to the confirmations hook. */
export function ConfirmCards({ cards, confirms }: { cards: ConfirmCardModel[]; confirms: Confirmations }) {
  return (
    <>
      {cards.map((card) => (
        <ConfirmCard
          key={card.id}
          card={card}
          onAccept={(digest) => confirms.accept(card.id, digest)}
          onCancel={() => confirms.cancel(card.id)}
          onCheck={() => confirms.check(card.id)}
          onClose={() => confirms.close(card.id)}
        />
      ))}
    </>
  );
}
