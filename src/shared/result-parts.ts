import type { ToolResult } from '../core';
import type { TicketData, TicketMessage } from './ticket';

/**
 * A big result shown in parts: the side panel gets its first part with the answer and asks for
 * each next one on "Show more", so no task of the panel handles (receives, parses, lays out) the
 * whole of a result of several megabytes. Parts are cut here, the same way wherever a whole
 * result is at hand (the background, or a page that got a small one whole).
 */

/** The characters of a part: a few tens of thousands lay out in one short task. */
export const PART_CHARS = 30_000;

/** The most messages a part names, so that a thread of empty messages still comes in small parts. */
export const PART_MESSAGES = 200;

/** A tool's result as the side panel gets it: whole, or its first part and how to get the rest. */
export type ShownResult = ToolResult & { rest?: ResultRest };

/** Where the next part starts: a message (0 for a text) and a character of it. */
export interface PartCursor {
  index: number;
  start: number;
}

/** Characters [start, start + body.length) of the thread's message `index`. */
export interface MessagePiece extends TicketMessage {
  index: number;
  start: number;
}

/** One part of a result kept whole elsewhere; `next` is null once the result has been given to its end. */
export type ResultPart = { kind: 'ticket'; pieces: MessagePiece[]; next: PartCursor | null } | { kind: 'text'; text: string; next: PartCursor | null };

/** What a panel is told of a result it got only the first part of: whose it is, where it goes on, how long it is. */
export interface ResultRest {
  id: string;
  next: PartCursor;
  /** The characters of the whole result (message bodies, or the text). */
  total: number;
}

/** The end of a part that starts at `start`, never between the halves of a surrogate pair. */
function partEnd(text: string, start: number, room: number): number {
  const end = Math.min(text.length, start + room);
  return end < text.length && /[\uD800-\uDBFF]/.test(text.charAt(end - 1)) ? end - 1 : end;
}

/**
 * The part of a thread from `from`: at most PART_CHARS characters of bodies and PART_MESSAGES
 * messages. Only its last piece may stop inside a message, and `next` starts where it stopped.
 */
export function ticketPart(messages: readonly TicketMessage[], from: PartCursor, chars = PART_CHARS): ResultPart & { kind: 'ticket' } {
  const pieces: MessagePiece[] = [];
  let room = chars;
  let { index, start } = from;
  while (index < messages.length && room > 0 && pieces.length < PART_MESSAGES) {
    const m = messages[index]!;
    const end = partEnd(m.body, start, room);
    // One character of room left before a pair: the pair goes in the next part.
    if (end === start && m.body.length > 0) break;
    pieces.push({ ...m, body: m.body.slice(start, end), index, start });
    room -= end - start;
    if (end < m.body.length) {
      start = end;
      break;
    }
    [index, start] = [index + 1, 0];
  }
  return { kind: 'ticket', pieces, next: index < messages.length ? { index, start } : null };
}

/** The part of a text from `from` (index 0): at most PART_CHARS characters. */
export function textPart(text: string, from: PartCursor, chars = PART_CHARS): ResultPart & { kind: 'text' } {
  const end = Math.max(partEnd(text, from.start, chars), Math.min(text.length, from.start + 1));
  return { kind: 'text', text: text.slice(from.start, end), next: end < text.length ? { index: 0, start: end } : null };
}

/**
 * The messages shown so far, with the part asked for at `from` added: its first piece starts
 * exactly there (on the last message shown, or as the next one), each other piece is the next
 * message from its start, and its `next` follows its last piece. A part that does not fit so
 * (one that skips or repeats text) makes the whole join null: nothing is shown twice or left out.
 */
export function joinPieces(shown: readonly TicketMessage[], from: PartCursor, part: { pieces: readonly MessagePiece[]; next: PartCursor | null }): TicketMessage[] | null {
  const out = shown.slice();
  let at = from;
  for (const { index, start, ...message } of part.pieces) {
    if (index !== at.index || start !== at.start) return null;
    const last = out[index];
    if (start === 0 && index === out.length) out.push(message);
    else if (start > 0 && last && index === out.length - 1 && last.body.length === start) out[index] = { ...last, body: last.body + message.body };
    else return null;
    at = { index: index + 1, start: 0 };
  }
  const end = out.length ? { index: out.length - 1, start: out[out.length - 1]!.body.length } : null;
  const follows = part.next === null || (part.next.index === at.index && part.next.start === 0) || (end !== null && part.next.index === end.index && part.next.start === end.start && end.start > 0);
  return part.pieces.length > 0 && follows ? out : null;
}

/** The characters of a thread's bodies. */
export const bodyChars = (messages: readonly TicketMessage[]): number => messages.reduce((n, m) => n + m.body.length, 0);

/** The data of `ticket.read`, when it has the ticket's shape; else null (shown as JSON). */
export function asTicket(data: unknown): TicketData | null {
  const d = data as Partial<TicketData> | null;
  return d && typeof d === 'object' && typeof d.subject === 'string' && Array.isArray(d.messages) && d.messages.every((m) => typeof (m as Partial<TicketMessage> | null)?.body === 'string') ? (d as TicketData) : null;
}

/** Data as the panel shows it: a text as it is, anything else as indented JSON. */
export function prettyData(data: unknown): string {
  if (typeof data === 'string') return data;
  try {
    return JSON.stringify(data, null, 2) ?? String(data);
  } catch {
    return String(data);
  }
}
