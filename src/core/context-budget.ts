import type { AssistantMessage, ChatMessage, ToolMessage, UserMessage } from './chat-model';
import { fenceLabel } from './fence';

/**
 * What goes to the model is bounded, so the tenth question about a long ticket costs about
 * what the first did. A call is replaced when a later identical call worked (the ticket read
 * again), or, for a draft tool, when a later draft was proposed. A replaced call's result is
 * left out with a short marker while its question is recent; before that, the call and its
 * result both leave the request (a call is never sent without its answer). Knowledge-base
 * results that are neither recent nor cited are left out with a marker. The turns' own text
 * (questions and answers) is never changed, refusals and errors always stay, and the model can
 * always call a tool again. Only the latest `keptTurns` questions go at all: the earlier ones,
 * with their answers and calls, leave the request whole, and the first question sent says how
 * many did (so question 100 costs about what question 12 did, and a long day on one ticket never
 * outgrows the model's window). The stored history keeps everything; only the request shrinks.
 */
export interface BudgetOptions {
  /** Wire names whose results expire unless recent or cited (knowledge-base searches). */
  expiring: ReadonlySet<string>;
  /** Wire names of draft tools: any later draft that worked replaces an earlier one. */
  drafts: ReadonlySet<string>;
  /** How many of the latest questions count as recent, the current one included. */
  recentTurns: number;
  /** How many of the latest questions go in the request at all, the current one included. */
  keptTurns: number;
}

export const DEFAULT_BUDGET: BudgetOptions = { expiring: new Set(['kb__search']), drafts: new Set(['reply__propose']), recentTurns: 2, keptTurns: 12 };

export const SUPERSEDED_MARKER = 'Left out: replaced by a later call; its newer result is further down.';
export const EXPIRED_MARKER = 'Left out to save space: an older search result not cited lately. Call the tool again if it is needed.';

/** Put before the first question sent when earlier ones were left out. */
export const earlierMarker = (left: number): string =>
  `[Left out of this request to save space: the ${left} earlier question${left === 1 ? '' : 's'} of this conversation, with their answers and tool calls. If one of them matters now, say so and ask the agent; call a tool again for anything the ticket or the knowledge base holds.]`;

interface CallInfo {
  name: string;
  /** Calls with the same signature replace each other. */
  signature: string;
  turn: number;
}

/**
 * The request's share of `messages`. Only the latest `keptTurns` questions are budgeted: what they
 * send never depends on an earlier question (a call and its result share a question, and only a
 * later result replaces one), so of the questions before them only the roles are read, to count
 * them, and the hundredth question costs the worker what the twelfth did.
 */
export function budgetMessages(messages: readonly ChatMessage[], options: BudgetOptions = DEFAULT_BUDGET): ChatMessage[] {
  const { start, left } = latestQuestions(messages, Math.max(1, options.keptTurns));
  const sent = budgetWindow(start === 0 ? messages : messages.slice(start), options);
  if (left === 0) return sent;
  const first = sent[0] as UserMessage;
  return [{ role: 'user', content: `${earlierMarker(left)}\n\n${first.content}` }, ...sent.slice(1)];
}

/** Where the latest `kept` questions start (found from the end), and how many questions came before. */
function latestQuestions(messages: readonly ChatMessage[], kept: number): { start: number; left: number } {
  let seen = 0;
  let start = -1;
  for (let i = messages.length - 1; i >= 0; i--) {
    if (messages[i]!.role === 'user' && ++seen === kept) {
      start = i;
      break;
    }
  }
  if (start <= 0) return { start: 0, left: 0 };
  let left = 0;
  for (let i = 0; i < start; i++) if (messages[i]!.role === 'user') left++;
  return left === 0 ? { start: 0, left: 0 } : { start, left };
}

