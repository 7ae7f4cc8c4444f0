import { errorMessage } from './results';

/** Why a model call failed, stable enough for the UI to choose what to offer. */
export type ModelErrorKind =
  | 'auth'
  | 'not_found'
  | 'rate_limited'
  | 'server'
  | 'unreachable'
  | 'permission'
  | 'bad_request'
  /** The address answers, but not like an OpenAI-compatible API (a web page, a wrong path). */
  | 'not_openai'
  | 'stream_cut'
  | 'aborted'
  | 'unknown';

export interface ModelErrorOptions {
  /** The HTTP status, when there was a response. */
  status?: number;
  /** What the server asked us to wait (Retry-After), in ms. */
  retryAfterMs?: number;
  cause?: unknown;
}

/** The one error a `ChatModel` throws. `message` is for people. */
export class ModelError extends Error {
  override readonly name = 'ModelError';
  readonly kind: ModelErrorKind;
  declare readonly status?: number;
  declare readonly retryAfterMs?: number;

  constructor(kind: ModelErrorKind, message: string, options: ModelErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.kind = kind;
    if (options.status !== undefined) this.status = options.status;
    if (options.retryAfterMs !== undefined) this.retryAfterMs = options.retryAfterMs;
  }
}

/** The kind an HTTP error status means. */
export function modelErrorKindForStatus(status: number): ModelErrorKind {
  if (status === 401 || status === 403) return 'auth';
  if (status === 404) return 'not_found';
  if (status === 429) return 'rate_limited';
  if (status === 400 || status === 413 || status === 422) return 'bad_request';
  if (status === 408 || status >= 500) return 'server';
  return 'unknown';
}

/** Kinds a person may sensibly retry (the same request may work a moment later). */
export const isRetryableKind = (kind: ModelErrorKind): boolean =>
  kind === 'rate_limited' || kind === 'server' || kind === 'unreachable' || kind === 'stream_cut' || kind === 'unknown';

const KINDS = new Set<string>([
  'auth',
  'not_found',
  'rate_limited',
  'server',
  'unreachable',
  'permission',
  'bad_request',
  'not_openai',
  'stream_cut',
  'aborted',
  'unknown',
]);

/** Whatever a model threw, as a ModelError; a foreign error is 'unknown' (or 'aborted'). */
export function toModelError(e: unknown): ModelError {
  if (e instanceof ModelError) return e;
  // A ModelError from another copy of the core (another bundle) still counts.
  if (e instanceof Error && e.name === 'ModelError' && KINDS.has(String((e as ModelError).kind))) {
    const m = e as ModelError;
    return new ModelError(m.kind, m.message, { status: m.status, retryAfterMs: m.retryAfterMs, cause: e });
  }
  if (e instanceof Error && e.name === 'AbortError') return new ModelError('aborted', 'The request was stopped.', { cause: e });
  return new ModelError('unknown', `The model call failed: ${errorMessage(e)}`, { cause: e });
}
