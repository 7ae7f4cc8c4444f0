import type { PageToolView } from '../../shared/protocol';
import type { Sidebar } from '../hooks/useSidebar';
import { t } from '../i18n';
import { SiteSwitches } from '../shared/SiteSwitches';
import { invokeTool } from '../tool-invoke';
import { ConfirmCards } from './ConfirmCards';
import { PageActions } from './PageActions';

/** The Page tab: open confirmations first, then what can be done on this page. */
export function PagePanel({ s }: { s: Sidebar }) {
  const { view, error, confirms, tools, site } = s;
  if (!view) {
    if (error) return <p class="notice error" role="alert">{error}</p>;
    if (s.tabId === null) return <Empty />;
    return <p class="muted pad">{t('loading')}</p>;
  }
  return (
    <>
      <ConfirmCards cards={confirms.cards} s={s} />
      {error && <p class="notice error" role="alert">{error}</p>}
      {view.page ? <PageActions tools={view.tools} page={view.page} site={view.site} runs={tools.runs} onRun={(tool, input) => void runPageTool(s, tool, input)} /> : <Empty />}
      {view.page && view.site && (view.page.grades ?? ['write', 'send']).some((g) => g !== 'read') && (
        <section class="section">
          <h2>{t('site_title')}</h2>
          <SiteSwitches site={view.site} grades={view.page.grades} onChange={site.save} />
          {site.error && <p class="error" role="alert">{site.error}</p>}
        </section>
      )}
    </>
  );
}

/** A page action's click: its result is kept for the page it ran on (usePageTools). */
async function runPageTool({ tabId, tools }: Sidebar, tool: PageToolView, input: unknown) {
  if (tabId === null || tabId === undefined) return;
  const page = tools.pageKey;
  tools.record(page, tool.name, { busy: true, result: null });
  tools.record(page, tool.name, { busy: false, result: await invokeTool({ tabId, tool: tool.name, input }) });
}

function Empty() {
  return (
    <div class="empty">
      <p class="empty-title">{t('empty_title')}</p>
      <p class="muted">{t('empty_hint')}</p>
    </div>
  );
}
