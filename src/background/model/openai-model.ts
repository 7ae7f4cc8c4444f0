import { APIConnectionError, APIError, APIUserAbortError } from 'openai/core/error';
import { Stream } from 'openai/core/streaming';
import type { ChatCompletionChunk, ChatCompletionMessageParam, ChatCompletionTool } from 'openai/resources/chat/completions';
import { ModelError, modelErrorKindForStatus, type ChatMessage, type ChatModel, type FinishReason, type ModelEvent, type ModelRequest, type WireEvent } from '../../core';
import type { ModelSettings } from './model-settings';

/**
 * Whether the extension may reach the model's origin, asked only to name a fetch the browser
 * refused: a missing permission, or a dead server. Handed in by the background (model-client.ts):
 * this file runs as a script of its own, with no browser API or logger of its own.
 */
export type HostPermission = (baseURL: string) => Promise<boolean>;
const assumeAllowed: HostPermission = async () => true;

/**
 * The agent's model over the openai SDK: Chat Completions, streamed, with tools, against any
 * OpenAI-compatible base URL. It only translates: SDK chunks to model events, SDK errors to
 * ModelError kinds. Retries are the loop's. The SDK is used the cheapest way it allows: its
 * server-sent-event stream and its error classes over one fetch, not its client, which brings
 * every API resource along (about 30 KB gzip of the background).
 */
export function createOpenAIModel(settings: ModelSettings, hostPermission: HostPermission = assumeAllowed): ChatModel {
  return {
    async *stream({ messages, tools, signal, onWire }) {
      let started = false;
      try {
        const body = {
          model: settings.model,
          messages: messages.map(toWire),
          ...(tools.length ? { tools: tools.map((f): ChatCompletionTool => ({ type: 'function', function: { ...f, parameters: modelSchema(f.parameters) } })) } : {}),
          stream: true,
          stream_options: { include_usage: true },
        };
        const controller = new AbortController();
        const stop = () => controller.abort();
        signal.addEventListener('abort', stop, { once: true });
        try {
          // The exact text that goes out is the text the agent can see in "What left the browser".
          const text = JSON.stringify(body);
          onWire?.({ kind: 'request', text });
          const response = await post(settings, '/chat/completions', text, controller.signal, signal, onWire);
          for await (const chunk of Stream.fromSSEResponse<ChatCompletionChunk>(response, controller)) {
            started = true;
            onWire?.(chunkOnWire(chunk));
            yield* toEvents(chunk);
          }
        } finally {
          signal.removeEventListener('abort', stop);
        }
      } catch (e) {
        throw await toModelError(e, settings, started, hostPermission);
      }
    },
  };
}

/** A streamed chunk as the outbound log shows it, one JSON line, made only when read. */
class ChunkOnWire {
  readonly kind = 'response';
  constructor(private readonly chunk: ChatCompletionChunk) {}
  get text(): string {
    return `${JSON.stringify(this.chunk)}\n`;
  }
}
const chunkOnWire = (chunk: ChatCompletionChunk): WireEvent => new ChunkOnWire(chunk);

/**
 * Checked by the registry before any tool runs (a key's pattern too); sent with every request
 * they would only cost tokens. `$schema` (an MCP server's draft) tells the model nothing.
 */
const LOCAL_BOUNDS = new Set(['minLength', 'maxLength', 'maxItems', 'additionalProperties', 'pattern', '$schema']);

/**
 * Each tool's schema for the model, made once per schema (a tool keeps its schema object): a turn
 * sends the same tools with every request.
 */
const forModelOf = new WeakMap<object, Record<string, unknown>>();
function modelSchema(schema: object): Record<string, unknown> {
  let made = forModelOf.get(schema);
  if (!made) forModelOf.set(schema, (made = forModel(schema) as Record<string, unknown>));
  return made;
}

/** A tool's input schema as the model needs it: what each field is, without the local bounds. */
function forModel(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(forModel);
  if (schema === null || typeof schema !== 'object') return schema;
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([key]) => !LOCAL_BOUNDS.has(key))
      // Under `properties` the keys are field names, kept whatever they are.
      .map(([key, value]) => [key, key === 'properties' && value && typeof value === 'object' ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, forModel(v)])) : forModel(value)]),
  );
}

const endpoint = (settings: ModelSettings, path: string) => `${settings.baseURL.replace(/\/+$/, '')}${path}`;

const headers = (settings: ModelSettings): Record<string, string> => ({
  accept: 'application/json',
  'content-type': 'application/json',
  // The key is the user's own and never leaves the extension.
  authorization: `Bearer ${settings.apiKey || 'none'}`,
});

/** One request; a refused connection and an HTTP error become the SDK's error classes. */
async function post(settings: ModelSettings, path: string, body: string, signal: AbortSignal, userSignal: AbortSignal, onWire?: ModelRequest['onWire']): Promise<Response> {
  return send(endpoint(settings, path), { method: 'POST', headers: headers(settings), body, signal }, userSignal, onWire);
}

async function send(url: string, init: RequestInit, userSignal?: AbortSignal, onWire?: ModelRequest['onWire']): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (e) {
    if (userSignal?.aborted || (e instanceof Error && e.name === 'AbortError')) throw new APIUserAbortError();
    throw new APIConnectionError({ cause: e instanceof Error ? e : undefined });
  }
  if (response.ok) return response;
  const text = await response.text().catch(() => '');
  onWire?.({ kind: 'response', text: `HTTP ${response.status}\n${text}` });
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  // A web page or a bare "404 page not found" where the API should be: the address is not an
  // OpenAI-compatible API (a helpdesk's URL, or a base URL without its /v1), not a missing model.
  if (json === undefined && (response.status === 404 || response.status === 405)) throw notOpenAI(url, response.status);
  // generate() takes the whole body and reads its `error` itself; a body without one is wrapped so its text still shows.
  const body = json && typeof json === 'object' && 'error' in json ? json : json ? { error: json } : undefined;
  throw APIError.generate(response.status, body, json ? undefined : text || undefined, response.headers);
}

