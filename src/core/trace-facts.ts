import type { ToolResult } from './tool';

/**
 * What a tool call did, in a few facts people can read ("ticket #957908, 4 messages"), taken from
 * its arguments and its whole result before anything is cut: the sidebar words them, and keeps
 * the data itself (`raw`) for whoever opens the line.
 */
export interface TraceFacts {
  /** The ticket's number as the page shows it. */
  ticket?: string;
  /** How many messages a thread held. */
  messages?: number;
  /** What was searched for. */
  query?: string;
  /** How many things a search found, and their titles (the first few). */
  found?: number;
  titles?: string[];
  /** A page's title, and the length of a text read. */
  title?: string;
  chars?: number;
}

/** The data as it came back, for the trace's "show the data": long results are cut here. */
export const MAX_RAW_CHARS = 16_000;
const MAX_TITLES = 5;

const obj = (v: unknown): Record<string, unknown> | null => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null);
const str = (v: unknown, max = 200): string | undefined => (typeof v === 'string' && v.trim() ? v.trim().slice(0, max) : undefined);

/** Read by shape, not by tool name: a recipe's `ticket.read` and a code adapter's give the same facts. */
export function traceFacts(args: Record<string, unknown> | undefined, result: ToolResult): TraceFacts {
  const facts: TraceFacts = {};
  const query = str(args?.query);
  if (query) facts.query = query;
  // A result too long for the model is a cut string: its number may still be read from it.
  if (result.ok && typeof result.data === 'string') {
    const ticket = /"number":"([^"\\]{1,60})"/.exec(result.data)?.[1];
    return ticket ? { ...facts, ticket } : facts;
  }
  const data = result.ok ? obj(result.data) : null;
  if (!data) return facts;
  const ticket = str(data.number, 60);
  if (ticket) facts.ticket = ticket;
  // Posts only, as the helpdesk counts its thread: a system event ("assigned", "status changed") is no message.
  if (Array.isArray(data.messages)) facts.messages = data.messages.filter((m) => obj(m)?.role !== 'system').length;
  if (Array.isArray(data.hits)) {
    facts.found = data.hits.length;
    facts.titles = data.hits.slice(0, MAX_TITLES).flatMap((hit) => str(obj(hit)?.title, 120) ?? []);
  }
  // A search of past tickets: its matches, by subject.
  if (Array.isArray(data.results)) {
    facts.found = data.results.length;
    facts.titles = data.results.slice(0, MAX_TITLES).flatMap((r) => str(obj(r)?.subject, 120) ?? []);
  }
  const title = str(data.title, 200);
  if (title) facts.title = title;
  if (typeof data.text === 'string') facts.chars = data.text.length;
  return facts;
}

/** The result as indented JSON (or the error), cut at MAX_RAW_CHARS with the length left out said. */
export function rawResult(result: ToolResult): string {
  let text: string;
  try {
    text = result.ok ? (typeof result.data === 'string' ? result.data : (JSON.stringify(result.data ?? null, null, 2) ?? 'null')) : JSON.stringify({ code: result.code, error: result.error }, null, 2);
  } catch {
    text = String(result.ok ? result.data : result.error);
  }
  return text.length > MAX_RAW_CHARS ? `${text.slice(0, MAX_RAW_CHARS)}\n… (${text.length - MAX_RAW_CHARS} more characters)` : text;
}
