import { openOptions } from '../client';
import { useBoundTab } from './useBoundTab';
import { useChat } from './useChat';
import { useConfirmations } from './useConfirmations';
import { useDraftActions } from './useDraftActions';
import { usePageTools } from './usePageTools';
import { useSaveSite } from './useSaveSite';
import { useSiteAccess } from './useSiteAccess';
import { useView } from './useView';
import { useTicketContext } from './useInstructions';
import { useTrustedLinks } from './useTrustedLinks';
import { useTeach } from './useTeach';

/** Everything the sidebar shows and does, for the tab it is bound to. */
export function useSidebar() {
  const tabId = useBoundTab();
  const { view, error } = useView(tabId);
  const confirms = useConfirmations(tabId, view);
  const page = view?.page;
  // Tool results belong to one page: a new tab, site or ticket starts afresh.
  const pageKey = `${tabId}|${page?.origin ?? ''}|${page?.ticket?.key ?? ''}`;
  const tools = usePageTools(pageKey);
  const site = useSaveSite();
  const chat = useChat(tabId);
  const drafts = useDraftActions(tabId, view);
  const ticketContext = useTicketContext(tabId, page?.origin ?? null, page?.ticket?.key ?? null);
  const access = useSiteAccess();
  const trustedLinks = useTrustedLinks(tabId, page?.origin ?? view?.access?.origin ?? null);
  const teach = useTeach(tabId);
  return { tabId, view, error, confirms, tools, site, chat, drafts, ticketContext, access, trustedLinks, teach, openOptions: () => void openOptions() };
}

export type Sidebar = ReturnType<typeof useSidebar>;
