import type { PostEffect } from '../../shared/post-effects';
import { t } from '../i18n';
import { Revealed } from '../shared/Revealed';

/** One effect in the UI's words; a name from the page is shown with its hidden characters. */
function Effect({ effect }: { effect: PostEffect }) {
  switch (effect.kind) {
    case 'status':
      return <>{t('confirm_effect_status', '\u0000').split('\u0000').flatMap((part, i) => (i ? [<Revealed key={i} text={effect.to} />, part] : [part]))}</>;
    case 'assign':
      return <>{t('confirm_effect_assign', '\u0000').split('\u0000').flatMap((part, i) => (i ? [<Revealed key={i} text={effect.to} />, part] : [part]))}</>;
    case 'assign_you':
      return <>{t('confirm_effect_assign_you')}</>;
    case 'unassign':
      return <>{t('confirm_effect_unassign')}</>;
    case 'claim':
      return <>{t('confirm_effect_claim')}</>;
    case 'may_change':
      return <>{t('confirm_effect_may_change')}</>;
  }
}

/**
 * "The helpdesk will also: set the status to Pending; assign it to you" — part of the payload,
 * so Confirm's digest covers it, and the send is refused if the page's form says otherwise.
 */
export function ConfirmEffects({ effects }: { effects: readonly PostEffect[] }) {
  if (effects.length === 0) return null;
  return (
    <div class="confirm-effects" data-testid="confirm-effects">
      <strong>{t('confirm_effects')}</strong>
      <ul>
        {effects.map((effect, i) => (
          <li key={i} data-effect={effect.kind}>
            <Effect effect={effect} />
          </li>
        ))}
      </ul>
    </div>
  );
}