const notOpenAI = (url: string, status: number) =>
  new ModelError('not_openai', `${url} does not answer like an OpenAI-compatible API (${status}). Check the address: it usually ends in /v1.`, { status });

function* toEvents(chunk: ChatCompletionChunk): Generator<ModelEvent> {
  const choice = chunk.choices[0];
  if (choice?.delta?.content) yield { type: 'text', delta: choice.delta.content };
  for (const [i, call] of (choice?.delta?.tool_calls ?? []).entries()) {
    yield {
      type: 'tool_call',
      // Some compatible servers leave the index out.
      index: call.index ?? i,
      ...(call.id ? { id: call.id } : {}),
      ...(call.function?.name ? { name: call.function.name } : {}),
      ...(call.function?.arguments ? { arguments: call.function.arguments } : {}),
    };
  }
  if (choice?.finish_reason) yield { type: 'finish', reason: finishReason(choice.finish_reason) };
  if (chunk.usage) yield { type: 'usage', promptTokens: chunk.usage.prompt_tokens, completionTokens: chunk.usage.completion_tokens };
}

const finishReason = (r: string): FinishReason =>
  r === 'function_call' ? 'tool_calls' : r === 'stop' || r === 'tool_calls' || r === 'length' || r === 'content_filter' ? r : 'other';

function toWire(m: ChatMessage): ChatCompletionMessageParam {
  if (m.role !== 'assistant') return m;
  return {
    role: 'assistant',
    content: m.content,
    ...(m.tool_calls?.length
      ? { tool_calls: m.tool_calls.map((c) => ({ id: c.id, type: 'function' as const, function: { name: c.name, arguments: c.arguments } })) }
      : {}),
  };
}

async function toModelError(e: unknown, settings: ModelSettings, started: boolean, hostPermission: HostPermission): Promise<ModelError> {
  if (e instanceof ModelError) return e;
  if (e instanceof APIUserAbortError || (e instanceof Error && e.name === 'AbortError')) {
    return new ModelError('aborted', 'Stopped.', { cause: e });
  }
  if (started) return new ModelError('stream_cut', 'The answer was cut off before it finished.', { cause: e });
  if (e instanceof APIConnectionError) {
    // A fetch refused by the browser looks like a dead server; a missing host permission is the usual cause.
    if (!(await hostPermission(settings.baseURL))) {
      return new ModelError('permission', `Deskmate may not reach ${new URL(settings.baseURL).origin}. Save the model settings again and allow access when the browser asks.`, { cause: e });
    }
    return new ModelError('unreachable', `Could not reach ${settings.baseURL}. Is the server running, and is the URL right? (Or the server refused this request: check its CORS settings.)`, { cause: e });
  }
  if (e instanceof APIError && typeof e.status === 'number') {
    const kind = modelErrorKindForStatus(e.status);
    const retryAfterMs = retryAfter(e.headers);
    return new ModelError(kind, messageFor(kind, e.status, settings, e.message), {
      status: e.status,
      ...(retryAfterMs ? { retryAfterMs } : {}),
      cause: e,
    });
  }
  return new ModelError('unknown', `The model call failed: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
}

/** Retry-After as ms: `retry-after-ms`, or `retry-after` in seconds or as an HTTP date. */
function retryAfter(headers: Headers | undefined): number | undefined {
  const ms = Number(headers?.get('retry-after-ms'));
  if (Number.isFinite(ms) && ms > 0) return ms;
  const value = headers?.get('retry-after');
  if (!value) return undefined;
  const seconds = Number(value);
  const at = Number.isFinite(seconds) ? Date.now() + seconds * 1000 : Date.parse(value);
  return Number.isFinite(at) && at > Date.now() ? at - Date.now() : undefined;
}

function messageFor(kind: string, status: number, s: ModelSettings, detail: string): string {
  switch (kind) {
    case 'auth':
      return s.apiKey ? `The model provider refused the API key (${status}). Check the key in the settings.` : `The model provider needs an API key (${status}). Add one in the settings.`;
    case 'not_found':
      return `The model "${s.model}" was not found at ${s.baseURL} (404). Pick another model in the settings; "Test connection" lists them.`;
    case 'rate_limited':
      return 'The model provider is rate limiting requests (429). Wait a moment and retry.';
    case 'server':
      return `The model server failed (${status}). Retry in a moment.`;
    default:
      return `The model provider refused the request (${status}): ${detail}`;
  }
}

/** "Test connection": lists the models, or throws a ModelError saying what is wrong. */
export async function listModels(settings: ModelSettings, timeoutMs = 10_000, hostPermission: HostPermission = assumeAllowed): Promise<string[]> {
  try {
    const response = await send(endpoint(settings, '/models'), { headers: headers(settings), signal: AbortSignal.timeout(timeoutMs) });
    const page = (await response.json().catch(() => null)) as { data?: unknown } | null;
    if (!page || typeof page !== 'object' || !Array.isArray(page.data)) throw notOpenAI(endpoint(settings, '/models'), response.status);
    return (page.data as { id?: unknown }[]).flatMap((m) => (m && typeof m.id === 'string' ? [m.id] : [])).sort();
  } catch (e) {
    throw await toModelError(e, settings, false, hostPermission);
  }
}
