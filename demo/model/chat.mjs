// @ts-check
/**
 * POST /v1/chat/completions: checks the request like OpenAI would, then answers with the next
 * scripted response or, when none is queued, with what the demo brain decides.
 */
import { decide, DEMO_MODEL_ID } from './demo-brain.mjs';
import { bearerToken, httpError, readJson, sendError, sendJson } from './http.mjs';
import { completionObject } from './openai-wire.mjs';
import { sleep, writeStream } from './sse.mjs';

/** The API key that the demo refuses, so clients can test their 401 handling. */
export const BAD_KEY = 'bad-key';

/**
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {{ state: import('./script.mjs').State, headers: Record<string, string>, chunkDelayMs: number }} options
 */
export async function handleChat(req, res, { state, headers, chunkDelayMs }) {
  const timing = state.startTiming();
  res.once('finish', timing.end);
  res.once('close', timing.end);
  const body = await readJson(req);
  state.record(body, bearerToken(req));
  if (bearerToken(req) === BAD_KEY) {
    const message = `Incorrect API key provided: ${BAD_KEY}. You can find your API key at https://platform.openai.com/account/api-keys.`;
    return sendError(res, 401, headers, message, 'invalid_api_key');
  }
  checkRequest(body);
  if (body.model !== DEMO_MODEL_ID) {
    return sendError(res, 404, headers, `The model \`${body.model}\` does not exist or you do not have access to it.`, 'model_not_found');
  }
  const closed = new AbortController();
  res.once('close', () => closed.abort());
  const item = state.nextScripted();
  if (item?.delayMs) await sleep(item.delayMs, closed.signal);
  if (closed.signal.aborted) return;
  if (item?.status) return sendError(res, item.status, headers, item.message);

  const behaviour = state.behaviour();
  if (!item && behaviour.noTools && Array.isArray(body.tools) && body.tools.length > 0) {
    // Word for word what Ollama answers for a model without tool support.
    return sendError(res, 400, headers, `registry.ollama.ai/library/${body.model} does not support tools`);
  }
  const answer = item ?? decide(body, behaviour);
  const reply = {
    ...(behaviour.reasoning && !item ? { reasoning: REASONING } : {}),
    text: answer.text ?? '',
    toolCalls: (answer.toolCalls ?? []).map((/** @type {{ name: string, arguments?: unknown }} */ c) => ({
      id: state.nextCallId(),
      name: c.name,
      arguments: typeof c.arguments === 'string' ? c.arguments : JSON.stringify(c.arguments ?? {}),
    })),
  };
  const meta = { id: state.nextCompletionId(), model: body.model, created: Math.floor(Date.now() / 1000) };
  const cutAfterChars = item?.cutAfterChars;
  const cutWhen = item?.holdCut ? () => state.holdCut(closed.signal) : undefined;
  if (body.stream === true) return writeStream(res, reply, meta, { body, headers, chunkDelayMs, cutAfterChars, cutWhen, onChunk: timing.chunk });

  const completion = completionObject(reply, meta, body);
  if (cutAfterChars === undefined) return sendJson(res, 200, completion, headers);
  const json = JSON.stringify(completion);
  // A cut without streaming: half a JSON body, then the connection drops.
  res.writeHead(200, { ...headers, 'content-type': 'application/json; charset=utf-8' });
  res.write(json.slice(0, Math.min(json.length - 1, Math.max(1, cutAfterChars))), () =>
    void (cutWhen ? cutWhen() : sleep(20)).then(() => res.destroy()));
}

/** What the demo "thinks" in its reasoning stream: never part of an answer or a draft. */
export const REASONING = 'Thinking it over: the customer wants the charge fixed. I should not promise anything the knowledge base does not say.';

/** The 400s OpenAI answers for a malformed request. */
function checkRequest(/** @type {any} */ body) {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw httpError(400, 'The request body must be a JSON object.');
  if (typeof body.model !== 'string' || !body.model) throw httpError(400, 'you must provide a model parameter');
  if (!Array.isArray(body.messages) || body.messages.length === 0) throw httpError(400, "[] is too short - 'messages'");
  if (body.tools !== undefined && !Array.isArray(body.tools)) throw httpError(400, "Invalid type for 'tools': expected an array.");
  const answered = new Set(body.messages.filter((/** @type {any} */ m) => m?.role === 'tool').map((/** @type {any} */ m) => m.tool_call_id));
  for (const m of body.messages) {
    for (const call of m?.role === 'assistant' && Array.isArray(m.tool_calls) ? m.tool_calls : []) {
      if (!answered.has(call?.id)) {
        throw httpError(400, "An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'.");
      }
    }
  }
}
