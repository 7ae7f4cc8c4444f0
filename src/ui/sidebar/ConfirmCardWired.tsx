import { acceptCard, cancelCard, checkCard } from '../confirm-actions';
import { cardAway, earlierSendOf } from '../confirm-shown';
import type { ConfirmCardModel } from '../confirm-state';
import { sendAgain, type DraftClickContext } from '../draft-actions';
import { ConfirmCard } from './ConfirmCard';

export interface WiredProps {
  card: ConfirmCardModel;
  /** The sidebar the card's buttons act on. */
  s: DraftClickContext;
  /** "Send again" is offered (on this ticket's cards only). */
  sendAgain?: boolean | undefined;
  /** The draft whose Send… opened the card, if it is shown with it. */
  callId?: string | undefined;
  /** The helpdesk's box holds the agent's text: the draft goes in beside it instead, and the card is withdrawn. */
  onInstead?: (() => void) | undefined;
}

/**
 * A confirm card as the sidebar shows it (ConfirmCards): what it says about its ticket from the
 * view it is shown against, and its buttons wired to the confirmations. Its own chunk.
 */
export function ConfirmCardWired({ card, s, sendAgain: again, callId, onInstead }: WiredProps) {
  const { confirms } = s;
  return (
    <ConfirmCard
      card={card}
      away={cardAway(confirms.view, card)}
      earlier={earlierSendOf(card, confirms.view)}
      onAccept={(digest) => acceptCard(confirms, card.id, digest)}
      onCancel={() => void cancelCard(confirms, card.id)}
      onCheck={() => void checkCard(confirms, card.id)}
      onClose={() => confirms.close(card.id)}
      {...(again && confirms.isHere(card) ? { onSendAgain: () => void sendAgain(s, card, callId) } : {})}
      {...(onInstead ? { onInstead } : {})}
    />
  );
}
