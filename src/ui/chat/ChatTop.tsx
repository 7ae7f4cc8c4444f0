import type { PageToolView, PageView } from '../../shared/protocol';
import type { ChatChrome } from '../hooks/useChatChrome';
import type { Sidebar } from '../hooks/useSidebar';
import { lazyView } from '../lazy-view';
import { pageCan, pageIs } from '../page-words';
import { DemoReminder } from '../sidebar/SetupHints';
import { TicketContext } from './TicketContext';

// Shown on first run or when the model stops answering only: fetched when first rendered.
const SetupCard = lazyView(() => import('../sidebar/SetupCard').then((m) => m.SetupCard));
// On a recipe's ticket page only.
const RecipeTestLine = lazyView(() => import('./RecipeTestLine').then((m) => m.RecipeTestLine));
// On a helpdesk a built-in recipe serves only, once the background has listed them.
const BuiltinLine = lazyView(() => import('./BuiltinLine').then((m) => m.BuiltinLine));
// Only while the knowledge base is empty.
const KbEmptyHint = lazyView(() => import('../sidebar/KbEmptyHint').then((m) => m.KbEmptyHint));

/**
 * The head of the conversation, scrolled with it: what the page is (when it is not a ticket),
 * a built-in recipe's status, the setup card while no model answers, and the ticket's context.
 * None of it takes room from the conversation once the agent scrolls on.
 */
export function ChatTop({ s, chrome }: { s: Sidebar; chrome: ChatChrome }) {
  const page = s.view?.page ?? null;
  const status = chrome.setup.status;
  return (
    <>
      {page && !page.ticket && <PageLine page={page} tools={s.view?.tools ?? []} />}
      {page && <BuiltinLine id={page.adapterId} />}
      {page?.ticket && <RecipeTestLine tabId={s.tabId ?? null} adapterId={page.adapterId} />}
      {chrome.need === 'setup' && status && <SetupCard setup={{ ...chrome.setup, status }} />}
      {chrome.need === 'demo' && <DemoReminder />}
      {status?.kbArticles === 0 && <KbEmptyHint />}
      {s.ticketContext.available && <TicketContext text={s.ticketContext.text} state={s.ticketContext.state} onChange={s.ticketContext.change} />}
    </>
  );
}

/** A page that shows no ticket: what it is, and what Deskmate can do there. */
function PageLine({ page, tools }: { page: PageView; tools: readonly PageToolView[] }) {
  return (
    <p class="header-page small" data-testid="header-page">
      <strong>{pageIs(page)}.</strong> {pageCan(tools, page)}
    </p>
  );
}
