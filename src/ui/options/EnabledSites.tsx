import { t } from '../i18n';
import { Managed } from '../shared/Managed';

interface Props {
  origins: string[] | null;
  /** The organisation's list of sites, or null when it sets none. */
  allowed: string[] | null;
  busy: boolean;
  error: string | null;
  onRevoke(origin: string): void;
  /** Asks the browser for a site on the organisation's list (it grants access only on a click). */
  onAllow(origin: string): void;
}

/** The sites the agent enabled beyond loopback, each revocable at once; the organisation's, each allowed with one click. */
export function EnabledSites({ origins, allowed, busy, error, onRevoke, onAllow }: Props) {
  const own = origins?.filter((o) => !allowed?.includes(o)) ?? null;
  return (
    <section class="section" aria-labelledby="enabled-title">
      <h2 id="enabled-title">{t('access_title')}</h2>
      <p class="grade-line">{t('access_line')}</p>
      {error && <p class="error" role="alert">{error}</p>}
      {allowed && (
        <>
          <p class="managed-line" data-testid="sites-managed">
            <Managed /> {t('access_managed_line')}
          </p>
          <ul class="sites">
            {allowed.map((origin) => (
              <li key={origin} class="site" data-testid="managed-site" data-origin={origin}>
                <span class="site-name">{origin}</span>
                {origins?.includes(origin) ? (
                  <span class="muted">{t('access_managed_on')}</span>
                ) : (
                  <button type="button" class="btn" data-testid="site-allow" disabled={busy} onClick={() => onAllow(origin)}>
                    {t('access_allow')}
                  </button>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
      {own?.length === 0 && !allowed && <p class="muted">{t('access_none')}</p>}
      <ul class="sites">
        {own?.map((origin) => (
          <li key={origin} class="site" data-testid="enabled-site">
            <span class="site-name">{origin}</span>
            {allowed && <span class="muted">{t('access_not_allowed')}</span>}
            <button type="button" class="btn" data-testid="site-revoke" disabled={busy} onClick={() => onRevoke(origin)}>
              {t('access_revoke')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
