import type { ToolResult } from '../../core';
import type { Adapter, SendToolName, TicketData } from '../adapter';
import { sameTicket, type CopiesQuery } from '../../shared/ticket';
import { failed, remaining } from '../adapter-helpers';
import { comparableText } from './text-compare';
import { frameDocument } from './editable';
import { waitFor } from './editor';

/**
 * Whatever page a tab shows after a send (the ticket again, a mailbox folder, the next ticket),
 * it can look at the sent ticket's thread: on this page when it shows that ticket, else on the
 * ticket's page loaded in a hidden same-origin frame. The helpdesk's own adapter (or recipe)
 * reads the thread, and the copies of the exact text are counted: the background compares the
 * count with the one taken before the click.
 */

const FRAME_TIMEOUT_MS = 15_000;

/** What a send posts, by default: a reply shows as the agent's, a note as an internal entry. */
const sentAsDefault: NonNullable<Adapter['sentAs']> = (tool, role) => role === (tool === 'note.add' ? 'internal' : 'agent');

/** Copies of `body` in a thread read by the adapter, in the role the tool posts as (the adapter's `sentAs`). */
export function copiesIn(ticket: TicketData, tool: SendToolName, body: string, sentAs = sentAsDefault): number {
  const expected = comparableText(body);
  return ticket.messages.filter((m) => sentAs(tool, m.role) && comparableText(m.body) === expected).length;
}

type Place = { doc: Document; location: Location; frame: HTMLIFrameElement | null };

const shows = (adapter: Adapter, doc: Document, location: Location, q: CopiesQuery): boolean => {
  try {
    const url = new URL(location.href);
    const wanted = { site: new URL(q.ticketUrl).origin, ticket: q.ticketKey };
    return adapter.detect(url, doc) && sameTicket({ site: url.origin, ticket: adapter.ticket(url, doc)?.key ?? null }, wanted);
  } catch {
    return false;
  }
};

/** The ticket's page: this one, or the ticket's URL in a hidden frame once the adapter recognises it. */
async function ticketPage(adapter: Adapter, doc: Document, q: CopiesQuery, deadline: number): Promise<Place | string> {
  const here = doc.defaultView?.location;
  if (here && shows(adapter, doc, here, q)) return { doc, location: here, frame: null };
  let url: URL;
  try {
    url = new URL(q.ticketUrl);
  } catch {
    return 'The ticket has no page address to look at.';
  }
  if (url.origin !== doc.location.origin) return 'The ticket is on another site than this page.';
  const frame = doc.createElement('iframe');
  frame.setAttribute('aria-hidden', 'true');
  frame.tabIndex = -1;
  frame.style.cssText = 'position:fixed;left:-10000px;top:0;width:900px;height:700px;visibility:hidden;border:0';
  frame.src = url.href;
  doc.body.append(frame);
  const place = await waitFor(
    () => {
      const inner = frameDocument(frame);
      const location = frame.contentWindow?.location;
      const loaded = inner && location && inner.readyState === 'complete' && location.href !== 'about:blank';
      return loaded && shows(adapter, inner, location, q) ? { doc: inner, location, frame } : null;
    },
    { root: doc.documentElement, timeoutMs: remaining(deadline) },
  );
  if (place) return place;
  frame.remove();
  return "The ticket's page did not load, or does not show the ticket.";
}

/** Counts the copies of the text in the ticket's thread; never clicks or changes anything. */
export async function countCopies(adapter: Adapter, doc: Document, q: CopiesQuery): Promise<ToolResult<{ count: number }>> {
  const read = adapter.tools['ticket.read'];
  if (!read) return failed('unknown_tool', `${adapter.title} cannot read a ticket.`);
  // The frame has its own time to load; a thread that loads after it has `waitMs` more (below).
  const deadline = Date.now() + FRAME_TIMEOUT_MS;
  const place = await ticketPage(adapter, doc, q, deadline);
  if (typeof place === 'string') return failed('page_error', place);
  try {
    const count = async (): Promise<number | string> => {
      const result = (await read({}, place.doc, place.location)) as ToolResult<TicketData>;
      return result.ok && result.data ? copiesIn(result.data, q.tool, q.body, adapter.sentAs) : (result.error ?? 'The ticket could not be read.');
    };
    let last = await count();
    const until = Date.now() + (q.waitMs ?? 0);
    // A thread that loads after the page (by fetch) is read again until it shows enough copies.
    while (typeof last === 'number' && last < (q.atLeast ?? 0) && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 200));
      last = await count();
    }
    return typeof last === 'number' ? { ok: true, data: { count: last } } : failed('page_error', last);
  } finally {
    place.frame?.remove();
  }
}
