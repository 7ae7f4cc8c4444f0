import { t } from '../i18n';

interface Props {
  origins: string[] | null;
  busy: boolean;
  error: string | null;
  onRevoke(origin: string): void;
}

/** The sites the agent enabled beyond loopback, each revocable at once. */
export function EnabledSites({ origins, busy, error, onRevoke }: Props) {
  return (
    <section class="section" aria-labelledby="enabled-title">
      <h2 id="enabled-title">{t('access_title')}</h2>
      <p class="grade-line">{t('access_line')}</p>
      {error && <p class="error" role="alert">{error}</p>}
      {origins?.length === 0 && <p class="muted">{t('access_none')}</p>}
      <ul class="sites">
        {origins?.map((origin) => (
          <li key={origin} class="site" data-testid="enabled-site">
            <span class="site-name">{origin}</span>
            <button type="button" class="btn" data-testid="site-revoke" disabled={busy} onClick={() => onRevoke(origin)}>
              {t('access_revoke')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
