/**
 * What left the browser for the model, per turn: every request body exactly as it was sent
 * (after masking) and what came back, bounded. Only extension pages can read it.
 */
export interface OutboundExchange {
  /** The request body as sent (JSON text), cut at MAX_BODY_CHARS. */
  request: string;
  /** What came back: each streamed chunk's JSON on a line, or the error's status and body. */
  response: string;
  /** Characters left out of the request and the response, past the bound. */
  cut: { request: number; response: number };
}

export interface OutboundTurn {
  /** When the turn started (ms since the epoch): shown, never used to order turns. */
  at: number;
  /**
   * The turn's place among all kept turns (larger is newer). The clock cannot order them: two
   * turns can end in one millisecond, and the clock can go back. Missing on turns kept before it.
   */
  seq?: number;
  exchanges: OutboundExchange[];
}

export type { WireEvent } from '../core';

export const MAX_BODY_CHARS = 200_000;
export const MAX_EXCHANGES_PER_TURN = 16;
export const MAX_TURNS_PER_CONVERSATION = 10;
/** All conversations together: the oldest turns go first. */
export const MAX_TOTAL_CHARS = 2_000_000;
