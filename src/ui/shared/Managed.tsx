import { t } from '../i18n';

/** The mark next to a setting the organisation's policy sets: it cannot be changed here. */
export function Managed({ id, testId = 'managed' }: { id?: string; testId?: string }) {
  return (
    <span class="managed" id={id} data-testid={testId}>
      {t('managed_by_org')}
    </span>
  );
}
