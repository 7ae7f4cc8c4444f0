// @ts-check
/**
 * Follow-up questions the demo model answers from the conversation it was sent, not from a
 * fresh tool call: who the customer is, which article the draft used, what was asked first.
 * They show whether a bounded request still holds what the model needs. When the result it
 * needs was left out, the model does what a real one would: it calls the tool again.
 */
import { bestHit, parseToolResult, textOf } from './conversation.mjs';
import { clip } from './text.mjs';

const WHO = /\bwho is the (?:customer|requester)\b/i;
const WHICH_ARTICLE = /\bwhich (?:knowledge-base )?article\b/i;
const FIRST_QUESTION = /\bwhat did i (?:ask|say) first\b/i;
const LAST_DRAFT = /\bwhat did (?:your|the) last draft say\b/i;

/**
 * The answer to a follow-up question, a tool call to get what is missing, or null when the
 * question is not one of these.
 * @param {any[]} messages @param {Set<string>} tools offered
 * @param {Set<string>} called in this turn already: never called twice
 * @returns {{ text: string } | { toolCalls: { name: string, arguments: Record<string, unknown> }[] } | null}
 */
export function recall(messages, tools, called) {
  const canCall = (/** @type {string} */ name) => tools.has(name) && !called.has(name);
  const users = messages.filter((m) => m?.role === 'user').map((m) => textOf(m.content));
  const question = users.at(-1) ?? '';
  if (FIRST_QUESTION.test(question)) return { text: `Your first question was: "${clip(users[0] ?? '', 200)}"` };
  if (LAST_DRAFT.test(question)) {
    const body = lastArguments(messages, 'reply__propose')?.body;
    return { text: typeof body === 'string' ? `The last draft said: "${clip(body, 2000)}"` : 'I have not proposed a draft yet.' };
  }
  if (WHO.test(question)) {
    const ticket = latestResult(messages, 'ticket__read');
    const name = /** @type {any} */ (ticket?.value)?.data?.requester?.name;
    if (typeof name === 'string') return { text: `The customer is ${clip(name, 80)}.` };
    return canCall('ticket__read') ? { toolCalls: [{ name: 'ticket__read', arguments: {} }] } : { text: 'I cannot see who the customer is.' };
  }
  if (WHICH_ARTICLE.test(question)) {
    const search = latestResult(messages, 'kb__search');
    const title = bestHit(search)?.title;
    if (title) return { text: `I used the knowledge-base article "${clip(title, 80)}".` };
    const args = lastArguments(messages, 'kb__search');
    return canCall('kb__search') && args ? { toolCalls: [{ name: 'kb__search', arguments: args }] } : { text: 'I have not used a knowledge-base article yet.' };
  }
  return null;
}

/** The newest result of a tool that is in the request in full (not left out), or undefined. */
function latestResult(/** @type {any[]} */ messages, /** @type {string} */ name) {
  const ids = new Set(messages.flatMap((m) => (m?.role === 'assistant' && Array.isArray(m.tool_calls) ? m.tool_calls : [])).filter((c) => c?.function?.name === name).map((c) => c.id));
  for (const m of [...messages].reverse()) {
    if (m?.role !== 'tool' || !ids.has(m.tool_call_id)) continue;
    const outcome = parseToolResult(textOf(m.content));
    if (outcome.ok && outcome.value !== undefined) return outcome;
  }
  return undefined;
}

/** The arguments of the newest call of a tool, to make it again. */
function lastArguments(/** @type {any[]} */ messages, /** @type {string} */ name) {
  const calls = messages.flatMap((m) => (m?.role === 'assistant' && Array.isArray(m.tool_calls) ? m.tool_calls : [])).filter((c) => c?.function?.name === name);
  try {
    return /** @type {Record<string, unknown>} */ (JSON.parse(calls.at(-1)?.function?.arguments ?? 'null'));
  } catch {
    return null;
  }
}
