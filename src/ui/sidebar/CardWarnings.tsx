import { hiddenCodes, revealedText } from '../../shared/hidden-chars';
import { addressLookalikes } from '../../shared/lookalike';
import type { ReplyPayload } from '../../shared/ticket';
import { t } from '../i18n';

/** The card's text fields (the side effects are the helpdesk's words, shown apart; so are what the box held and the page posted from). */
type TextField = Exclude<keyof ReplyPayload, 'effects' | 'replaces' | 'from'>;

const LABELS: Record<TextField, string> = {
  site: 'confirm_site',
  ticket: 'confirm_ticket',
  recipient: 'confirm_recipient',
  subject: 'confirm_subject',
  body: 'confirm_body_label',
};

/**
 * What on the card may read differently from what it is: hidden characters in any field (shown
 * marked in place, named here), and a recipient address that may pass for another.
 */
export function CardWarnings({ payload }: { payload: ReplyPayload }) {
  const keys = Object.keys(LABELS) as TextField[];
  const hidden = keys.map((k) => [k, hiddenCodes(payload[k])] as const).filter(([, codes]) => codes.length > 0);
  const codes = [...new Set(hidden.flatMap(([, c]) => c))];
  const lookalikes = addressLookalikes(payload.recipient);
  return (
    <>
      {hidden.length > 0 && (
        <p class="card-warning" role="alert" data-testid="confirm-hidden-warning">
          {t('confirm_hidden_warning', [hidden.map(([k]) => t(LABELS[k])).join(', '), codes.join(', ')])}
        </p>
      )}
      {lookalikes.map((a) => (
        <p key={a.value} class="card-warning" role="alert" data-testid="confirm-lookalike-warning">
          {t('confirm_lookalike_warning', [revealedText(a.value), revealedText(a.ascii ?? a.value), a.reasons.map((r) => t(`lookalike_${r}`)).join('; ')])}
        </p>
      ))}
    </>
  );
}
