import { useEffect, useState } from 'preact/hooks';
import { onOptionsGoto } from './options-goto';
import { PRESETS, type PresetId } from '../../shared/settings';
import { useAudit } from '../hooks/useAudit';
import { useDiagnostics } from '../hooks/useDiagnostics';
import { presetFromLocation } from '../hooks/useModelSettings';
import { useSiteAccess } from '../hooks/useSiteAccess';
import { useSites } from '../hooks/useSites';
import { usePolicy } from '../hooks/usePolicy';
import { useTypedPort } from '../hooks/useTyped';
import { t } from '../i18n';
import { ModelSettingsForm } from '../settings/ModelSettingsForm';
import { AuditList } from '../shared/AuditList';
import { Diagnostics } from './Diagnostics';
import { EnabledSites } from './EnabledSites';
import { KnowledgeBase } from './KnowledgeBase';
import { McpServers } from './McpServers';
import { PolicyNotice } from './PolicyNotice';
import { Recipes } from './Recipes';
import { SitesList } from './SitesList';
import { TeamInstructions } from './TeamInstructions';
import { SavedRepliesSettings } from './SavedReplies';

/** The settings page: the model, the knowledge base, MCP servers, per-site switches, the audit log, diagnostics. */
export function OptionsApp() {
  const sites = useSites();
  const access = useSiteAccess();
  const audit = useAudit();
  const diagnostics = useDiagnostics();
  const policy = usePolicy();
  // What is typed here (instructions, saved replies) reaches the background by a port of its own.
  useTypedPort();
  // The page is drawn after it loaded, so the browser found no section to scroll to.
  useEffect(() => {
    const id = location.hash.slice(1);
    if (id) document.getElementById(id)?.scrollIntoView();
  }, []);
  // The sidebar asks the page already open to show a section (and a preset), instead of opening another.
  const [asked, setAsked] = useState<{ preset: PresetId; n: number } | null>(null);
  useEffect(
    () =>
      onOptionsGoto(({ section, preset }) => {
        if (section) document.getElementById(section)?.scrollIntoView();
        const known = PRESETS.find((p) => p.id === preset);
        if (known) setAsked((a) => ({ preset: known.id, n: (a?.n ?? 0) + 1 }));
      }),
    [],
  );
  return (
    <div class="options">
      <header class="header">
        <div class="header-main">
          <h1 class="brand">{t('options_title')}</h1>
        </div>
      </header>
      <main>
        <PolicyNotice policy={policy} />
        <section id="model-settings" class="section model-settings" aria-labelledby="model-title">
          <h2 id="model-title">{t('settings_title')}</h2>
          <p class="grade-line">{t('settings_line')}</p>
          <ModelSettingsForm testIds initialPreset={presetFromLocation(location.search)} asked={asked} />
        </section>
        <TeamInstructions />
        <KnowledgeBase />
        <SavedRepliesSettings />
        <McpServers />
        <EnabledSites origins={access.enabled} allowed={policy?.allowedSites ?? null} busy={access.busy} error={access.error} onRevoke={access.revoke} onAllow={(o) => void access.enable(o)} />
        <SitesList sites={sites.sites} error={sites.error} onChange={sites.update} />
        <Recipes />
        <AuditList audit={audit} />
        <section id="advanced" class="advanced" aria-labelledby="advanced-title">
          <h2 id="advanced-title" class="advanced-title">{t('options_advanced')}</h2>
          <p class="grade-line">{t('options_advanced_line')}</p>
          <Diagnostics diagnostics={diagnostics} />
        </section>
      </main>
    </div>
  );
}
