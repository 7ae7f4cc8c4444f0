import { openSettings } from '../client';
import { t } from '../i18n';

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
