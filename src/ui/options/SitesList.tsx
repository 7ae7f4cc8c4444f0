import type { SiteSettings } from '../../shared/settings';
import { t } from '../i18n';
import { SiteSwitches } from '../shared/SiteSwitches';

interface Props {
  sites: SiteSettings[] | null;
  error: string | null;
  onChange(site: SiteSettings): void;
}

/** Every site with its own switches; a site not listed allows both. */
export function SitesList({ sites, error, onChange }: Props) {
  return (
    <section class="section" aria-labelledby="sites-title">
      <h2 id="sites-title">{t('sites_title')}</h2>
      <p class="grade-line">{t('sites_line')}</p>
      {error && <p class="error" role="alert">{error}</p>}
      {sites === null && !error && <p class="muted">{t('loading')}</p>}
      {sites?.length === 0 && <p class="muted">{t('sites_empty')}</p>}
      <ul class="sites">
        {sites?.map((site) => (
          <li key={site.origin} class="site">
            <div class="site-name">
              {site.adapterTitle && <strong>{site.adapterTitle} </strong>}
              <span class="muted">{site.origin}</span>
            </div>
            <SiteSwitches site={site} onChange={onChange} />
          </li>
        ))}
      </ul>
    </section>
  );
}
