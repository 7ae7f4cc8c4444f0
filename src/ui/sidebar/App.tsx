import { useEffect, useState } from 'preact/hooks';
import type { PageToolView, PageView } from '../../shared/protocol';
import { helpdeskName, pageCan, pageIs } from '../page-words';
import { useSidebar } from '../hooks/useSidebar';
import { t } from '../i18n';
import { ChatPanel } from '../chat/ChatPanel';
import { useBuiltinRecipes } from '../hooks/useBuiltinRecipes';
import { BuiltinRecipeStatus } from '../shared/BuiltinRecipeStatus';
import { EnableSite } from './EnableSite';
import { lazyView, loadWhenIdle } from '../lazy-view';
import { ConfirmCard } from './ConfirmCards';

// The chat is what opens; the other tabs and teach mode are fetched when first shown.
const PagePanel = lazyView(() => import('./PagePanel').then((m) => m.PagePanel));
const AuditTab = lazyView(() => import('./AuditTab').then((m) => m.AuditTab));
const TeachPanel = lazyView(() => import('./TeachPanel').then((m) => m.TeachPanel));

type Panel = 'chat' | 'page' | 'audit';

/** The sidebar: the chat about the bound tab, its page actions and confirmations, and the audit log. */
export function App() {
  const s = useSidebar();
  const [panel, setPanel] = useState<Panel>('chat');
  // Not needed to open, but soon after: a draft's Send… shows its confirm card at once.
  useEffect(() => loadWhenIdle([ConfirmCard]), []);
  const tab = (id: Panel, label: string) => (
    <button type="button" role="tab" id={`tab-${id}`} aria-selected={panel === id} aria-controls="panel" onClick={() => setPanel(id)}>
      {label}
    </button>
  );
  const access = s.view?.page ? null : s.view?.access;
  return (
    <div class="app">
      <Header page={s.view?.page ?? null} tools={s.view?.tools ?? []} onOptions={s.openOptions} />
      {/* Everything but the header is the page's main content, so a screen reader can jump to it. */}
      <main class="app-main">
        {access && !access.enabled && <EnableSite access={access} busy={s.access.busy} error={s.access.error} onEnable={s.access.enable} />}
        {(s.view?.teach || s.view?.page?.adapterId === 'generic') && (
          <TeachPanel teach={s.view.teach ?? null} offer={s.view.page?.adapterId === 'generic' && !s.view.page.siteTitle} actions={s.teach} />
        )}
        <div class="tabs" role="tablist">
          {tab('chat', t('tab_chat'))}
          {tab('page', t('tab_page'))}
          {tab('audit', t('tab_audit'))}
        </div>
        <div id="panel" role="tabpanel" aria-labelledby={`tab-${panel}`} class={`panel panel-${panel}`}>
          {panel === 'chat' ? <ChatPanel s={s} /> : panel === 'page' ? <PagePanel s={s} /> : <AuditTab />}
        </div>
      </main>
    </div>
  );
}

/** Which site and ticket the sidebar is working on, and the way to the settings. */
export function Header({ page, tools = [], onOptions }: { page: PageView | null; tools?: readonly PageToolView[]; onOptions(): void }) {
  const name = page && helpdeskName(page);
  return (
    <header class="header">
      <div class="header-main">
        <h1 class="brand">{t('extName')}</h1>
        {page?.ticket && <span class="chip" title={t('header_ticket')}>{page.ticket.label}</span>}
        <button type="button" class="link" onClick={onOptions}>
          {t('open_options')}
        </button>
      </div>
      {page && (
        <div class="header-site" data-testid="header-site">
          {name && <strong>{name}</strong>} <span class="muted">{page.origin}</span>
          <BuiltinLine id={page.adapterId} />
        </div>
      )}
      {page && !page.ticket && (
        <p class="header-page small" data-testid="header-page">
          <strong>{pageIs(page)}.</strong> {pageCan(tools, page)}
        </p>
      )}
    </header>
  );
}

/** On a helpdesk a built-in recipe serves: whether it is confirmed, and the "Works here" tick (nothing elsewhere). */
function BuiltinLine({ id }: { id: string }) {
  const b = useBuiltinRecipes();
  const recipe = b.recipes?.find((r) => r.id === id);
  if (!recipe) return null;
  return (
    <div class="builtin-line small">
      {t('recipe_builtin')} <BuiltinRecipeStatus recipe={recipe} onWorks={(works) => void b.setWorks(id, works)} />
      {b.error && <span class="error"> {b.error}</span>}
    </div>
  );
}
