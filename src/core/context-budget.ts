import type { AssistantMessage, ChatMessage, ToolMessage } from './chat-model';
import { fenceLabel } from './fence';

/**
 * What goes to the model is bounded, so the tenth question about a long ticket costs about
 * what the first did. Tool results that a later identical call replaced (the ticket read
 * again) and knowledge-base results that are neither recent nor cited are left out with a
 * short marker; the tool message itself stays, as every call needs its answer. The turns' own
 * text (questions, answers, the calls the model made) is never touched, and the model can
 * always call a tool again. The stored history keeps everything; only the request shrinks.
 */
export interface BudgetOptions {
  /** Wire names whose results expire unless recent or cited (knowledge-base searches). */
  expiring: ReadonlySet<string>;
  /** How many of the latest questions count as recent, the current one included. */
  recentTurns: number;
}

export const DEFAULT_BUDGET: BudgetOptions = { expiring: new Set(['kb__search']), recentTurns: 2 };

export const SUPERSEDED_MARKER = 'Left out: the same call was made again later; its newer result is further down.';
export const EXPIRED_MARKER = 'Left out to save space: an older search result not cited lately. Call the tool again if it is needed.';

interface CallInfo {
  name: string;
  signature: string;
  turn: number;
}

export function budgetMessages(messages: readonly ChatMessage[], options: BudgetOptions = DEFAULT_BUDGET): ChatMessage[] {
  const calls = new Map<string, CallInfo>();
  const answered = new Map<string, number>(); // signature -> index of its latest result
  const turnOf: number[] = [];
  let turn = 0;
  messages.forEach((m, i) => {
    if (m.role === 'user') turn++;
    turnOf[i] = turn;
    if (m.role === 'assistant') for (const c of m.tool_calls ?? []) calls.set(c.id, { name: c.name, signature: signatureOf(c.name, c.arguments), turn });
    if (m.role === 'tool') {
      const call = calls.get(m.tool_call_id);
      // Only a result that worked replaces an earlier one: a failed read leaves the old copy.
      if (call && worked(m.content)) answered.set(call.signature, i);
    }
  });
  const firstRecent = turn - options.recentTurns + 1;
  const recentAnswers = messages
    .filter((m, i): m is AssistantMessage => m.role === 'assistant' && turnOf[i]! >= firstRecent && !!m.content)
    .map((m) => m.content!)
    .join('\n');

  return messages.map((m, i) => {
    if (m.role !== 'tool') return m;
    const call = calls.get(m.tool_call_id);
    if (!call) return m;
    // Refusals and errors are short and say what went wrong: they always stay.
    const latest = answered.get(call.signature);
    if (latest !== undefined && latest !== i && worked(m.content)) return marked(m, call.name, SUPERSEDED_MARKER);
    if (options.expiring.has(call.name) && call.turn < firstRecent && !isCited(m.content, recentAnswers)) {
      return marked(m, call.name, EXPIRED_MARKER);
    }
    return m;
  });
}

const marked = (m: ToolMessage, name: string, note: string): ToolMessage => ({
  role: 'tool',
  tool_call_id: m.tool_call_id,
  content: `<tool_result tool="${fenceLabel(name)}" omitted="true">${note}</tool_result>`,
});

/** The same tool with the same arguments, whatever their key order or spacing. */
function signatureOf(name: string, args: string): string {
  try {
    return `${name} ${JSON.stringify(sortKeys(JSON.parse(args || '{}')))}`;
  } catch {
    return `${name} ${args}`;
  }
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.keys(value).sort().map((k) => [k, sortKeys((value as Record<string, unknown>)[k])]));
}

/** The JSON inside a fenced result (see fenceToolResult), or undefined. */
function resultOf(content: string): { ok?: unknown; data?: { hits?: unknown } } | undefined {
  try {
    const value: unknown = JSON.parse(content.slice(content.indexOf('\n') + 1, content.lastIndexOf('\n')));
    return value !== null && typeof value === 'object' ? value : undefined;
  } catch {
    return undefined;
  }
}

const worked = (content: string): boolean => resultOf(content)?.ok === true;

/** A result is cited when a recent answer names the title of one of its hits. */
function isCited(content: string, answers: string): boolean {
  if (!answers) return false;
  const hits = resultOf(content)?.data?.hits;
  if (!Array.isArray(hits)) return false;
  return hits.some((h) => {
    const title = (h as { title?: unknown })?.title;
    return typeof title === 'string' && title.trim().length > 0 && answers.includes(title.trim());
  });
}
