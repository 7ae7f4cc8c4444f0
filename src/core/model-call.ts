import { ABORTED, whenAborted } from './abort';
import type { AgentEvent, RetryOptions, TurnError } from './agent-events';
import type { ChatModel, FinishReason, ModelEvent, ModelRequest, TokenUsage, ToolCall } from './chat-model';
import { isRetryableKind, ModelError, toModelError } from './model-error';
import { createToolCallAssembler } from './tool-call-assembler';

/** One step's model call, after retries. `text` is what arrived, whole or partial. */
export type CallOutcome =
  | { kind: 'complete'; text: string; calls: ToolCall[]; finish: FinishReason }
  | { kind: 'aborted'; text: string }
  | { kind: 'failed'; text: string; error: ModelError };

type Attempt = CallOutcome & { gotTokens: boolean };

export interface ModelCallIo {
  model: ChatModel;
  request: ModelRequest;
  step: number;
  retry: Required<RetryOptions>;
  emit: (event: AgentEvent) => void;
  addUsage: (usage: TokenUsage) => void;
}

const FINISH_REASONS = new Set<string>(['stop', 'tool_calls', 'length', 'content_filter', 'other']);

export const describeError = (e: ModelError): TurnError => ({
  kind: e.kind,
  message: e.message,
  ...(e.status === undefined ? {} : { status: e.status }),
  retryable: isRetryableKind(e.kind),
});

/**
 * Calls the model for one step. A 429 or 5xx before any token is retried with backoff;
 * after a token has reached the UI a retry would repeat it, so the failure is returned.
 */
export async function callModel(io: ModelCallIo): Promise<CallOutcome> {
  const { signal } = io.request;
  for (let attempt = 1; ; attempt++) {
    const result = await streamOnce(io);
    if (result.kind !== 'failed' || result.gotTokens) return result;
    const delayMs = retryDelay(result.error, attempt, io.retry);
    if (delayMs === null) return result;
    io.emit({ type: 'retry', step: io.step, attempt, delayMs, error: describeError(result.error) });
    const stop = whenAborted(signal);
    try {
      await Promise.race([io.retry.sleep(delayMs, signal).catch(() => {}), stop.promise]);
    } finally {
      stop.dispose();
    }
    if (signal.aborted) return { kind: 'aborted', text: '' };
  }
}

function retryDelay(error: ModelError, attempt: number, retry: Required<RetryOptions>): number | null {
  if (error.kind !== 'rate_limited' && error.kind !== 'server') return null;
  if (attempt > retry.retries) return null;
  const asked = error.retryAfterMs;
  const delay = typeof asked === 'number' && Number.isFinite(asked) ? Math.max(0, asked) : retry.baseDelayMs * 2 ** (attempt - 1);
  return delay <= retry.maxDelayMs ? delay : null;
}

/** One streamed completion. Reads past `finish` to collect a trailing usage event. */
async function streamOnce(io: ModelCallIo): Promise<Attempt> {
  const { signal } = io.request;
  const assembler = createToolCallAssembler(`call_${io.step}`);
  const state = { text: '', gotTokens: false, finish: undefined as FinishReason | undefined };
  const aborted = (): Attempt => ({ kind: 'aborted', text: state.text, gotTokens: state.gotTokens });
  const failed = (error: ModelError): Attempt => ({ kind: 'failed', text: state.text, error, gotTokens: state.gotTokens });

  const take = (event: ModelEvent): void => {
    if (event?.type === 'text' && typeof event.delta === 'string' && event.delta !== '') {
      state.text += event.delta;
      state.gotTokens = true;
      io.emit({ type: 'text_delta', step: io.step, delta: event.delta });
    } else if (event?.type === 'tool_call') {
      state.gotTokens = true;
      assembler.add(event);
    } else if (event?.type === 'finish') {
      state.finish = FINISH_REASONS.has(event.reason) ? event.reason : 'other';
    } else if (event?.type === 'usage') {
      io.addUsage({ promptTokens: event.promptTokens, completionTokens: event.completionTokens });
    }
  };

  const stop = whenAborted(signal);
  try {
    const iterator = io.model.stream(io.request)[Symbol.asyncIterator]();
    for (;;) {
      const next = iterator.next();
      next.catch(() => {}); // if Stop wins the race, a later rejection must not go unhandled
      const r = await Promise.race([next, stop.promise]);
      if (r === ABORTED) {
        void Promise.resolve()
          .then(() => iterator.return?.())
          .catch(() => {});
        return aborted();
      }
      if (r.done) break;
      take(r.value);
    }
  } catch (e) {
    if (signal.aborted) return aborted();
    // The answer was already whole; a failure after `finish` only cost the usage report.
    if (!state.finish) return failed(toModelError(e));
  } finally {
    stop.dispose();
  }
  if (signal.aborted) return aborted();
  if (!state.finish) return failed(new ModelError('stream_cut', 'The answer was cut off: the stream ended before it was finished.'));
  return { kind: 'complete', text: state.text, calls: assembler.calls(), finish: state.finish, gotTokens: state.gotTokens };
}
