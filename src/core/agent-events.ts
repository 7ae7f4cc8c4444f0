import type { TraceFacts } from './trace-facts';
import type { BudgetOptions } from './context-budget';
import type { DraftSource } from './citations';
import type { AssistantMessage, ChatMessage, ChatModel, FinishReason, ModelRequest, TokenUsage } from './chat-model';
import type { ModelErrorKind } from './model-error';
import type { ToolRegistry } from './registry';
import type { InvokeCtx } from './tool';

/** How a turn ended. */
export type TurnOutcome = 'stop' | 'step_limit' | 'aborted' | 'error';

/** A failed model call, as the UI shows it. `retryable`: offering Retry makes sense. */
export interface TurnError {
  kind: ModelErrorKind;
  message: string;
  status?: number;
  retryable: boolean;
}

/** What a tool the model may not call would have done: write, send, or (no such tool) unknown. */
export type ForbiddenGrade = 'write' | 'send' | 'unknown';

/** A reply the model proposed through `reply.propose`. */
export interface Draft {
  body: string;
  subject?: string;
  /** The knowledge-base articles it cites that the conversation's knowledge-base results hold. */
  sources?: DraftSource[];
  /** Cited ids that no knowledge-base result of the conversation holds: dropped. */
  droppedSources?: string[];
}

/** What the UI hears during a turn. `step` counts model calls from 1. */
export type AgentEvent =
  | { type: 'step_start'; step: number }
  | { type: 'text_delta'; step: number; delta: string }
  | { type: 'assistant_message'; step: number; message: AssistantMessage; finishReason?: FinishReason }
  | {
      type: 'tool_call_started';
      step: number;
      callId: string;
      /** The registered name (`kb.search`), mapped back from the wire name. */
      tool: string;
      /** The parsed arguments; absent when they were not a JSON object. */
      args?: Record<string, unknown>;
      rawArguments: string;
    }
  | {
      type: 'tool_call_finished';
      step: number;
      callId: string;
      tool: string;
      ok: boolean;
      code?: string;
      /** One line, for logs; people get `facts`, worded by the UI, and `raw` on request. */
      summary: string;
      facts?: TraceFacts;
      raw?: string;
    }
  /**
   * The model called a tool it was not offered: a write or send tool, or a name that exists
   * nowhere. It was refused and nothing ran, but the attempt itself says the conversation (often
   * the ticket) is steering the model.
   */
  | { type: 'forbidden_call'; step: number; callId: string; tool: string; grade: ForbiddenGrade }
  | { type: 'draft_proposed'; step: number; callId: string; draft: Draft }
  | { type: 'retry'; step: number; attempt: number; delayMs: number; error: TurnError }
  | ({ type: 'error'; step: number } & TurnError)
  | { type: 'done'; reason: TurnOutcome; steps: number; usage: TokenUsage; message?: string };

export interface RetryOptions {
  /** Retries after the first try, for 'rate_limited' and 'server' errors before any token. */
  retries?: number;
  /** The first wait; each next one doubles. */
  baseDelayMs?: number;
  /** A longer wait (a long Retry-After included) is not waited for: the error is reported. */
  maxDelayMs?: number;
  /** Waits `ms`, or less when `signal` aborts. Injected by tests. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

export interface AgentTurnOptions {
  model: ChatModel;
  registry: ToolRegistry;
  /** Scope, flags and tab of the page; the loop adds `autonomous` and the turn's signal. */
  ctx?: InvokeCtx;
  /** The conversation so far, without the system prompt. */
  history: readonly ChatMessage[];
  /** The agent's new message; omitted to continue (e.g. Retry after an error). */
  userText?: string;
  /** Sent first on every step; not part of the returned messages. */
  system?: string;
  /** Model calls per turn; default 8. */
  maxSteps?: number;
  /** Stops the model request and the tools in flight. */
  signal?: AbortSignal;
  onEvent?: (event: AgentEvent) => void;
  retry?: RetryOptions;
  /** Tool calls run per step; calls beyond it get an error. Default 8. */
  maxToolCallsPerStep?: number;
  /** Which tool results are left out of the request (see context-budget). */
  budget?: BudgetOptions;
  /** Sees every request body as the model adapter sends it, and what comes back. */
  onWire?: ModelRequest['onWire'];
}

export interface AgentTurnResult {
  outcome: TurnOutcome;
  /** To append to the history: the user message, then assistant and tool messages. */
  messages: ChatMessage[];
  usage: TokenUsage;
  steps: number;
  drafts: Draft[];
  error?: TurnError;
  /** Set when `onEvent` threw; the turn went on without it. */
  listenerError?: string;
}
