import type { PolicyView } from '../../shared/policy';
import { t } from '../i18n';

/**
 * What the organisation's policy means for this page: that it manages some settings, that it
 * could not be read (Deskmate is off), that it holds a secret Deskmate will not use, and what
 * else was left out of it. The same lines are under Diagnostics, for an admin's export.
 */
export function PolicyNotice({ policy }: { policy: PolicyView | null }) {
  if (!policy?.managed) return null;
  return (
    <>
      {policy.unreadable !== null ? (
        <p class="managed-banner error" role="alert" data-testid="policy-unreadable">
          {t('policy_unreadable', policy.unreadable)}
        </p>
      ) : (
        <p class="managed-banner" role="note" data-testid="policy-banner">
          {t('managed_banner')}
        </p>
      )}
      {policy.secrets.length > 0 && (
        <p class="managed-banner error" role="alert" data-testid="policy-secrets">
          {t('policy_secrets', policy.secrets.join(', '))}
        </p>
      )}
      {policy.problems.length > 0 && (
        <div class="managed-banner" data-testid="policy-problems">
          <p>{t('policy_problems')}</p>
          <ul>
            {policy.problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}
