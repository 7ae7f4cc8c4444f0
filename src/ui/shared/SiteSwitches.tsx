import type { SideEffect } from '../../core';
import type { SiteSettings } from '../../shared/settings';
import { t } from '../i18n';
import { Managed } from './Managed';

/**
 * A site's two capabilities; switching one off takes its tools off the page actions. `grades`:
 * the actions the page in view has, when there is one (a switch for what it lacks would mislead).
 * A switch the organisation's policy holds off is shown as such and cannot be turned on.
 */
export function SiteSwitches({ site, grades, onChange }: { site: SiteSettings; grades?: readonly SideEffect[]; onChange(next: SiteSettings): void }) {
  const has = (grade: SideEffect) => !grades || grades.includes(grade);
  const locked = site.locked ?? [];
  return (
    <div class="switches">
      {has('write') && <Switch label={t('switch_write')} checked={site.write} locked={locked.includes('write')} onChange={(write) => onChange({ ...site, write })} />}
      {has('send') && <Switch label={t('switch_send')} checked={site.send} locked={locked.includes('send')} onChange={(send) => onChange({ ...site, send })} />}
      {locked.length > 0 && <Managed testId="site-managed" />}
    </div>
  );
}

function Switch({ label, checked, locked, onChange }: { label: string; checked: boolean; locked: boolean; onChange(on: boolean): void }) {
  return (
    <label class="switch">
      <input type="checkbox" role="switch" checked={checked} disabled={locked} onChange={(e) => onChange(e.currentTarget.checked)} />
      <span class="track" aria-hidden="true" />
      <span>{label}</span>
    </label>
  );
}
