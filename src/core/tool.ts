import type { ToolErrorCode } from './tool-errors';

/**
 * The tool model. Every tool declares its side effect, and the grade decides who may call it:
 * the model calls `read` tools on its own, `write` tools run on a human click or in a fixed plan,
 * and `send` tools only prepare in `run`; the sending is `deliver`, which nothing but
 * `ToolRegistry.confirm` calls.
 */

/** Can it be undone, and will someone outside see it at once? That is the grade. */
export type SideEffect = 'read' | 'write' | 'send';

export type JsonType = 'string' | 'number' | 'integer' | 'boolean' | 'array' | 'object' | 'null';

/** A JSON Schema for one value of a tool's input (the subset function calling uses). */
export interface JsonSchemaProperty {
  type?: JsonType | readonly JsonType[];
  description?: string;
  enum?: readonly (string | number)[];
  default?: unknown;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  items?: JsonSchemaProperty;
  maxItems?: number;
  properties?: Record<string, JsonSchemaProperty>;
  required?: readonly string[];
  additionalProperties?: boolean;
}

/** A tool's input: always an object, as OpenAI function parameters require. */
export interface JsonSchema {
  type: 'object';
  properties: Record<string, JsonSchemaProperty>;
  required?: readonly string[];
  additionalProperties?: boolean;
  description?: string;
}

export type { ToolErrorCode } from './tool-errors';

/** What a human must see and approve before a send tool delivers. */
export interface ConfirmationTicket {
  id: string;
  /** Lowercase hex SHA-256 of the payload's canonical JSON (RFC 8785). */
  digest: string;
  /** Epoch milliseconds. */
  expiresAt: number;
  /**
   * Set when nothing new was prepared because this exact payload already went (or may have gone)
   * to this ticket: when it was confirmed, and what became of it. Only `InvokeCtx.resend`
   * prepares it anew.
   */
  earlier?: { at: number; phase: 'sent' | 'unknown' | 'delivering' };
  /**
   * Set by the host: the newest send of this tool to the same ticket that went out (or may
   * have), other than this one. The card says so before the agent confirms another.
   */
  lastSend?: { id: string; at: number; phase: 'sent' | 'unknown' };
}

/**
 * What every tool call answers. A success may carry data (and, for a send tool's prepare, the
 * payload and the registry's ticket); a failure always carries a code from the closed list and
 * a message for people. The other side's fields are `never`, so reading them needs no cast.
 */
export type ToolResult<O = unknown> = ToolSuccess<O> | ToolFailure;

export interface ToolSuccess<O = unknown> {
  ok: true;
  data?: O;
  /**
   * A send tool's `run` never sends: it prepares the payload and says `requiresConfirm`.
   * Sending is `deliver`, behind `ToolRegistry.confirm`.
   */
  requiresConfirm?: boolean;
  confirmPayload?: unknown;
  /** Set by the registry on a human invoke of a send tool. */
  confirmation?: ConfirmationTicket;
  /** Set when the result was cut to fit `maxResultChars`. */
  truncated?: boolean;
  code?: never;
  error?: never;
}

export interface ToolFailure {
  ok: false;
  /** For code: why it went wrong. */
  code: ToolErrorCode;
  /** For people: what went wrong and, where it helps, what to do. */
  error: string;
  /** A send tool asked for by the model: only a person can send, after confirming. */
  requiresConfirm?: boolean;
  truncated?: boolean;
  data?: never;
  confirmPayload?: never;
  confirmation?: never;
}

/** The context a call is made in; the registry gates on it and passes it to `run` untouched. */
export interface InvokeCtx {
  /** Where the call is made (for page tools: the tab's origin). null = unknown. */
  scope?: string | null;
  /** Capabilities granted here, matched against `Tool.featureFlag`. */
  flags?: Record<string, boolean>;
  /** True when the model (or a plan) decides what to call, not a human. */
  autonomous?: boolean;
  /** The browser tab a page tool serves. */
  tabId?: number;
  /**
   * A person chose "Send again" on a card that says when this was sent: a payload identical to
   * one already sent is prepared anew instead of showing that card.
   */
  resend?: boolean;
  /** Aborts the call (the user pressed Stop). */
  signal?: AbortSignal;
}

export interface Tool<I = any, O = any> {
  /** Unique name, `domain.capability`; see `isLegalToolName`. */
  name: string;
  domain: string;
  /** Short name for people (panels, logs). */
  title: string;
  /** For the model: what it does and when to use it. */
  description: string;
  inputSchema: JsonSchema;
  sideEffect: SideEffect;
  /** Only available in these scopes. Omitted = anywhere. */
  scopes?: readonly string[];
  /** Only available where this flag is granted. Omitted = not gated. */
  featureFlag?: string;
  /** Overrides the registry's run timeout for this tool. */
  timeoutMs?: number;
  /** Reads, writes, or (for a send tool) prepares the payload without sending it. */
  run(input: I, signal: AbortSignal, ctx: InvokeCtx): Promise<ToolResult<O>>;
  /** Send tools only: delivers a confirmed payload. Called by `ToolRegistry.confirm` alone. */
  deliver?(payload: unknown, ctx: InvokeCtx, signal: AbortSignal): Promise<ToolResult>;
}

/** The OpenAI-style function schema the model is given. */
export interface FunctionSchema {
  name: string;
  description: string;
  parameters: JsonSchema;
}
