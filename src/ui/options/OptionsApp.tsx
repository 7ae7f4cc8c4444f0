import { useAudit } from '../hooks/useAudit';
import { useSites } from '../hooks/useSites';
import { t } from '../i18n';
import { AuditList } from '../shared/AuditList';
import { SitesList } from './SitesList';

/** The settings page: model settings (added separately), per-site switches, the audit log. */
export function OptionsApp() {
  const sites = useSites();
  const audit = useAudit();
  return (
    <div class="options">
      <header class="header">
        <div class="header-main">
          <span class="brand">{t('options_title')}</span>
        </div>
      </header>
      <section id="model-settings" class="model-settings" />
      <SitesList sites={sites.sites} error={sites.error} onChange={sites.update} />
      <AuditList audit={audit} />
    </div>
  );
}
