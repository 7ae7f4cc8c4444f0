// @ts-check
/**
 * Server-sent events as OpenAI streams them: `data: {chunk}\n\n` lines, then `data: [DONE]`.
 * A stream can be cut on purpose (no [DONE], socket destroyed) to test a client's handling
 * of a connection lost mid-answer.
 */
import { streamChunks } from './openai-wire.mjs';

/** @typedef {import('node:http').ServerResponse} Res */

/**
 * Writes a streamed reply. Stops quietly when the client goes away.
 * @param {Res} res
 * @param {import('./openai-wire.mjs').Reply} reply
 * @param {import('./openai-wire.mjs').Meta} meta
 * `cutWhen` decides when a cut drops the connection, once its text is written (see holdCut in
 * script.mjs); without it the connection drops soon after.
 * @param {{ body: any, headers: Record<string, string>, chunkDelayMs: number, cutAfterChars?: number, cutWhen?: () => Promise<void>, onChunk?: (text: string) => void }} options
 */
export async function writeStream(res, reply, meta, { body, headers, chunkDelayMs, cutAfterChars, cutWhen, onChunk }) {
  res.writeHead(200, {
    ...headers,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
  });
  res.flushHeaders();
  const includeUsage = body?.stream_options?.include_usage === true;
  const cut = typeof cutAfterChars === 'number' && cutAfterChars >= 0 ? cutAfterChars : null;
  const cutReply = cut === null ? reply : { ...reply, text: reply.text.slice(0, cut) };
  let first = true;
  for (const { chunk } of streamChunks(cutReply, meta, { includeUsage, body })) {
    if (res.destroyed) return;
    if (!first && chunkDelayMs > 0) await sleep(chunkDelayMs);
    first = false;
    // With a cut, only the text up to the cut goes out: no tool calls, no finish, no [DONE].
    if (cut !== null && isPastText(chunk)) return destroyAfterFlush(res, cutWhen);
    onChunk?.(/** @type {any} */ (chunk).choices[0]?.delta?.content ?? '');
    await write(res, `data: ${JSON.stringify(chunk)}\n\n`);
  }
  if (cut !== null) return destroyAfterFlush(res, cutWhen);
  if (!res.destroyed) res.end('data: [DONE]\n\n');
}

const isPastText = (/** @type {any} */ chunk) =>
  chunk.choices.length === 0 || chunk.choices[0].finish_reason !== null || chunk.choices[0].delta.tool_calls !== undefined;

/** @param {Res} res @param {string} text */
const write = (res, text) =>
  new Promise((resolve) => {
    if (res.destroyed) return resolve(undefined);
    res.write(text, () => resolve(undefined));
  });

/**
 * Lets what was written reach the client, then drops the connection like a crash would. A
 * browser throws away the text it has received but not yet read when the connection errors,
 * so only `cutWhen` (the test saw the text arrive) makes sure the client has all of it.
 */
async function destroyAfterFlush(/** @type {Res} */ res, /** @type {(() => Promise<void>) | undefined} */ cutWhen) {
  await (cutWhen ? cutWhen() : sleep(20));
  res.socket?.destroy();
  res.destroy();
}

/** Waits, or gives up early when the signal aborts. */
/** @param {number} ms @param {AbortSignal} [signal] */
export function sleep(ms, signal) {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve(undefined);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => { clearTimeout(timer); resolve(undefined); }, { once: true });
  });
}
