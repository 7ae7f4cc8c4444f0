import { useEffect, useState } from 'preact/hooks';
import { openSettings } from '../client';
import { useSidebar } from '../hooks/useSidebar';
import { useChatChrome } from '../hooks/useChatChrome';
import { warmDateFormats } from '../format';
import { t } from '../i18n';
import { ChatPanel, DraftBlock, NewChatConfirm } from '../chat/ChatPanel';
import { Header } from './Header';
import { HeaderMenuItems } from './HeaderMenu';
import { lazyView, loadWhenIdle } from '../lazy-view';
import { ConfirmCard } from './ConfirmCards';

// The chat is what opens; the other tabs and teach mode are fetched when first shown.
const PagePanel = lazyView(() => import('./PagePanel').then((m) => m.PagePanel));
const AuditTab = lazyView(() => import('./AuditTab').then((m) => m.AuditTab));
const TeachPanel = lazyView(() => import('./TeachPanel').then((m) => m.TeachPanel));
// Only on a helpdesk not enabled yet.
const EnableSite = lazyView(() => import('./EnableSite').then((m) => m.EnableSite));

type Panel = 'chat' | 'page' | 'audit';

/** The sidebar: the chat about the bound tab, its page actions and confirmations, and the audit log. */
export function App() {
  const s = useSidebar();
  const chrome = useChatChrome(s.chat);
  const [panel, setPanel] = useState<Panel>('chat');
  // Not needed to open, but soon after: the first answer's draft and its Send…'s confirm card, and
  // the header menu and the new chat's question, show at once. A failed turn's error and a steered
  // turn's warning stay in the first load: a reopened conversation may end in one. The locale's
  // date data too, which the first time shown would otherwise load in the middle of a render.
  useEffect(() => loadWhenIdle([DraftBlock, ConfirmCard, HeaderMenuItems, NewChatConfirm, { load: async () => warmDateFormats() }]), []);
  const tab = (id: Panel, label: string) => (
    <button type="button" role="tab" id={`tab-${id}`} aria-selected={panel === id} aria-controls="panel" onClick={() => setPanel(id)}>
      {label}
    </button>
  );
  const inChat = (act: () => void) => () => {
    setPanel('chat');
    act();
  };
  const access = s.view?.page ? null : s.view?.access;
  const status = chrome.setup.status;
  return (
    <div class="app">
      <Header
        page={s.view?.page ?? null}
        model={s.chat.model}
        modelState={status ? (status.connection.ok ? 'answers' : 'silent') : null}
        onModelSettings={() => void openSettings('model-settings')}
        menu={{ outbound: chrome.outbound, onOutbound: inChat(chrome.toggleOutbound), onNewChat: inChat(chrome.newChat), onSettings: s.openOptions }}
      />
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
          {panel === 'chat' ? <ChatPanel s={s} chrome={chrome} /> : panel === 'page' ? <PagePanel s={s} /> : <AuditTab />}
        </div>
      </main>
    </div>
  );
}
