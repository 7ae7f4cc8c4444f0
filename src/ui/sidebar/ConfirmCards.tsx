import type { ConfirmCardModel } from '../confirm-state';
import type { Confirmations } from '../hooks/useConfirmations';
import { ConfirmCard } from './ConfirmCard';

/** Confirm cards wired to the confirmations hook. */
export function ConfirmCards({ cards, confirms, onSendAgain }: { cards: ConfirmCardModel[]; confirms: Confirmations; onSendAgain?(card: ConfirmCardModel): void }) {
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
          {...(onSendAgain ? { onSendAgain: () => onSendAgain(card) } : {})}
        />
      ))}
    </>
  );
}
