import { describe, expect, it } from 'vitest';
import { joinPieces, PART_CHARS, PART_MESSAGES, textPart, ticketPart, type PartCursor } from '../../src/shared/result-parts';
import type { TicketMessage } from '../../src/shared/ticket';

const message = (body: string, i = 0): TicketMessage => ({ author: `Writer ${i}`, role: 'customer', time: null, body });

/** Every part from the start, joined as the panel joins them; the count of parts too. */
function allParts(messages: TicketMessage[]): { shown: TicketMessage[]; parts: number } {
  let shown: TicketMessage[] = [];
  let from: PartCursor | null = { index: 0, start: 0 };
  let parts = 0;
  while (from) {
    const part = ticketPart(messages, from);
    const joined = joinPieces(shown, from, part);
    expect(joined).not.toBeNull();
    shown = joined!;
    from = part.next;
    parts++;
  }
  return { shown, parts };
}

describe('a result cut into parts', () => {
  it('gives a thread back whole, in order, part by part, each part at most PART_CHARS characters', () => {
    const messages = Array.from({ length: 60 }, (_, i) => message(`${'log line '.repeat(5_555)}END-${i + 1}`, i));
    const first = ticketPart(messages, { index: 0, start: 0 });
    expect(first.pieces.reduce((n, p) => n + p.body.length, 0)).toBe(PART_CHARS);
    expect(first.next).toEqual({ index: 0, start: PART_CHARS });
    const { shown, parts } = allParts(messages);
    expect(shown).toEqual(messages);
    expect(parts).toBe(Math.ceil(messages.reduce((n, m) => n + m.body.length, 0) / PART_CHARS));
  });

  it('keeps empty messages, tiny ones and surrogate pairs cut at a boundary', () => {
    const emoji = '😀'.repeat(PART_CHARS); // a pair ends exactly where the first part would
    const messages = [message('x'), message(''), message(emoji, 2), message(''), ...Array.from({ length: 500 }, (_, i) => message(i % 3 ? `m${i}` : '', i))];
    const first = ticketPart(messages, { index: 0, start: 0 });
    // Never half a pair at the end of a part.
    const last = first.pieces.at(-1)!.body;
    expect(/[\uD800-\uDBFF]$/.test(last)).toBe(false);
    expect(allParts(messages).shown).toEqual(messages);
    // A part of many small messages names at most PART_MESSAGES of them.
    const tail = ticketPart(messages, { index: 4, start: 0 });
    expect(tail.pieces).toHaveLength(PART_MESSAGES);
  });

  it('refuses to join a part that skips or repeats text', () => {
    const messages = [message('a'.repeat(PART_CHARS + 10)), message('b'), message('c')];
    const first = ticketPart(messages, { index: 0, start: 0 });
    const shown = joinPieces([], { index: 0, start: 0 }, first)!;
    expect(first.next).toEqual({ index: 0, start: PART_CHARS });
    const second = ticketPart(messages, first.next!);
    expect(joinPieces(shown, first.next!, second)).toEqual(messages);
    // Asked at one place, answered for another: text repeated, or the rest of a message skipped.
    expect(joinPieces(shown, first.next!, ticketPart(messages, { index: 0, start: 5 }))).toBeNull();
    expect(joinPieces(shown, first.next!, ticketPart(messages, { index: 1, start: 0 }))).toBeNull();
    expect(joinPieces(shown, first.next!, { pieces: second.pieces.slice(0, 1).concat(second.pieces.slice(2)), next: null })).toBeNull();
    expect(joinPieces(joinPieces(shown, first.next!, second)!, first.next!, second)).toBeNull();
  });

  it('cuts a text the same way', () => {
    const text = `${'{"id": 1}\n'.repeat(10_000)}😀`;
    let shown = '';
    let from: PartCursor | null = { index: 0, start: 0 };
    while (from) {
      const part = textPart(text, from);
      expect(part.text.length).toBeLessThanOrEqual(PART_CHARS);
      shown += part.text;
      from = part.next;
    }
    expect(shown).toBe(text);
  });
});
