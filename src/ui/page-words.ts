import type { PageToolView, PageView } from '../shared/protocol';
import { t } from './i18n';

/** Page tools the sidebar has its own words for; a tool beyond these shows its registered title. */
const WORDED = new Set(['ticket.read', 'tickets.search', 'reply.fill', 'reply.send', 'note.add', 'page.read', 'selection.read']);
const keyOf = (name: string) => name.replace(/\./g, '_');
/** The generic adapter: every page no helpdesk adapter or recipe knows. */
const GENERIC = 'generic';

/** A page tool's name for people ("Insert into a field"), not the one written for the model. */
export const toolTitle = (tool: Pick<PageToolView, 'name' | 'title'>, page?: PageView | null): string =>
  WORDED.has(tool.name) ? t(`page_tool_${keyOf(tool.name)}${generic(tool.name, page)}`) : tool.title;

/** What a page tool does, for people. */
export const toolDescription = (tool: Pick<PageToolView, 'name' | 'description'>, page?: PageView | null): string =>
  WORDED.has(tool.name) ? t(`page_tool_${keyOf(tool.name)}_desc${generic(tool.name, page)}`) : tool.description;

/** On a page no helpdesk knows, "reply.fill" puts text into the field the agent clicked, not a reply box. */
const generic = (name: string, page?: PageView | null) => (name === 'reply.fill' && page?.adapterId === GENERIC ? '_any' : '');

/** The helpdesk's name: the adapter's, or on a page of a helpdesk that shows no ticket, the site's. */
export const helpdeskName = (page: PageView): string | null =>
  page.adapterId !== GENERIC ? page.adapterTitle : (page.siteTitle ?? null);

/** What the page is: a ticket, a helpdesk page without one, or a web page. */
export function pageIs(page: PageView): string {
  if (page.ticket) return t('page_is_ticket', page.ticket.label);
  const name = helpdeskName(page);
  return name ? t('page_is_helpdesk', name) : t('page_is_web');
}

/** What Deskmate can do on the page, from the actions it has (switched on). */
export function pageCan(tools: readonly PageToolView[], page: PageView): string {
  const can = tools.filter((tool) => WORDED.has(tool.name)).map((tool) => t(`page_can_${keyOf(tool.name)}${generic(tool.name, page)}`));
  return can.length ? t('page_can', can.join(', ')) : t('page_can_nothing');
}

/** The chat box's placeholder: what to ask here (`undefined`: the page is not known yet, most often a ticket). */
export function chatPlaceholder(page: PageView | null | undefined, tools: readonly PageToolView[]): string {
  if (page === undefined) return t('chat_placeholder');
  if (!page) return t('chat_placeholder_none');
  if (page.ticket) return t('chat_placeholder');
  if (tools.some((tool) => tool.name === 'page.read')) return t('chat_placeholder_page');
  return t('chat_placeholder_no_ticket');
}
