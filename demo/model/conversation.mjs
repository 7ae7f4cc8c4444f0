// @ts-check
/**
 * Reads a chat request the way the demo model needs it: the offered tool names, the last user
 * message, and the calls and results of the current turn (everything after that message).
 */

/** @typedef {{ name: string, ok: boolean, value: unknown, raw: string }} ToolOutcome */
/** @typedef {{ userText: string, called: Set<string>, results: Map<string, ToolOutcome>, outcomes: { name: string, args: any, outcome: ToolOutcome }[] }} Turn */

/** The text of a message's content, whether a string or a list of parts. */
export function textOf(/** @type {unknown} */ content) {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((part) => (typeof part?.text === 'string' ? part.text : '')).join('\n');
}

/** The wire names of the functions the request offers. */
export function offeredTools(/** @type {any} */ body) {
  const tools = Array.isArray(body?.tools) ? body.tools : [];
  return new Set(tools.map((/** @type {any} */ t) => t?.function?.name).filter((/** @type {unknown} */ n) => typeof n === 'string'));
}

const FENCES = /<tool_result tool="[^"]+" untrusted="true">\n[\s\S]*?\n<\/tool_result>/g;

/** @param {unknown} messages @returns {Turn} */
export function readTurn(messages) {
  const list = Array.isArray(messages) ? messages.filter((m) => m && typeof m === 'object') : [];
  let start = list.length;
  while (start > 0 && list[start - 1].role !== 'user') start--;
  const userText = start > 0 ? textOf(list[start - 1].content) : '';
  /** @type {Map<string, string>} */
  const namesById = new Map();
  const called = new Set();
  /** @type {Map<string, ToolOutcome>} */
  const results = new Map();
  /** @type {Map<string, unknown>} */
  const argsById = new Map();
  /** @type {Turn['outcomes']} */
  const outcomes = [];
  // Context read up front by the client (a model asked without tools): fences in the agent's turn.
  for (let i = start - 1; i >= 0 && list[i].role === 'user'; i--) {
    for (const fence of textOf(list[i].content).matchAll(FENCES)) {
      const outcome = parseToolResult(fence[0]);
      if (outcome.label && !results.has(outcome.label)) results.set(outcome.label, { name: outcome.label, ...outcome });
    }
  }
  for (const message of list.slice(start)) {
    if (message.role === 'assistant' && Array.isArray(message.tool_calls)) {
      for (const call of message.tool_calls) {
        const name = call?.function?.name;
        if (typeof name !== 'string') continue;
        called.add(name);
        if (typeof call.id === 'string') {
          namesById.set(call.id, name);
          argsById.set(call.id, parseJson(call?.function?.arguments ?? '') ?? {});
        }
      }
    }
    if (message.role === 'tool') {
      const outcome = parseToolResult(textOf(message.content));
      // The call's id names the tool; the fence's label is only a fallback, as page text could fake one.
      const name = namesById.get(message.tool_call_id) ?? outcome.label;
      if (!name) continue;
      called.add(name);
      results.set(name, { name, ...outcome });
      outcomes.push({ name, args: argsById.get(message.tool_call_id) ?? {}, outcome: { name, ...outcome } });
    }
  }
  return { userText, called, results, outcomes };
}

/**
 * A tool message: `<tool_result tool="ticket.read" untrusted="true">\n{json}\n</tool_result>`,
 * or bare JSON. The last closing tag ends it, since the data itself may contain one.
 * @returns {{ label: string | null, ok: boolean, value: unknown, raw: string }}
 */
export function parseToolResult(/** @type {string} */ text) {
  const open = /<tool_result\b([^>]*)>/.exec(text);
  let inner = text;
  if (open) {
    inner = text.slice(open.index + open[0].length);
    const close = inner.lastIndexOf('</tool_result>');
    if (close >= 0) inner = inner.slice(0, close);
  }
  inner = inner.trim().replace(/^```(?:json)?\s*\n([\s\S]*?)\n?```$/, '$1').trim();
  const label = /\btool="([^"]+)"/.exec(open?.[1] ?? '')?.[1]?.replace(/\./g, '__') ?? null;
  const value = parseJson(inner) ?? parseJson(inner.slice(inner.indexOf('{'), inner.lastIndexOf('}') + 1));
  const ok = /** @type {any} */ (value)?.ok !== false && !(value === undefined && /"ok"\s*:\s*false/.test(inner));
  return { label, ok, value, raw: inner };
}

/**
 * The ticket in a ticket.read result, also from a result cut short (then `data` is a string
 * of partial JSON, read field by field).
 * @returns {{ number: string, subject: string, requesterName: string | null, customerMessages: string[] }}
 */
export function ticketOf(/** @type {ToolOutcome} */ outcome) {
  const data = /** @type {any} */ (outcome.value)?.data;
  if (data && typeof data === 'object') {
    const messages = Array.isArray(data.messages) ? data.messages : [];
    return {
      number: typeof data.number === 'string' ? data.number : '',
      subject: typeof data.subject === 'string' ? data.subject : '',
      requesterName: typeof data.requester?.name === 'string' ? data.requester.name : null,
      customerMessages: messages
        .filter((/** @type {any} */ m) => m?.role === 'customer' && typeof m.body === 'string')
        .map((/** @type {any} */ m) => m.body),
    };
  }
  const raw = typeof data === 'string' ? data : outcome.raw;
  const field = (/** @type {RegExp} */ re) => unquote(re.exec(raw)?.[1]);
  const bodies = [...raw.matchAll(/"role"\s*:\s*"customer"[^{}]*?"body"\s*:\s*"((?:[^"\\]|\\.)*)"/g)];
  return {
    number: field(/"number"\s*:\s*"((?:[^"\\]|\\.)*)"/) ?? '',
    subject: field(/"subject"\s*:\s*"((?:[^"\\]|\\.)*)"/) ?? '',
    requesterName: field(/"requester"\s*:\s*\{[^{}]*?"name"\s*:\s*"((?:[^"\\]|\\.)*)"/),
    customerMessages: bodies.map((m) => unquote(m[1]) ?? ''),
  };
}

/** The best knowledge-base hit of a kb.search result, or null. */
export function bestHit(/** @type {ToolOutcome | undefined} */ outcome) {
  if (!outcome?.ok) return null;
  const hits = /** @type {any} */ (outcome.value)?.data?.hits;
  if (!Array.isArray(hits)) return null;
  const usable = hits.filter((h) => typeof h?.body === 'string' && h.body.trim());
  usable.sort((a, b) => (Number(b.score) || 0) - (Number(a.score) || 0));
  const hit = usable[0];
  return hit ? { id: typeof hit.id === 'string' ? hit.id : null, title: typeof hit.title === 'string' ? hit.title : '', body: String(hit.body) } : null;
}

/** The error message of a failed result, for saying what went wrong. */
export function errorOf(/** @type {ToolOutcome} */ outcome) {
  const error = /** @type {any} */ (outcome.value)?.error ?? /** @type {any} */ (outcome.value)?.message;
  return typeof error === 'string' && error ? error : 'the tool reported an error';
}

function parseJson(/** @type {string} */ text) {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const unquote = (/** @type {string | undefined} */ s) => (s === undefined ? null : parseJson(`"${s}"`) ?? s);
