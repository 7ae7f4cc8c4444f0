import {
  ModelError,
  ToolRegistry,
  runAgentTurn,
  type AgentEvent,
  type AgentTurnOptions,
  type ChatMessage,
  type ChatModel,
  type FinishReason,
  type FunctionSchema,
  type JsonSchema,
  type ModelEvent,
  type ModelRequest,
  type RegistrySettings,
} from '../../src/core';
import { fakeTool, QUERY_INPUT, type FakeToolOptions } from './tools';

/**
 * A ChatModel that replays canned steps, one per `stream` call, and records every request.
 * A step is a list of events, an error to throw at once, or the full form below.
 */
export interface ScriptStep {
  events?: ModelEvent[];
  /** Thrown after the events. */
  error?: unknown;
  /** Waited before each event, in ms. */
  delayMs?: number;
  /** After the events, wait until the request is aborted (a stream that stalls). */
  stall?: boolean;
  /** Behave like a model that ignores its signal. */
  ignoreAbort?: boolean;
}

export type ScriptEntry = ScriptStep | ModelEvent[] | Error;

export interface RecordedRequest {
  messages: ChatMessage[];
  tools: FunctionSchema[];
  signal: AbortSignal;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const untilAborted = (signal: AbortSignal) =>
  new Promise<void>((resolve) => (signal.aborted ? resolve() : signal.addEventListener('abort', () => resolve(), { once: true })));

export class ScriptedModel implements ChatModel {
  readonly requests: RecordedRequest[] = [];
  private played = 0;

  constructor(private readonly script: ScriptEntry[]) {}

  stream(request: ModelRequest): AsyncIterable<ModelEvent> {
    // A deep copy: the loop keeps appending to its own arrays after the call.
    const { messages, tools } = structuredClone({ messages: request.messages, tools: request.tools });
    this.requests.push({ messages: [...messages], tools: [...tools], signal: request.signal });
    const entry = this.script[this.played++];
    if (entry === undefined) throw new Error(`the script has no step ${this.played}`);
    return play(normalise(entry), request.signal);
  }

  /** Steps not played yet. */
  get remaining(): number {
    return this.script.length - this.played;
  }
}

function normalise(entry: ScriptEntry): ScriptStep {
  if (entry instanceof Error) return { error: entry };
  return Array.isArray(entry) ? { events: entry } : entry;
}

async function* play(step: ScriptStep, signal: AbortSignal): AsyncGenerator<ModelEvent> {
  const checkAbort = () => {
    if (signal.aborted && !step.ignoreAbort) throw new ModelError('aborted', 'The request was stopped.');
  };
  for (const event of step.events ?? []) {
    if (step.delayMs) await sleep(step.delayMs);
    checkAbort();
    yield event;
  }
  if (step.stall) {
    await (step.ignoreAbort ? new Promise<never>(() => {}) : untilAborted(signal));
    checkAbort();
  }
  if (step.error !== undefined) throw step.error;
}

// Event builders.
export const text = (delta: string): ModelEvent => ({ type: 'text', delta });
export const finish = (reason: FinishReason = 'stop'): ModelEvent => ({ type: 'finish', reason });
export const usage = (promptTokens: number, completionTokens: number): ModelEvent => ({ type: 'usage', promptTokens, completionTokens });
export const fragment = (index: number, part: { id?: string; name?: string; arguments?: string }): ModelEvent => ({
  type: 'tool_call',
  index,
  ...part,
});
/** A whole tool call in one fragment; `args` given as a string is sent as is. */
export const call = (index: number, id: string, name: string, args: unknown = {}): ModelEvent =>
  fragment(index, { id, name, arguments: typeof args === 'string' ? args : JSON.stringify(args) });
/** A step that answers with text. */
export const answer = (...deltas: string[]): ModelEvent[] => [...deltas.map(text), finish('stop')];
/** A step that calls tools: [id, wire name, args] each. */
export const calls = (...list: [string, string, unknown?][]): ModelEvent[] => [
  ...list.map(([id, name, args], i) => call(i, id, name, args)),
  finish('tool_calls'),
];

export const TICKET = {
  id: '#1042',
  subject: 'Invoice charged twice',
  from: 'Dana <dana@example.com>',
  body: 'I was charged twice for invoice 7781. Please refund one.',
};

const BODY_INPUT: JsonSchema = {
  type: 'object',
  properties: { body: { type: 'string', minLength: 1 }, subject: { type: 'string' } },
  required: ['body'],
};

/**
 * The small real helpdesk the agent tests run against: a real ToolRegistry with recording
 * tools of every grade. `sideEffects()` counts write runs, send prepares and deliveries.
 */
export function helpdesk(options: { ticket?: FakeToolOptions; kb?: FakeToolOptions; settings?: RegistrySettings } = {}) {
  const registry = new ToolRegistry(options.settings);
  const ticketRead = fakeTool('read', 'ticket.read', { run: () => ({ ok: true, data: TICKET }), ...options.ticket });
  const kbSearch = fakeTool('read', 'kb.search', { inputSchema: QUERY_INPUT, ...options.kb });
  const propose = fakeTool('read', 'reply.propose', {
    inputSchema: BODY_INPUT,
    run: (input: { body: string; subject?: string }) => ({ ok: true, data: { shown: true, ...input } }),
  });
  const fill = fakeTool('write', 'reply.fill', { inputSchema: BODY_INPUT });
  const send = fakeTool('send', 'reply.send', { inputSchema: BODY_INPUT });
  for (const tool of [ticketRead, kbSearch, propose, fill, send]) registry.register(tool);
  const sideEffects = () => fill.runs.length + send.runs.length + send.deliveries.length;
  return { registry, tools: { ticketRead, kbSearch, propose, fill, send }, sideEffects };
}

/** Runs one turn and records its events. */
export async function runTurn(options: Omit<AgentTurnOptions, 'history'> & { history?: ChatMessage[] }) {
  const events: AgentEvent[] = [];
  const result = await runAgentTurn({
    history: [],
    ...options,
    onEvent: (event) => {
      events.push(event);
      options.onEvent?.(event);
    },
  });
  const ofType = <T extends AgentEvent['type']>(type: T) => events.filter((e): e is Extract<AgentEvent, { type: T }> => e.type === type);
  return { result, events, ofType };
}

/** The JSON inside a fenced tool message. */
export function unfence(content: string): unknown {
  const m = /^<tool_result tool="[^"]*" untrusted="true">\n([\s\S]*)\n<\/tool_result>$/.exec(content);
  if (!m) throw new Error(`not a fenced tool result: ${content.slice(0, 80)}`);
  return JSON.parse(m[1] ?? '');
}

/** The tool messages of a conversation, as parsed results, by call id. */
export function toolResults(messages: ChatMessage[]): Record<string, any> {
  const out: Record<string, any> = {};
  for (const m of messages) if (m.role === 'tool') out[m.tool_call_id] = unfence(m.content);
  return out;
}
