// @ts-check
/**
 * OpenAI's chat-completions wire format: completion objects, stream chunks, usage and error
 * bodies, shaped like api.openai.com's so the official SDK reads them unchanged.
 */

/** @typedef {{ id: string, name: string, arguments: string }} WireToolCall */
/** @typedef {{ text: string, toolCalls: WireToolCall[], reasoning?: string }} Reply */
/** @typedef {{ id: string, model: string, created: number }} Meta */

const FINGERPRINT = 'fp_deskmate_demo';

/** Tokens as the demo counts them: a quarter of the characters, rounded up. */
export const estimateTokens = (/** @type {string} */ text) => Math.ceil(text.length / 4);

/** @param {any} body the request @param {Reply} reply */
export function usageOf(body, reply) {
  const prompt = estimateTokens(JSON.stringify(body?.messages ?? []) + (body?.tools ? JSON.stringify(body.tools) : ''));
  const completion = estimateTokens(reply.text + reply.toolCalls.map((c) => c.name + c.arguments).join(''));
  return {
    prompt_tokens: prompt,
    completion_tokens: completion,
    total_tokens: prompt + completion,
    prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
    completion_tokens_details: { reasoning_tokens: 0, audio_tokens: 0, accepted_prediction_tokens: 0, rejected_prediction_tokens: 0 },
  };
}

const finishReason = (/** @type {Reply} */ reply) => (reply.toolCalls.length ? 'tool_calls' : 'stop');

/** A whole `chat.completion` (no streaming). @param {Reply} reply @param {Meta} meta @param {any} body */
export function completionObject(reply, meta, body) {
  const toolCalls = reply.toolCalls.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: c.arguments } }));
  return {
    id: meta.id,
    object: 'chat.completion',
    created: meta.created,
    model: meta.model,
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: reply.text || (toolCalls.length ? null : ''),
          refusal: null,
          annotations: [],
          ...(toolCalls.length ? { tool_calls: toolCalls } : {}),
        },
        logprobs: null,
        finish_reason: finishReason(reply),
      },
    ],
    usage: usageOf(body, reply),
    service_tier: 'default',
    system_fingerprint: FINGERPRINT,
  };
}

/**
 * The chunks of a streamed reply, in order: the role, the text in word-sized pieces, each tool
 * call (its first chunk names it, the rest carry argument fragments), the finish reason, and
 * the usage chunk when asked for. `textChars` is how much text is out after each chunk.
 * @param {Reply} reply @param {Meta} meta @param {{ includeUsage: boolean, body: any }} options
 * @returns {Generator<{ chunk: object, textChars: number }>}
 */
export function* streamChunks(reply, meta, { includeUsage, body }) {
  const usage = includeUsage ? { usage: null } : {};
  const chunk = (/** @type {object} */ delta, finish = /** @type {string | null} */ (null)) => ({
    id: meta.id,
    object: 'chat.completion.chunk',
    created: meta.created,
    model: meta.model,
    service_tier: 'default',
    system_fingerprint: FINGERPRINT,
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
    ...usage,
  });
  let textChars = 0;
  yield { chunk: chunk({ role: 'assistant', content: '', refusal: null }), textChars };
  // As DeepSeek, vLLM and Ollama stream a reasoning model's thoughts: beside the content, not in it.
  for (const piece of wordPieces(reply.reasoning ?? '')) yield { chunk: chunk({ content: null, reasoning_content: piece }), textChars };
  for (const piece of wordPieces(reply.text)) {
    textChars += piece.length;
    yield { chunk: chunk({ content: piece }), textChars };
  }
  for (const [index, call] of reply.toolCalls.entries()) {
    const head = { index, id: call.id, type: 'function', function: { name: call.name, arguments: '' } };
    yield { chunk: chunk({ tool_calls: [head] }), textChars };
    for (const fragment of fragments(call.arguments, 24)) {
      yield { chunk: chunk({ tool_calls: [{ index, function: { arguments: fragment } }] }), textChars };
    }
  }
  yield { chunk: chunk({}, finishReason(reply)), textChars };
  if (includeUsage) {
    const { usage: _null, ...rest } = chunk({});
    yield { chunk: { ...rest, choices: [], usage: usageOf(body, reply) }, textChars };
  }
}

/** Text split into words, each with the spaces that follow it. */
export const wordPieces = (/** @type {string} */ text) => text.match(/\s*\S+\s*/g) ?? (text ? [text] : []);

const fragments = (/** @type {string} */ text, /** @type {number} */ size) =>
  Array.from({ length: Math.ceil(text.length / size) }, (_, i) => text.slice(i * size, (i + 1) * size));

const ERRORS = /** @type {Record<number, { type: string, code: string | null, message: string }>} */ ({
  400: { type: 'invalid_request_error', code: null, message: 'The request is not valid.' },
  401: { type: 'invalid_request_error', code: 'invalid_api_key', message: 'Incorrect API key provided.' },
  403: { type: 'invalid_request_error', code: 'unsupported_country_region_territory', message: 'Forbidden.' },
  404: { type: 'invalid_request_error', code: 'model_not_found', message: 'The model does not exist or you do not have access to it.' },
  429: { type: 'requests', code: 'rate_limit_exceeded', message: 'Rate limit reached for requests. Please try again in 1s.' },
  500: { type: 'server_error', code: null, message: 'The server had an error while processing your request. Sorry about that!' },
  503: { type: 'server_error', code: null, message: 'The engine is currently overloaded, please try again later.' },
});

/** OpenAI's error body: `{ error: { message, type, param, code } }`. */
export function errorBody(/** @type {number} */ status, /** @type {string=} */ message, /** @type {string | null=} */ code) {
  const known = ERRORS[status] ?? (status >= 500 ? ERRORS[500] : ERRORS[400]);
  return { error: { message: message ?? known?.message, type: known?.type, param: null, code: code === undefined ? known?.code ?? null : code } };
}
