import { openSettings } from '../../extension/client';
import { PRESETS, type SetupStatus } from '../../shared/settings';
import { connectionText } from '../connection-text';
import type { Setup } from '../hooks/useSetup';
import { t } from '../i18n';

/**
 * Shown while the assistant cannot answer: no model set up and the default one silent, or the
 * chosen one not answering (or refusing). Each choice opens the settings form with it filled in.
 */
export function SetupCard({ setup }: { setup: Setup & { status: SetupStatus } }) {
  const { status } = setup;
  const demoChosen = status.settings.preset === 'demo';
  return (
    <section class="setup-card" data-testid="setup-card" aria-labelledby="setup-title">
      <h2 id="setup-title">{t(status.configured ? 'setup_title_broken' : 'setup_title')}</h2>
      <p class="setup-problem" data-testid="setup-problem">{connectionText(status.connection, status.settings)}</p>
      {demoChosen && status.connection.kind === 'unreachable' && (
        <p class="setup-demo" data-testid="setup-demo-start">
          {t('setup_demo_start')} <code>npm run demo</code>
        </p>
      )}
      <p>{t('setup_choose')}</p>
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
      <button type="button" class="link" data-testid="setup-recheck" disabled={setup.checking} onClick={setup.check}>
        {setup.checking ? t('setup_checking') : t('setup_recheck')}
      </button>
    </section>
  );
}

/** While the unconfigured default (the offline demo) answers: a reminder that it is not a real model. */
export function DemoReminder() {
  return (
    <p class="setup-reminder muted small" data-testid="setup-demo-reminder">
      {t('setup_demo_reminder')}{' '}
      <button type="button" class="link" data-testid="setup-open" onClick={() => void openSettings('model-settings')}>
        {t('setup_open')}
      </button>
    </p>
  );
}

/** An empty knowledge base: the assistant has nothing to search, and where to import one. */
export function KbEmptyHint() {
  return (
    <p class="kb-hint muted small" data-testid="kb-empty-hint">
      {t('kb_empty_hint')}{' '}
      <button type="button" class="link" data-testid="kb-empty-import" onClick={() => void openSettings('knowledge-base')}>
        {t('kb_empty_import')}
      </button>
    </p>
  );
}
