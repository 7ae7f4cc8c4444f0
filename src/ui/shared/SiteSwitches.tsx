import type { SiteSettings } from '../../shared/settings';
import { t } from '../i18n';

/** A site's two capabilities; switching one off takes its tools off the page actions. */
export function SiteSwitches({ site, onChange }: { site: SiteSettings; onChange(next: SiteSettings): void }) {
  return (
    <div class="switches">
      <Switch label={t('switch_write')} checked={site.write} onChange={(write) => onChange({ ...site, write })} />
      <Switch label={t('switch_send')} checked={site.send} onChange={(send) => onChange({ ...site, send })} />
    </div>
  );
}

function Switch({ label, checked, onChange }: { label: string; checked: boolean; onChange(on: boolean): void }) {
  return (
    <label class="switch">
      <input type="checkbox" role="switch" checked={checked} onChange={(e) => onChange(e.currentTarget.checked)} />
      <span class="track" aria-hidden="true" />
      <span>{label}</span>
    </label>
  );
}
