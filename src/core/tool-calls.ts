import type { AgentEvent, Draft, ForbiddenGrade } from './agent-events';
import type { ToolCall, ToolMessage } from './chat-model';
import { checkCitations, type Citable } from './citations';
import { fenceToolResult } from './fence';
import type { ToolRegistry } from './registry';
import { errorMessage, fail } from './results';
import { DRAFT_TOOL } from './system-prompt';
import type { InvokeCtx, ToolResult } from './tool';
import { rawResult, traceFacts } from './trace-facts';
import { fromWireName } from './wire-names';

export interface ToolCallIo {
  registry: ToolRegistry;
  /** The page's context with the turn's signal; `invokeReadOnly` makes it autonomous. */
  ctx: InvokeCtx;
  step: number;
  maxCalls: number;
  emit: (event: AgentEvent) => void;
  onDraft: (draft: Draft) => void;
  /** The articles the knowledge base returned in this conversation so far (id to title): all a draft may cite. */
  citable?: Citable;
}

type ParsedArguments = { ok: true; value: Record<string, unknown> } | { ok: false; result: ToolResult };

const clip = (s: string, max: number): string => (s.length > max ? `${s.slice(0, max - 1)}…` : s);

const invalidArguments = (error: string): ToolResult => fail('invalid_arguments', clip(error, 300));

/** Empty text means no arguments; anything but a JSON object goes back to the model to fix. */
export function parseArguments(raw: string): ParsedArguments {
  if (typeof raw !== 'string' || raw.trim() === '') return { ok: true, value: {} };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (e) {
    return { ok: false, result: invalidArguments(`The arguments are not valid JSON (${errorMessage(e)}). Call the tool again with a JSON object.`) };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    const what = value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`;
    return { ok: false, result: invalidArguments(`The arguments must be a JSON object, not ${what}. Call the tool again with a JSON object.`) };
  }
  return { ok: true, value: value as Record<string, unknown> };
}

/**
 * Runs one assistant turn's tool calls at once and answers each with a fenced tool message,
 * in the order of the calls. Every call goes through `invokeReadOnly`, so a write, a send or
 * an invented name gets a structured error and nothing runs.
 */
export function runToolCalls(calls: readonly ToolCall[], io: ToolCallIo): Promise<ToolMessage[]> {
  // Refused by grade first: a write, send or invented name is never "call this again later",
  // and does not use up the calls a step may make.
  const refusals = calls.map((call) => io.registry.refusalForModel(call.name));
  let offered = 0;
  return Promise.all(calls.map((call, i) => runOne(call, refusals[i] ?? (offered++ < io.maxCalls ? null : tooMany(io.maxCalls)), io)));
}

const tooMany = (max: number): ToolResult => fail('too_many_calls', `Only ${max} tool calls run per step; call this one again later.`);

/** The grade of a name the model was never offered: a write or send tool, or no tool at all. */
function forbiddenGrade(io: ToolCallIo, name: string): ForbiddenGrade {
  const grade = io.registry.get(name)?.sideEffect;
  return grade === 'write' || grade === 'send' ? grade : 'unknown';
}

async function runOne(call: ToolCall, refused: ToolResult | null, io: ToolCallIo): Promise<ToolMessage> {
  const registered = io.registry.get(call.name)?.name;
  const tool = registered ?? clip(fromWireName(String(call.name)), 64);
  const parsed = parseArguments(call.arguments);
  io.emit({
    type: 'tool_call_started',
    step: io.step,
    callId: call.id,
    tool,
    ...(parsed.ok ? { args: parsed.value } : {}),
    rawArguments: call.arguments,
  });
  if (refused && (refused.code === 'unknown_tool' || refused.code === 'not_read_only')) {
    io.emit({ type: 'forbidden_call', step: io.step, callId: call.id, tool, grade: forbiddenGrade(io, call.name) });
  }
  let result: ToolResult = refused ?? (parsed.ok ? await invoke(io, call.name, parsed.value) : parsed.result);
  const draft = registered === DRAFT_TOOL && result.ok ? draftFrom(result.data, parsed.ok ? parsed.value : {}, io.citable) : null;
  // The model learns which of its citations were dropped, so it does not repeat them as facts.
  if (draft?.droppedSources?.length && result.ok) result = { ...result, data: { ...(result.data as object), droppedSources: draft.droppedSources, note: UNCITABLE } };
  const code = result.ok ? {} : { code: result.code };
  io.emit({ type: 'tool_call_finished', step: io.step, callId: call.id, tool, ok: result.ok, ...code, summary: summarize(result), facts: traceFacts(parsed.ok ? parsed.value : undefined, result), raw: rawResult(result) });
  if (draft) {
    io.onDraft(draft);
    io.emit({ type: 'draft_proposed', step: io.step, callId: call.id, draft });
  }
  return { role: 'tool', tool_call_id: call.id, content: fenceToolResult(tool, result) };
}

const UNCITABLE = 'Only articles that kb.search returned in this conversation can be cited; these ids were dropped. A past ticket is cited as ticket:<key> once ticket.read returned it by key.';

async function invoke(io: ToolCallIo, wireName: string, args: Record<string, unknown>): Promise<ToolResult> {
  try {
    return await io.registry.invokeReadOnly(wireName, args, io.ctx);
  } catch (e) {
    return fail('tool_failed', `The call failed: ${errorMessage(e)}`);
  }
}

/**
 * The draft as the tool returned it, or else as the model wrote it, with the sources it claims
 * checked against what the knowledge base returned (the model's own titles are never used).
 */
function draftFrom(data: unknown, args: Record<string, unknown>, citable: Citable = new Map()): Draft | null {
  const source = isDraftLike(data) ? data : isDraftLike(args) ? args : null;
  if (!source) return null;
  const { sources, dropped } = checkCitations(args.sources, citable);
  return {
    body: source.body,
    ...(typeof source.subject === 'string' ? { subject: source.subject } : {}),
    ...(sources.length ? { sources } : {}),
    ...(dropped.length ? { droppedSources: dropped } : {}),
  };
}

const isDraftLike = (v: unknown): v is { body: string; subject?: unknown } =>
  v !== null && typeof v === 'object' && typeof (v as { body?: unknown }).body === 'string';

function summarize(result: ToolResult): string {
  if (!result.ok) return clip(result.error || result.code, 160);
  if (result.data === undefined) return 'ok';
  if (typeof result.data === 'string') return clip(result.data, 120);
  try {
    return clip(JSON.stringify(result.data) ?? 'ok', 120);
  } catch {
    return 'ok';
  }
}
