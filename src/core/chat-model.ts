import type { FunctionSchema } from './tool';

/**
 * The provider-agnostic model the agent loop talks to. The shapes mirror OpenAI Chat
 * Completions (messages, streamed tool-call fragments, finish reasons) closely enough that an
 * adapter for it, or for any OpenAI-compatible server, only renames fields.
 */

/** A tool call as the model made it. */
export interface ToolCall {
  id: string;
  /** The wire name (`kb__search`), exactly as the model wrote it; it may name no tool at all. */
  name: string;
  /** The raw JSON text of the arguments, unparsed; the loop parses it. */
  arguments: string;
}

export interface SystemMessage {
  role: 'system';
  content: string;
}

export interface UserMessage {
  role: 'user';
  content: string;
}

export interface AssistantMessage {
  role: 'assistant';
  /** null when the model only called tools. */
  content: string | null;
  tool_calls?: ToolCall[];
  /**
   * Set when the answer is partial: the user stopped it, the stream broke, or it hit the
   * token limit. For the UI and the stored conversation; adapters do not send it.
   */
  cut?: 'aborted' | 'stream_cut' | 'length';
}

export interface ToolMessage {
  role: 'tool';
  tool_call_id: string;
  /** The fenced result (see `fenceToolResult`). */
  content: string;
}

export type ChatMessage = SystemMessage | UserMessage | AssistantMessage | ToolMessage;

/** Why the model stopped; an adapter maps any other value to 'other'. */
export type FinishReason = 'stop' | 'tool_calls' | 'length' | 'content_filter' | 'other';

/**
 * What a model streams. Tool calls arrive as fragments keyed by `index`, the way OpenAI streams
 * them: the first fragment of a call usually carries `id` and `name`, later ones more
 * `arguments` text. A provider that returns whole calls sends one fragment per call.
 */
export type ModelEvent =
  | { type: 'text'; delta: string }
  | { type: 'tool_call'; index: number; id?: string; name?: string; arguments?: string }
  | { type: 'finish'; reason: FinishReason }
  | { type: 'usage'; promptTokens: number; completionTokens: number };

/**
 * What went over the wire to the model and back: a request body as sent, or a piece of the answer.
 * A piece's `text` may be made only when read (a getter): a listener that keeps the event and
 * reads it after the turn keeps that work off the path between the model's requests.
 */
export type WireEvent = { kind: 'request'; text: string } | { kind: 'response'; text: string };

export interface ModelRequest {
  messages: readonly ChatMessage[];
  tools: readonly FunctionSchema[];
  /** Aborts the HTTP request and the stream. */
  signal: AbortSignal;
  /** Told exactly what the adapter sends and receives; wrappers pass it through unchanged. */
  onWire?: (event: WireEvent) => void;
}

/**
 * One streamed completion per call. A failure (before or during the stream) is a thrown
 * `ModelError`; a stream that ends without a `finish` event is treated as cut.
 */
export interface ChatModel {
  stream(request: ModelRequest): AsyncIterable<ModelEvent>;
}

export interface TokenUsage {
  promptTokens: number;
  completionTokens: number;
}