function budgetWindow(messages: readonly ChatMessage[], options: BudgetOptions): ChatMessage[] {
  const calls = new Map<string, CallInfo>();
  const latest = new Map<string, number>(); // signature -> index of its latest result that worked
  const turnOf: number[] = [];
  let turn = 0;
  messages.forEach((m, i) => {
    if (m.role === 'user') turn++;
    turnOf[i] = turn;
    if (m.role === 'assistant') {
      for (const c of m.tool_calls ?? []) {
        calls.set(c.id, { name: c.name, signature: options.drafts.has(c.name) ? `${c.name} draft` : signatureOf(c.name, c.arguments), turn });
      }
    }
    if (m.role === 'tool') {
      const call = calls.get(m.tool_call_id);
      // Only a result that worked replaces an earlier one: a failed read leaves the old copy.
      if (call && worked(m)) latest.set(call.signature, i);
    }
  });
  const firstRecent = turn - options.recentTurns + 1;
  const recentAnswers = messages
    .filter((m, i): m is AssistantMessage => m.role === 'assistant' && turnOf[i]! >= firstRecent && !!m.content)
    .map((m) => m.content!)
    .join('\n');

  // Replaced calls of questions before the recent ones: gone with their results.
  const gone = new Set<string>();
  messages.forEach((m, i) => {
    if (m.role !== 'tool') return;
    const call = calls.get(m.tool_call_id);
    if (call && call.turn < firstRecent && isReplaced(m, i, call, latest)) gone.add(m.tool_call_id);
  });

  return messages.flatMap((m, i): ChatMessage[] => {
    if (m.role === 'assistant') return withoutCalls(m, gone);
    if (m.role !== 'tool') return [m];
    if (gone.has(m.tool_call_id)) return [];
    const call = calls.get(m.tool_call_id);
    if (!call) return [m];
    if (isReplaced(m, i, call, latest)) return [marked(m, call.name, SUPERSEDED_MARKER)];
    if (options.expiring.has(call.name) && call.turn < firstRecent && !isCited(m, recentAnswers)) {
      return [marked(m, call.name, EXPIRED_MARKER)];
    }
    return [m];
  });
}

/** Refusals and errors are short and say what went wrong: never replaced. */
const isReplaced = (m: ToolMessage, i: number, call: CallInfo, latest: Map<string, number>): boolean => {
  const newest = latest.get(call.signature);
  return newest !== undefined && newest > i && worked(m);
};

/** The message without the calls that left the request; nothing at all if that was all it said. */
function withoutCalls(m: AssistantMessage, gone: ReadonlySet<string>): ChatMessage[] {
  const calls = m.tool_calls ?? [];
  if (!calls.some((c) => gone.has(c.id))) return [m];
  const kept = calls.filter((c) => !gone.has(c.id));
  if (!kept.length && !m.content) return [];
  const { tool_calls: _, ...rest } = m;
  return [kept.length ? { ...rest, tool_calls: kept } : rest];
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

type Parsed = { ok?: unknown; data?: { hits?: unknown } } | undefined;

/** Each request parses the same history again: a result is parsed once per message object. */
const parsed = new WeakMap<ToolMessage, Parsed>();

function resultOf(m: ToolMessage): Parsed {
  if (!parsed.has(m)) parsed.set(m, parseResult(m.content));
  return parsed.get(m);
}

/** The JSON inside a fenced result (see fenceToolResult), or undefined. */
function parseResult(content: string): Parsed {
  try {
    const value: unknown = JSON.parse(content.slice(content.indexOf('\n') + 1, content.lastIndexOf('\n')));
    return value !== null && typeof value === 'object' ? value : undefined;
  } catch {
    return undefined;
  }
}

const worked = (m: ToolMessage): boolean => resultOf(m)?.ok === true;

/** A result is cited when a recent answer names the title of one of its hits. */
function isCited(m: ToolMessage, answers: string): boolean {
  if (!answers) return false;
  const hits = resultOf(m)?.data?.hits;
  if (!Array.isArray(hits)) return false;
  return hits.some((h) => {
    const title = (h as { title?: unknown })?.title;
    return typeof title === 'string' && title.trim().length > 0 && answers.includes(title.trim());
  });
}
