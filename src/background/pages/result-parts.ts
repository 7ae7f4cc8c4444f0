import type { ToolResult } from '../../core';
import { asTicket, bodyChars, PART_CHARS, prettyData, textPart, ticketPart, type PartCursor, type ResultPart, type ShownResult } from '../../shared/result-parts';
import { sameTicket, type TicketMessage, type TicketRef } from '../../shared/ticket';
import type { TabPages } from './tab-pages';

/** How many results are kept for their next parts, all tabs together, and their characters at most. */
const KEPT_RESULTS = 8;
const KEPT_CHARS = 24_000_000;

type Whole = { kind: 'ticket'; messages: TicketMessage[] } | { kind: 'text'; text: string };

interface Kept {
  tabId: number;
  tool: string;
  page: TicketRef;
  whole: Whole;
  chars: number;
}

export interface ResultParts {
  /** A person's read result for the panel, read in the tab on `page`: a big one is kept here, and only its first part goes. */
  firstPart(tabId: number, page: TicketRef, tool: string, result: ToolResult): ShownResult;
  /** The part of a kept result from `from`, for the tab it was read in while it shows the same page; else null. */
  part(tabId: number, id: string, from: PartCursor): ResultPart | null;
}

/**
 * The big results people read in the side panel, kept in the background's memory so that the
 * panel receives them part by part (a worker started again has none: the panel says to read
 * again). A result belongs to the tab and the page (site and ticket) it was read on; a newer
 * read of the same tool in the tab replaces it, and the oldest go first past the bounds.
 */
export function createResultParts(pages: Pick<TabPages, 'get'>, newId: () => string = () => crypto.randomUUID()): ResultParts {
  const kept = new Map<string, Kept>();
  const pageOf = (tabId: number): TicketRef => {
    const page = pages.get(tabId);
    return { site: page?.origin ?? null, ticket: page?.ticket?.key ?? null };
  };
  const forget = (which: (k: Kept) => boolean) => [...kept].filter(([, k]) => which(k)).forEach(([id]) => kept.delete(id));

  return {
    firstPart(tabId, page, tool, result) {
      if (!result.ok || result.data === undefined) return result;
      const ticket = tool === 'ticket.read' ? asTicket(result.data) : null;
      const whole: Whole = ticket ? { kind: 'ticket', messages: ticket.messages } : { kind: 'text', text: prettyData(result.data) };
      const chars = whole.kind === 'ticket' ? bodyChars(whole.messages) : whole.text.length;
      const start = { index: 0, start: 0 };
      const first = whole.kind === 'ticket' ? ticketPart(whole.messages, start) : textPart(whole.text, start);
      forget((k) => k.tabId === tabId && k.tool === tool);
      if (!first.next) return result;
      const id = newId();
      kept.set(id, { tabId, tool, page, whole, chars });
      // Newest first: past the bounds, the older ones go (this one stays, however big: the panel never gets it whole).
      let total = 0;
      [...kept].reverse().forEach(([older, k], n) => {
        total += k.chars;
        if (n > 0 && (total > KEPT_CHARS || n >= KEPT_RESULTS)) kept.delete(older);
      });
      // The first part in the shape the whole has: a ticket with its first messages, or text.
      const data = first.kind === 'ticket' ? { ...ticket, messages: first.pieces.map(({ index: _i, start: _s, ...m }) => m) } : first.text;
      return { ...result, data, rest: { id, next: first.next, total: chars } };
    },

    part(tabId, id, from) {
      const k = kept.get(id);
      if (!k || k.tabId !== tabId) return null;
      // The tab went to another ticket or site: what it read there is not given to this page.
      if (!sameTicket(k.page, pageOf(tabId))) {
        kept.delete(id);
        return null;
      }
      if (k.whole.kind === 'text') return from.index === 0 && from.start < k.whole.text.length ? textPart(k.whole.text, from) : null;
      const at = k.whole.messages[from.index];
      return at && from.start < Math.max(1, at.body.length) ? ticketPart(k.whole.messages, from, PART_CHARS) : null;
    },
  };
}
