import { useRef, useState } from 'preact/hooks';
import { bodyChars, joinPieces, textPart, ticketPart, type PartCursor, type ResultPart, type ResultRest } from '../../shared/result-parts';
import type { TicketMessage } from '../../shared/ticket';
import { request } from '../client';

/** A result the background keeps for the tab it was read in: the panel got its first part only. */
export interface KeptRest {
  tabId: number;
  rest: ResultRest;
}

/** What is shown of a result so far, and the way to show more. */
export interface ShownParts<T> {
  shown: T;
  /** Characters not shown yet. */
  left: number;
  /** Where the next part starts (null: shown to the end). */
  next: PartCursor | null;
  /** The next part could not be had (the background no longer keeps it, or the tab left its page). */
  lost: boolean;
  more(): void;
}

interface Kind<T> {
  first(whole: T): { shown: T; next: PartCursor | null; total: number };
  local(whole: T, from: PartCursor): ResultPart;
  join(shown: T, from: PartCursor, part: ResultPart): T | null;
  chars(shown: T): number;
}

const START: PartCursor = { index: 0, start: 0 };

const TICKET: Kind<TicketMessage[]> = {
  first(messages) {
    const part = ticketPart(messages, START);
    return { shown: joinPieces([], START, part) ?? [], next: part.next, total: bodyChars(messages) };
  },
  local: ticketPart,
  join: (shown, from, part) => (part.kind === 'ticket' ? joinPieces(shown, from, part) : null),
  chars: bodyChars,
};

const TEXT: Kind<string> = {
  first(text) {
    const part = textPart(text, START);
    return { shown: part.text, next: part.next, total: text.length };
  },
  local: textPart,
  join: (shown, from, part) => (part.kind === 'text' && from.start === shown.length && part.text.length > 0 ? shown + part.text : null),
  chars: (shown) => shown.length,
};

const asked = (kept: KeptRest, from: PartCursor): Promise<ResultPart | null> =>
  request('result.part', { tabId: kept.tabId, id: kept.rest.id, from }).catch(() => null);

/**
 * A big result part by part: one whole here is cut locally; one the background keeps (`kept`:
 * `whole` is then its first part) is asked for part by part. One part is asked at a time, so a
 * double click neither repeats nor skips text.
 */
function useParts<T>(kind: Kind<T>, whole: T, kept: KeptRest | undefined): ShownParts<T> {
  const start = () => ({ of: whole, lost: false, ...(kept ? { shown: whole, next: kept.rest.next, total: kept.rest.total } : kind.first(whole)) });
  const [state, setState] = useState(start);
  // Another result in the same place starts over.
  const now = state.of === whole ? state : start();
  const latest = useRef(whole);
  latest.current = whole;
  const busy = useRef(false);
  const more = async () => {
    if (busy.current || !now.next) return;
    busy.current = true;
    try {
      const part = kept ? await asked(kept, now.next) : kind.local(whole, now.next);
      const shown = part && kind.join(now.shown, now.next, part);
      if (latest.current !== whole) return;
      setState(part && shown !== null ? { ...now, shown, next: part.next } : { ...now, lost: true });
    } finally {
      busy.current = false;
    }
  };
  return { shown: now.shown, left: now.lost ? 0 : now.total - kind.chars(now.shown), next: now.next, lost: now.lost, more: () => void more() };
}

/** A thread's messages, part by part. */
export const useTicketParts = (messages: TicketMessage[], kept?: KeptRest): ShownParts<TicketMessage[]> => useParts(TICKET, messages, kept);

/** A text (data as JSON), part by part. */
export const useTextParts = (text: string, kept?: KeptRest): ShownParts<string> => useParts(TEXT, text, kept);
