import { abortableSleep, neverAborted } from './abort';
import type { AgentEvent, AgentTurnOptions, AgentTurnResult, Draft, RetryOptions, TurnError, TurnOutcome } from './agent-events';
import type { AssistantMessage, ChatMessage, FinishReason, TokenUsage, ToolCall } from './chat-model';
import { citableArticles } from './citations';
import { budgetMessages, DEFAULT_BUDGET } from './context-budget';
import { callModel, describeError } from './model-call';
import { ModelError } from './model-error';
import { errorMessage } from './results';
import { runToolCalls } from './tool-calls';

export const DEFAULT_MAX_STEPS = 8;

const DEFAULT_RETRY: Required<RetryOptions> = { retries: 3, baseDelayMs: 500, maxDelayMs: 30_000, sleep: abortableSleep };

/**
 * One turn of the agent: the model answers, calling read tools as often as it needs (up to
 * `maxSteps` model calls), until it gives a final answer. Everything is a value: the turn
 * never throws, and whatever happened (a stop, an error, a cut stream) comes back as an
 * outcome with the messages to keep.
 */
export async function runAgentTurn(options: AgentTurnOptions): Promise<AgentTurnResult> {
  const turn = createTurn(options.onEvent);
  try {
    return await runSteps(options, turn);
  } catch (e) {
    // Only a bug (or a registry that throws) lands here; the turn still ends as a value.
    return turn.fail(new ModelError('unknown', `The turn failed: ${errorMessage(e)}`));
  }
}

async function runSteps(options: AgentTurnOptions, turn: Turn): Promise<AgentTurnResult> {
  const signal = options.signal ?? neverAborted();
  const maxSteps = positiveInt(options.maxSteps, DEFAULT_MAX_STEPS);
  const ctx = { ...options.ctx, signal };
  const prefix: ChatMessage[] = options.system ? [{ role: 'system', content: options.system }] : [];
  if (typeof options.userText === 'string') turn.messages.push({ role: 'user', content: options.userText });

  for (let step = 1; step <= maxSteps; step++) {
    if (signal.aborted) return turn.end('aborted');
    turn.steps = step;
    turn.emit({ type: 'step_start', step });
    const outcome = await callModel({
      model: options.model,
      request: {
        // Bounded: replaced and stale tool results are left out of the request (not the history).
        messages: [...prefix, ...budgetMessages([...options.history, ...turn.messages], options.budget ?? DEFAULT_BUDGET)],
        // Read tools only, gated for this page: the model cannot call what it does not know.
        tools: options.registry.toFunctionSchemas({ ...ctx, autonomous: true }),
        signal,
        ...(options.onWire ? { onWire: options.onWire } : {}),
      },
      step,
      retry: retryOptions(options.retry),
      emit: turn.emit,
      addUsage: turn.addUsage,
    });
    if (outcome.kind === 'aborted') {
      turn.keepPartial(step, outcome.text, 'aborted');
      return turn.end('aborted');
    }
    if (outcome.kind === 'failed') {
      turn.keepPartial(step, outcome.text, 'stream_cut');
      return turn.fail(outcome.error);
    }
    const message = assistantMessage(outcome.text, outcome.calls, outcome.finish);
    if (message) turn.addAssistant(step, message, outcome.finish);
    const calls = message?.tool_calls ?? [];
    if (calls.length === 0) return turn.end('stop');

    const maxCalls = positiveInt(options.maxToolCallsPerStep, 8);
    // A draft cites only what earlier steps or turns returned: not what a call of this same step returns.
    const citable = citableArticles([...options.history, ...turn.messages]);
    const io = { registry: options.registry, ctx, step, maxCalls, emit: turn.emit, onDraft: turn.addDraft, citable };
    turn.messages.push(...(await runToolCalls(calls, io)));
    if (signal.aborted) return turn.end('aborted');
  }
  return turn.end('step_limit', `Stopped after ${maxSteps} steps without a final answer.`);
}

/** The step's message to keep, or null when the model said nothing at all. */
function assistantMessage(text: string, calls: ToolCall[], finish: FinishReason): AssistantMessage | null {
  // A call cut by the token limit has its arguments cut too: none of them runs.
  const kept = finish === 'length' ? [] : calls;
  if (!text && kept.length === 0) return null;
  const message: AssistantMessage = { role: 'assistant', content: text || null };
  if (kept.length > 0) message.tool_calls = kept;
  if (finish === 'length') message.cut = 'length';
  return message;
}

type Turn = ReturnType<typeof createTurn>;

/** The turn's record: new messages, usage, drafts, and the one way out (`end`). */
function createTurn(onEvent: AgentTurnOptions['onEvent']) {
  const usage: TokenUsage = { promptTokens: 0, completionTokens: 0 };
  const drafts: Draft[] = [];
  let listenerError: string | undefined;
  const noteListenerError = (e: unknown) => {
    listenerError ??= errorMessage(e);
  };

  const turn = {
    messages: [] as ChatMessage[],
    steps: 0,
    /** A throwing (or rejecting) listener must not end the turn: the history still has to be kept. */
    emit(event: AgentEvent): void {
      try {
        const r: unknown = onEvent?.(event);
        if (r instanceof Promise) r.catch(noteListenerError);
      } catch (e) {
        noteListenerError(e);
      }
    },
    addUsage(u: TokenUsage): void {
      usage.promptTokens += count(u.promptTokens);
      usage.completionTokens += count(u.completionTokens);
    },
    addDraft(draft: Draft): void {
      drafts.push(draft);
    },
    addAssistant(step: number, message: AssistantMessage, finishReason?: FinishReason): void {
      turn.messages.push(message);
      turn.emit({ type: 'assistant_message', step, message, ...(finishReason ? { finishReason } : {}) });
    },
    /** Partial text is kept (marked cut); half-streamed tool calls are not, as they never ran. */
    keepPartial(step: number, text: string, cut: 'aborted' | 'stream_cut'): void {
      if (text) turn.addAssistant(step, { role: 'assistant', content: text, cut });
    },
    fail(error: ModelError): AgentTurnResult {
      const described = describeError(error);
      turn.emit({ type: 'error', step: turn.steps, ...described });
      return turn.end('error', undefined, described);
    },
    end(outcome: TurnOutcome, message?: string, error?: TurnError): AgentTurnResult {
      turn.emit({ type: 'done', reason: outcome, steps: turn.steps, usage: { ...usage }, ...(message ? { message } : {}) });
      return {
        outcome,
        messages: turn.messages,
        usage: { ...usage },
        steps: turn.steps,
        drafts,
        ...(error ? { error } : {}),
        ...(listenerError === undefined ? {} : { listenerError }),
      };
    },
  };
  return turn;
}

const count = (n: unknown): number => (typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : 0);

const positiveInt = (n: unknown, fallback: number): number =>
  typeof n === 'number' && Number.isFinite(n) && n >= 1 ? Math.floor(n) : fallback;

function retryOptions(given: RetryOptions | undefined): Required<RetryOptions> {
  return {
    retries: given?.retries ?? DEFAULT_RETRY.retries,
    baseDelayMs: given?.baseDelayMs ?? DEFAULT_RETRY.baseDelayMs,
    maxDelayMs: given?.maxDelayMs ?? DEFAULT_RETRY.maxDelayMs,
    sleep: given?.sleep ?? DEFAULT_RETRY.sleep,
  };
}
