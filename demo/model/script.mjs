// @ts-check
/**
 * What a running demo model remembers: the canned responses queued by tests, the chat
 * requests received, and the counters behind its ids (so ids are the same on every run).
 */
import { httpError } from './http.mjs';

/**
 * @typedef {{
 *   text?: string,
 *   toolCalls?: { name: string, arguments?: unknown }[],
 *   cutAfterChars?: number,
 *   status?: number,
 *   message?: string,
 *   delayMs?: number,
 *   holdCut?: boolean,
 * }} ScriptItem
 */

/**
 * How the demo model behaves when no script plays, to stand in for real models:
 * `noTools` refuses any request that offers tools, as many local models do ("does not support
 * tools"); `textAnswers` writes the reply in its message instead of calling reply.propose;
 * `reasoning` streams `reasoning_content` before its answer; `fabricateCitation` cites, besides
 * the article it used, one that no search returned (as models that invent sources do);
 * `noPastTickets` drafts from the ticket and the knowledge base alone even when the helpdesk's
 * search is offered (as a model does that judges the article enough).
 * @typedef {{ noTools?: boolean, textAnswers?: boolean, reasoning?: boolean, fabricateCitation?: boolean, noPastTickets?: boolean }} Behaviour
 */

export function createState(/** @type {ScriptItem[]} */ script = [], /** @type {Behaviour} */ initial = {}) {
  /** @type {ScriptItem[]} */
  let queue = script.map(checkItem);
  /** @type {unknown[]} */
  let requests = [];
  /** @type {(string | null)[]} */
  let keys = [];
  /** @type {Timing[]} */
  let timings = [];
  let calls = 0;
  let completions = 0;
  /** @type {Behaviour} */
  let behaviour = checkBehaviour(initial);
  // Held cuts (see holdCut) and releases that came before their cut was reached, so that a
  // test's release never races the server reaching the cut.
  /** @type {(() => void)[]} */
  let heldCuts = [];
  let earlyReleases = 0;
  return {
    behaviour: () => ({ ...behaviour }),
    /** Replaces the behaviour switches (see Behaviour). */
    setBehaviour: (/** @type {unknown} */ value) => { behaviour = checkBehaviour(value); return { ...behaviour }; },
    /** Replaces what plays next. */
    setScript: (/** @type {unknown} */ items) => { queue = checkScript(items); return queue.length; },
    /** The next canned response, consumed, or undefined when the demo logic answers. */
    nextScripted: () => queue.shift(),
    pending: () => queue.length,
    record: (/** @type {unknown} */ body, /** @type {string | null} */ key = null) => { requests.push(body); keys.push(key); },
    requests: () => structuredClone(requests),
    /** The API key (bearer token) each chat request carried, oldest first; null for none. */
    keys: () => [...keys],
    /** Starts the server-side clock of one chat request (see Timing). */
    startTiming() {
      /** @type {Timing} */
      const timing = { receivedAt: wallClock(), endedAt: null, ms: null, chunks: [] };
      timings.push(timing);
      return {
        chunk: (/** @type {string} */ text) => void timing.chunks.push({ at: wallClock(), text }),
        end() {
          if (timing.endedAt !== null) return;
          timing.endedAt = wallClock();
          timing.ms = timing.endedAt - timing.receivedAt;
        },
      };
    },
    timings: () => structuredClone(timings),
    /** Waits until a test releases this cut (or the client goes away). */
    holdCut(/** @type {AbortSignal} */ signal) {
      if (earlyReleases > 0) {
        earlyReleases -= 1;
        return Promise.resolve();
      }
      return new Promise((resolve) => {
        const release = () => resolve(undefined);
        heldCuts.push(release);
        signal.addEventListener('abort', () => { heldCuts = heldCuts.filter((r) => r !== release); resolve(undefined); }, { once: true });
      });
    },
    /** Lets the oldest held cut drop its connection; or the next one, when none is held yet. */
    releaseCut() {
      const release = heldCuts.shift();
      if (release) release();
      else earlyReleases += 1;
    },
    nextCallId: () => `call_${++calls}`,
    nextCompletionId: () => `chatcmpl-demo-${++completions}`,
    reset() {
      queue = [];
      requests = [];
      keys = [];
      timings = [];
      calls = 0;
      completions = 0;
      behaviour = checkBehaviour(initial);
      for (const release of heldCuts) release();
      heldCuts = [];
      earlyReleases = 0;
    },
  };
}

/** @typedef {ReturnType<typeof createState>} State */

/**
 * The server's own time on one chat request, in wall-clock milliseconds with sub-ms precision
 * (comparable with a browser's performance.timeOrigin + performance.now() on this machine):
 * from the request reaching the handler to the last byte of the response, and when each
 * streamed chunk was written, with its text (empty for chunks that carry none).
 * @typedef {{ receivedAt: number, endedAt: number | null, ms: number | null, chunks: { at: number, text: string }[] }} Timing
 */

const wallClock = () => performance.timeOrigin + performance.now();

/** @returns {Behaviour} */
function checkBehaviour(/** @type {any} */ value) {
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw httpError(400, 'A behaviour is an object such as { "noTools": true }.');
  /** @type {Behaviour} */
  const out = {};
  for (const key of /** @type {const} */ (['noTools', 'textAnswers', 'reasoning', 'fabricateCitation', 'noPastTickets'])) {
    if (value[key] === undefined) continue;
    if (typeof value[key] !== 'boolean') throw httpError(400, `${key} must be true or false.`);
    out[key] = value[key];
  }
  return out;
}

/** A script is a list of items, or `{ script: [...] }`. */
function checkScript(/** @type {unknown} */ value) {
  const list = Array.isArray(value) ? value : /** @type {any} */ (value)?.script;
  if (!Array.isArray(list)) throw httpError(400, 'A script is a JSON list of responses (or { "script": [...] }).');
  return list.map(checkItem);
}

/** @returns {ScriptItem} */
function checkItem(/** @type {any} */ item, index = 0) {
  const bad = (/** @type {string} */ why) => httpError(400, `Script item ${index + 1}: ${why}.`);
  if (!item || typeof item !== 'object' || Array.isArray(item)) throw bad('must be an object');
  if (item.text !== undefined && typeof item.text !== 'string') throw bad('text must be a string');
  if (item.holdCut !== undefined && typeof item.holdCut !== 'boolean') throw bad('holdCut must be true or false');
  if (item.holdCut && item.cutAfterChars === undefined) throw bad('holdCut needs cutAfterChars');
  for (const key of ['cutAfterChars', 'delayMs', 'status']) {
    if (item[key] !== undefined && !(Number.isInteger(item[key]) && item[key] >= 0)) throw bad(`${key} must be a whole number`);
  }
  if (item.status !== undefined && (item.status < 400 || item.status > 599)) throw bad('status must be an HTTP error status (400-599)');
  if (item.toolCalls !== undefined) {
    if (!Array.isArray(item.toolCalls)) throw bad('toolCalls must be a list');
    for (const call of item.toolCalls) {
      if (typeof call?.name !== 'string' || !call.name) throw bad('each tool call needs a name');
    }
  }
  return item;
}
