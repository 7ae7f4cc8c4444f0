import { MAX_BODY_CHARS, MAX_EXCHANGES_PER_TURN, type OutboundExchange, type OutboundTurn } from '../../shared/outbound';
import type { WireEvent } from '../../core';
import { createOutboundRecords } from './outbound-records';

/** Appends text to a bounded field; what does not fit is counted, not kept. */
function append(exchange: OutboundExchange, field: 'request' | 'response', text: string): void {
  const room = MAX_BODY_CHARS - exchange[field].length;
  exchange[field] += text.slice(0, Math.max(0, room));
  exchange.cut[field] += Math.max(0, text.length - Math.max(0, room));
}

/** Past this many pieces held unread, they are read at once: a runaway stream stays bounded. */
const MAX_HELD = 2_000;

/**
 * The record of what each turn sent to the model and got back. A turn's record is kept in
 * memory while it runs and stored when it ends. The pieces of an answer are kept as they came
 * and read (stringified) only when the turn ends, not between the model's requests.
 */
export function createOutboundLog() {
  const records = createOutboundRecords();
  return {
    /** A turn of the conversation `key` starts: returns the wire tap for its model requests and `end`. */
    startTurn(key: string) {
      const turn: OutboundTurn = { at: Date.now(), exchanges: [] };
      let held: { exchange: OutboundExchange; event: WireEvent }[] = [];
      const readHeld = () => {
        for (const { exchange, event } of held) append(exchange, 'response', event.text);
        held = [];
      };
      return {
        onWire(event: WireEvent): void {
          if (event.kind === 'request') {
            if (turn.exchanges.length >= MAX_EXCHANGES_PER_TURN) return;
            const exchange: OutboundExchange = { request: '', response: '', cut: { request: 0, response: 0 } };
            append(exchange, 'request', event.text);
            turn.exchanges.push(exchange);
          } else {
            const last = turn.exchanges.at(-1);
            if (last) held.push({ exchange: last, event });
            if (held.length >= MAX_HELD) readHeld();
          }
        },
        end: (): Promise<void> => {
          readHeld();
          return turn.exchanges.length === 0 ? Promise.resolve() : records.append(key, turn);
        },
      };
    },
    turns: (key: string): Promise<OutboundTurn[]> => records.turns(key),
    /** The conversation was cleared (New chat). */
    forget: (key: string): Promise<void> => records.forget((k) => k === key),
    /** The tab closed: its conversations end. */
    forgetTab: (prefix: string): Promise<void> => records.forget((k) => k.startsWith(prefix)),
  };
}

export type OutboundLog = ReturnType<typeof createOutboundLog>;
