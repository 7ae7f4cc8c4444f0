import type { PastTicketSite } from '../past/past-tickets';
import type { SearchSpec } from '../past/search-results';
import { readTicket, shownTicket, ticketUrl, TICKETS_PATH } from './osticket-page';

/**
 * osTicket 1.18's own ticket search (scp/tickets.php?a=search&query=…), open and closed
 * tickets alike, read like its queue table. Its columns are the search queue's, which an admin
 * may reorder or drop: each field is found by its column's id in the header (1 number, 3
 * subject, 4 user name, 6 status, 10 last updated: ost_queue_column), not by position. Checked on osTicket 1.18.1.
 * osTicket keeps the last search in the agent's session: its Search view then shows this one.
 */
const RESULTS = 'table.list.queue.tickets > tbody > tr';
const COLUMNS = { number: '1', subject: '3', requester: '4', status: '6', updated: '10' } as const;

export const SEARCH: SearchSpec = {
  url: 'tickets.php?a=search&query={query}',
  results: RESULTS,
  // The number's link; the subject links to the same ticket.
  link: 'a[href*="tickets.php?id="]',
};

/** The spec with a `td:nth-child(n)` per column the header names; null when the page has no results table. */
export function searchLayout(doc: Document): SearchSpec | null {
  const heads = [...doc.querySelectorAll('table.list.queue.tickets > thead > tr > th')];
  if (!heads.length) return null;
  const column = (id: string) => {
    const at = heads.findIndex((th) => th.getAttribute('data-id') === id);
    return at < 0 ? undefined : `td:nth-child(${at + 1})`;
  };
  const spec: SearchSpec = { ...SEARCH };
  const number = column(COLUMNS.number);
  const subject = column(COLUMNS.subject);
  const requester = column(COLUMNS.requester);
  const status = column(COLUMNS.status);
  const updated = column(COLUMNS.updated);
  if (number) spec.number = `${number} a[href*="tickets.php?id="]`;
  if (subject) spec.subject = `${subject} a[href*="tickets.php?id="]`;
  if (requester) spec.requester = requester;
  if (status) spec.status = status;
  if (updated) spec.updated = updated;
  return spec;
}

export const OSTICKET_PAST: PastTicketSite & { search: SearchSpec } = {
  search: SEARCH,
  searchLayout,
  keyOf: (url) => (TICKETS_PATH.test(url.pathname) && /^\d+$/.test(url.searchParams.get('id') ?? '') ? url.searchParams.get('id') : null),
  ticketUrl,
  shown: shownTicket,
  read: readTicket,
};
