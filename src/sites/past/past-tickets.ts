import type { ToolResult } from '../../core';
import { DEFAULT_SEARCH_RESULTS, MAX_SEARCH_RESULTS, TICKET_KEY_PATTERN } from '../../shared/page-tools';
import type { PageTicket, TicketData } from '../adapter';
import { failed, guard } from '../adapter-helpers';
import { fetchSameOrigin } from './same-origin-page';
import { readSearchResults, searchUrl, type SearchOutcome, type SearchSpec } from './search-results';

/** Another ticket as ticket.read({ key }) returns it: the ticket, its key, and where it lives. */
export interface PastTicket extends TicketData {
  key: string;
  url: string;
}

/** What an adapter says of its site for reading other tickets than the one shown. */
export interface PastTicketSite {
  search?: SearchSpec;
  /** The search page's layout read from the page itself (columns an admin may reorder), else `search`. */
  searchLayout?(doc: Document): SearchSpec | null;
  /** A ticket page's key from its address, or null when the address is no ticket page. */
  keyOf(url: URL): string | null;
  /** The address of the ticket with this key, next to the page at `base`. */
  ticketUrl(key: string, base: string): string;
  /** The ticket a fetched page shows (as `Adapter.ticket`), or null. */
  shown(url: URL, doc: Document): PageTicket | null;
  read(doc: Document, label: string): TicketData;
}

/** Past tickets are read for the team's answers: the newest posts, each cut, are plenty. */
export const MAX_PAST_MESSAGES = 20;
export const MAX_PAST_MESSAGE_CHARS = 4_000;

const KEY = new RegExp(TICKET_KEY_PATTERN);

type Impl = (input: unknown, doc: Document, location: Location) => Promise<ToolResult>;

/** `tickets.search`: the helpdesk's own search page, fetched as the agent and read detached. */
export const ticketSearcher =
  (site: PastTicketSite & { search: SearchSpec }): Impl =>
  (input, doc, location) =>
    guard('page_error', 'Could not search the tickets', async (): Promise<ToolResult<SearchOutcome>> => {
      const { query, limit } = (input ?? {}) as { query?: unknown; limit?: unknown };
      if (typeof query !== 'string' || query.trim().length < 2) return failed('invalid_input', 'Search for at least two characters.');
      const max = typeof limit === 'number' && Number.isInteger(limit) ? Math.min(Math.max(limit, 1), MAX_SEARCH_RESULTS) : DEFAULT_SEARCH_RESULTS;
      const page = await fetchSameOrigin(searchUrl(site.search, query.trim(), location.href), location, doc);
      if (!page.ok) return page;
      const layout = site.searchLayout?.(page.doc) ?? site.search;
      const own = site.shown(new URL(location.href), doc)?.key ?? null;
      return { ok: true, data: readSearchResults(page.doc, page.url, layout, site.keyOf, max, own) };
    });

/**
 * `ticket.read`: the ticket in the tab without a key (or with its own), else the ticket with
 * that key fetched from this site and read with the same reader, checked to be that ticket.
 */
export const pastTicketReader =
  (site: PastTicketSite, readShown: Impl): Impl =>
  (input, doc, location) => {
    const key = (input as { key?: unknown } | null)?.key;
    if (key === undefined) return readShown(input, doc, location);
    return guard('page_error', 'Could not read that ticket', async (): Promise<ToolResult<PastTicket | TicketData>> => {
      if (typeof key !== 'string' || !KEY.test(key)) return failed('invalid_input', 'A ticket key is letters, digits, - or _, as tickets.search returned it.');
      if (site.shown(new URL(location.href), doc)?.key === key) return readShown({}, doc, location) as Promise<ToolResult<TicketData>>;
      const page = await fetchSameOrigin(site.ticketUrl(key, location.href), location, doc);
      if (!page.ok) return page;
      const shown = site.shown(page.url, page.doc);
      if (shown?.key !== key) return failed('no_ticket', `This helpdesk shows no ticket ${key} to you.`);
      const data = site.read(page.doc, shown.label);
      const messages = data.messages.slice(-MAX_PAST_MESSAGES).map((m) => (m.body.length > MAX_PAST_MESSAGE_CHARS ? { ...m, body: `${m.body.slice(0, MAX_PAST_MESSAGE_CHARS)}…` } : m));
      return { ok: true, data: { ...data, messages, key, url: page.url.href } };
    });
  };
