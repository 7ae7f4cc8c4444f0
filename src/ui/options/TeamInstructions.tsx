import { useId } from 'preact/hooks';
import { MAX_TEAM_INSTRUCTIONS } from '../../core/instructions';
import { useTeamInstructions } from '../hooks/useInstructions';
import { t } from '../i18n';
import { Managed } from '../shared/Managed';

/** The team's standing instructions, sent with every request as the agent's own words. */
export function TeamInstructions() {
  const m = useTeamInstructions();
  const id = useId();
  return (
    <section class="section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('instructions_title')}</h2>
      <p class="grade-line">{t('instructions_line')}</p>
      {m.managed && (
        <p class="managed-line">
          <Managed testId="settings-instructions-managed" />
        </p>
      )}
      <textarea
        data-testid="settings-instructions"
        rows={4}
        maxLength={MAX_TEAM_INSTRUCTIONS}
        aria-labelledby={`${id}-title`}
        placeholder={t('instructions_placeholder')}
        value={m.text ?? ''}
        disabled={m.text === null}
        readOnly={m.managed}
        onInput={(e) => m.change(e.currentTarget.value)}
      />
      <div class="actions" hidden={m.managed}>
        <button type="button" class="btn btn-primary" data-testid="settings-instructions-save" disabled={m.text === null} onClick={() => void m.save()}>
          {t('settings_save')}
        </button>
        <span class="muted small" role="status" data-testid="settings-instructions-status" data-state={m.state}>
          {m.error ?? (m.state === 'saved' ? t('instructions_saved') : '')}
        </span>
      </div>
    </section>
  );
}
