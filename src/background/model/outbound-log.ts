import {
  MAX_BODY_CHARS,
  MAX_EXCHANGES_PER_TURN,
  MAX_TOTAL_CHARS,
  MAX_TURNS_PER_CONVERSATION,
  type OutboundExchange,
  type OutboundTurn,
} from '../../shared/outbound';
import type { WireEvent } from '../../core';
import { defineItem } from '../storage/stored-item';

type Log = Record<string, OutboundTurn[]>;

/** In the background's vault: out of every content script's reach, in both browsers. */
const outboundItem = defineItem<Log>({ key: 'outbound', version: 1, fallback: () => ({}) });

const sizeOf = (turn: OutboundTurn) => turn.exchanges.reduce((n, e) => n + e.request.length + e.response.length, 0);

const seqOf = (turn: OutboundTurn): number => turn.seq ?? 0;

/**
 * Keeps the newest turns: per conversation by their order in its list, and then over all
 * conversations by their sequence (a turn kept before sequences existed counts as oldest). Each
 * conversation's turns stay in the order they were appended.
 */
function bound(log: Log): Log {
  const all = Object.entries(log).flatMap(([key, turns]) => turns.slice(-MAX_TURNS_PER_CONVERSATION).map((turn, place) => ({ key, turn, place })));
  all.sort((a, b) => seqOf(b.turn) - seqOf(a.turn) || b.place - a.place);
  const keep = new Set<OutboundTurn>();
  let total = 0;
  for (const { turn } of all) {
    total += sizeOf(turn);
    if (total > MAX_TOTAL_CHARS) break;
    keep.add(turn);
  }
  const kept: Log = {};
  for (const [key, turns] of Object.entries(log)) {
    const left = turns.filter((turn) => keep.has(turn));
    if (left.length) kept[key] = left;
  }
  return kept;
}

/** The log with `turn` appended to `key`, numbered after every turn it holds. */
function appended(log: Log, key: string, turn: OutboundTurn): Log {
  const seq = Math.max(0, ...Object.values(log).flatMap((turns) => turns.map(seqOf))) + 1;
  return bound({ ...log, [key]: [...(log[key] ?? []), { ...turn, seq }] });
}

/** Appends text to a bounded field; what does not fit is counted, not kept. */
function append(exchange: OutboundExchange, field: 'request' | 'response', text: string): void {
  const room = MAX_BODY_CHARS - exchange[field].length;
  exchange[field] += text.slice(0, Math.max(0, room));
  exchange.cut[field] += Math.max(0, text.length - Math.max(0, room));
}

const dropWhere = (drop: (key: string) => boolean): Promise<void> =>
  outboundItem.update((log) => ({ value: Object.fromEntries(Object.entries(log).filter(([key]) => !drop(key))), result: undefined }));

/** Past this many pieces held unread, they are read at once: a runaway stream stays bounded. */
const MAX_HELD = 2_000;

/**
 * The record of what each turn sent to the model and got back. A turn's record is kept in
 * memory while it runs and stored when it ends. The pieces of an answer are kept as they came
 * and read (stringified) only when the turn ends, not between the model's requests.
 */
export function createOutboundLog() {
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
          return turn.exchanges.length === 0
            ? Promise.resolve()
            : outboundItem.update((log) => ({ value: appended(log, key, turn), result: undefined }));
        },
      };
    },
    async turns(key: string): Promise<OutboundTurn[]> {
      return (await outboundItem.get())[key] ?? [];
    },
    /** The conversation was cleared (New chat). */
    forget: (key: string): Promise<void> => dropWhere((k) => k === key),
    /** The tab closed: its conversations end. */
    forgetTab: (prefix: string): Promise<void> => dropWhere((k) => k.startsWith(prefix)),
  };
}

export type OutboundLog = ReturnType<typeof createOutboundLog>;
