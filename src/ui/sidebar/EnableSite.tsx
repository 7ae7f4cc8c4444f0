import type { SiteAccessView } from '../../shared/protocol';
import { t } from '../i18n';

interface Props {
  access: SiteAccessView;
  busy: boolean;
  error: string | null;
  onEnable(origin: string): void;
}

/** Offered on a site Deskmate does not run on yet: a self-hosted helpdesk at its own address. */
export function EnableSite({ access, busy, error, onEnable }: Props) {
  if (access.blocked) {
    return (
      <section class="section enable-site" data-testid="site-blocked">
        <p>{access.policyUnreadable ? t('access_policy_unreadable') : t('access_blocked', access.origin)}</p>
      </section>
    );
  }
  return (
    <section class="section enable-site">
      <p>{t('access_offer', access.origin)}</p>
      <button type="button" class="btn primary" data-testid="site-enable" disabled={busy} onClick={() => onEnable(access.origin)}>
        {t('access_enable')}
      </button>
      <p class="muted small">{t('access_hint')}</p>
      {error && <p class="error" role="alert">{error}</p>}
    </section>
  );
}
