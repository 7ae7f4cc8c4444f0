import { openSettings } from '../client';
import { PRESETS, type SetupStatus } from '../../shared/settings';
import { connectionText } from '../connection-text';
import type { Setup } from '../hooks/useSetup';
import { t } from '../i18n';

/**
 * Shown while the assistant cannot answer: no model set up and the default one silent, or the
 * chosen one not answering (or refusing). It speaks to the agent; what exactly failed, and how
 * the offline demo is started, wait under "Details" for whoever sets Deskmate up. Each choice
 * opens the settings form with it filled in.
 */
export function SetupCard({ setup }: { setup: Setup & { status: SetupStatus } }) {
  const { status } = setup;
  const demoChosen = status.settings.preset === 'demo';
  return (
    <section class="setup-card" data-testid="setup-card" aria-labelledby="setup-title">
      <h2 id="setup-title">{t(status.configured ? 'setup_title_broken' : 'setup_title')}</h2>
      <p data-testid="setup-lead">{t(status.configured ? 'setup_lead_broken' : 'setup_lead')}</p>
      <ul class="setup-choices">
        {PRESETS.map((p) => (
          <li key={p.id}>
            <button type="button" class="btn" data-testid={`setup-choice-${p.id}`} onClick={() => void openSettings('model-settings', p.id)}>
              {t(`preset_${p.id}`)}
            </button>
            <span class="muted small">{t(`setup_about_${p.id}`)}</span>
          </li>
        ))}
      </ul>
      <details class="setup-details" data-testid="setup-details">
        <summary>{t('setup_details')}</summary>
        <p class="setup-problem small" data-testid="setup-problem">{connectionText(status.connection, status.settings)}</p>
        {demoChosen && status.connection.kind === 'unreachable' && (
          <p class="setup-demo small" data-testid="setup-demo-start">
            {t('setup_demo_start')} <code>npm run demo</code>
          </p>
        )}
      </details>
      <button type="button" class="link" data-testid="setup-recheck" disabled={setup.checking} onClick={setup.check}>
        {setup.checking ? t('setup_checking') : t('setup_recheck')}
      </button>
    </section>
  );
}
