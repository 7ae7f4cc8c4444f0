import type { PastTicketSite } from '../past/past-tickets';
import type { SearchSpec } from '../past/search-results';
import { readTicket, shownTicket } from './freescout-page';

/**
 * FreeScout 1.8's own search (/search?q=…) over the conversations the agent may see, closed ones
 * too, read like its conversation list. A conversation's own address redirects (within the site)
 * to its folder; the search's links carry it already. Checked on FreeScout 1.8.145.
 */
export const SEARCH: SearchSpec = {
  url: '/search?q={query}',
  results: 'table.table-conversations > tbody > tr.conv-row[data-conversation_id]',
  link: 'td.conv-subject > a[href*="/conversation/"]',
  number: 'td.conv-number a',
  subject: 'td.conv-subject > a > p:not(.conv-preview)',
  requester: 'td.conv-customer > a',
  updated: 'td.conv-date a',
};

const CONVERSATION = /\/conversation\/(\d+)\/?$/;

export const FREESCOUT_PAST: PastTicketSite & { search: SearchSpec } = {
  search: SEARCH,
  keyOf: (url) => CONVERSATION.exec(url.pathname)?.[1] ?? null,
  ticketUrl: (key, base) => new URL(`/conversation/${encodeURIComponent(key)}`, base).href,
  shown: shownTicket,
  read: readTicket,
};
