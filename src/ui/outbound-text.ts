import type { ToolResult } from '../core';
import { fromWireName } from '../core/wire-names';

/**
 * "Sent to model" in words: what one request carried (the messages new since the turn's last
 * request, the tools offered) and what came back (the answer's text, the tools it asked for),
 * read from the exact bodies the outbound log kept. The raw text stays one click away.
 */

export type SentRole = 'system' | 'user' | 'assistant' | 'tool';

export interface SentMessage {
  role: SentRole;
  text: string;
  /** An assistant message's tool calls, by their tool names (`ticket.read`). */
  calls: string[];
  /** A tool message: which tool, with what arguments, gave what (read from its fence). */
  result?: { tool: string; args: Record<string, unknown>; value: ToolResult };
}

export interface ReadRequest {
  messages: SentMessage[];
  tools: string[];
}

export interface ReadResponse {
  text: string;
  calls: string[];
  /** The HTTP status of a refused request. */
  status: number | null;
}

const obj = (v: unknown): Record<string, unknown> | null => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null);
const ROLES = new Set<SentRole>(['system', 'user', 'assistant', 'tool']);

/** Content as text: a string, or the text parts of a list of parts. */
function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((part) => (typeof obj(part)?.text === 'string' ? (obj(part)!.text as string) : '')).join('');
}

interface Call {
  id: string;
  name: string;
  args: Record<string, unknown>;
}

function callsOf(calls: unknown): Call[] {
  if (!Array.isArray(calls)) return [];
  return calls.flatMap((c) => {
    const fn = obj(obj(c)?.function);
    if (typeof fn?.name !== 'string') return [];
    let args: Record<string, unknown> = {};
    try {
      args = obj(JSON.parse(String(fn.arguments ?? '{}'))) ?? {};
    } catch {
      // Arguments the model got wrong: the call is still named.
    }
    return [{ id: String(obj(c)!.id ?? ''), name: fromWireName(fn.name), args }];
  });
}

/** A tool message's fence (src/core/fence.ts): the tool's label and the result's JSON. */
const FENCE = /^<tool_result tool="([^"]*)"[^>]*>\n([\s\S]*)\n<\/tool_result>$/;

function resultOf(content: string, call: Call | undefined): SentMessage['result'] {
  const fence = FENCE.exec(content);
  if (!fence) return undefined;
  try {
    const value = obj(JSON.parse(fence[2]!));
    if (!value || typeof value.ok !== 'boolean') return undefined;
    return { tool: call?.name ?? fence[1]!, args: call?.args ?? {}, value: value as unknown as ToolResult };
  } catch {
    return undefined;
  }
}

/** A request body (JSON text); null when it is not one (cut by the log's bound, or another shape). */
export function readRequest(body: string): ReadRequest | null {
  let data: Record<string, unknown> | null;
  try {
    data = obj(JSON.parse(body));
  } catch {
    return null;
  }
  if (!data || !Array.isArray(data.messages)) return null;
  const asked = new Map<string, Call>();
  const messages = data.messages.flatMap((m): SentMessage[] => {
    const message = obj(m);
    const role = message?.role as SentRole;
    if (!message || !ROLES.has(role)) return [];
    const calls = callsOf(message.tool_calls);
    for (const call of calls) asked.set(call.id, call);
    const text = contentText(message.content);
    const result = role === 'tool' ? resultOf(text, asked.get(String(message.tool_call_id ?? ''))) : undefined;
    return [{ role, text, calls: calls.map((c) => c.name), ...(result ? { result } : {}) }];
  });
  const tools = Array.isArray(data.tools) ? data.tools.flatMap((t) => (typeof obj(obj(t)?.function)?.name === 'string' ? [fromWireName(obj(obj(t)!.function)!.name as string)] : [])) : [];
  return { messages, tools };
}

/** What came back: streamed chunks, one JSON per line, or `HTTP <status>` and the error's body. */
export function readResponse(body: string): ReadResponse {
  const refused = /^HTTP (\d{3})\n([\s\S]*)$/.exec(body);
  if (refused) return { text: errorMessage(refused[2]!), calls: [], status: Number(refused[1]) };
  let text = '';
  const calls = new Map<number, string>();
  for (const line of body.split('\n')) {
    if (!line.trim()) continue;
    let chunk: Record<string, unknown> | null;
    try {
      chunk = obj(JSON.parse(line));
    } catch {
      continue;
    }
    const delta = obj(obj((chunk?.choices as unknown[] | undefined)?.[0])?.delta);
    if (typeof delta?.content === 'string') text += delta.content;
    for (const [i, call] of (Array.isArray(delta?.tool_calls) ? delta.tool_calls : []).entries()) {
      const name = obj(obj(call)?.function)?.name;
      const index = typeof obj(call)?.index === 'number' ? (obj(call)!.index as number) : i;
      if (typeof name === 'string' && name) calls.set(index, fromWireName(name));
    }
  }
  return { text, calls: [...calls.values()], status: null };
}

function errorMessage(body: string): string {
  try {
    const data = obj(JSON.parse(body));
    const message = obj(data?.error)?.message ?? data?.message;
    if (typeof message === 'string') return message;
  } catch {
    // Not JSON: the body as it came.
  }
  return body.trim();
}

/**
 * The messages a request adds to the one before it in the same turn: each request repeats the
 * conversation so far, so the first shows it all and the next ones only what is new.
 */
export function newMessages(request: ReadRequest, before: ReadRequest | null): SentMessage[] {
  if (!before) return request.messages;
  const same = (a: SentMessage, b: SentMessage) => a.role === b.role && a.text === b.text;
  let shared = 0;
  while (shared < before.messages.length && shared < request.messages.length && same(before.messages[shared]!, request.messages[shared]!)) shared++;
  return request.messages.slice(shared);
}
