import type { ChatMessage, ToolMessage } from './chat-model';
import { parseFenced } from './pii/people';

/**
 * What a draft says it used, as the tools returned it: a knowledge-base article, or a past
 * ticket of the same helpdesk (`ticket:<key>`, with its key and its page's address).
 */
export interface DraftSource {
  id: string;
  title: string;
  ticket?: CitedTicket;
}

export interface CitedTicket {
  key: string;
  url: string;
}

/** What may be cited, by id: an article's title, or a past ticket's title with where it is. */
export type Citable = ReadonlyMap<string, string | { title: string; ticket: CitedTicket }>;

/** The id a draft cites a past ticket by. */
export const ticketSourceId = (key: string): string => `ticket:${key}`;

/** What a draft may cite, and what of its claim was kept. */
export interface Citations {
  sources: DraftSource[];
  /** Ids the model named that no knowledge-base result of the conversation holds. */
  dropped: string[];
}

/** Ids cited per draft; more is noise, not grounding. */
export const MAX_SOURCES = 10;

/**
 * The articles the knowledge base really returned in this conversation: the hits of every
 * successful `kb.*` tool result (`{ hits: [...] }`, or one article as `{ id, title }`), and the
 * other tickets `ticket.read` returned by key (`{ key, url, number, subject }`). Only tool
 * messages count: their fences are written by the loop with the name of the tool that ran, and
 * page text inside any result cannot open or close a fence (see fence.ts).
 */
export function citableArticles(messages: readonly ChatMessage[]): Map<string, string | { title: string; ticket: CitedTicket }> {
  const found = new Map<string, string | { title: string; ticket: CitedTicket }>();
  for (const message of messages) {
    if (message.role !== 'tool') continue;
    for (const [id, value] of offeredBy(message)) if (!found.has(id)) found.set(id, value);
  }
  return found;
}

type Offered = [id: string, value: string | { title: string; ticket: CitedTicket }][];

/**
 * What each tool message offers to cite, parsed once per message: every step of a turn with tool
 * calls asks again of the whole conversation, whose results (whole tickets) would be parsed anew.
 * Messages are never changed in place, so a message's answer never changes.
 */
const offered = new WeakMap<ToolMessage, Offered>();

function offeredBy(message: ToolMessage): Offered {
  let list = offered.get(message);
  if (!list) offered.set(message, (list = parseOffered(message.content)));
  return list;
}

function parseOffered(content: string): Offered {
  const fenced = parseFenced(content);
  if (fenced?.tool === 'ticket.read') {
    const past = pastTicketOf(fenced.value);
    return past ? [[ticketSourceId(past.ticket.key), past]] : [];
  }
  if (!fenced?.tool.startsWith('kb.')) return [];
  const result = fenced.value as { ok?: unknown; data?: { hits?: unknown; id?: unknown; title?: unknown } } | null;
  if (result?.ok !== true || !result.data) return [];
  const hits: unknown[] = Array.isArray(result.data.hits) ? result.data.hits : [result.data];
  return hits.flatMap((hit): Offered => {
    const { id, title } = (hit ?? {}) as { id?: unknown; title?: unknown };
    return typeof id === 'string' && id ? [[id, typeof title === 'string' ? title : id]] : [];
  });
}

/** Another ticket as a successful ticket.read({ key }) returned it, or null (the tab's own ticket has no key). */
function pastTicketOf(value: unknown): { title: string; ticket: CitedTicket } | null {
  const result = value as { ok?: unknown; data?: { key?: unknown; url?: unknown; number?: unknown; subject?: unknown } } | null;
  const data = result?.ok === true ? result.data : undefined;
  if (typeof data?.key !== 'string' || !data.key || typeof data.url !== 'string') return null;
  const title = [data.number, data.subject].filter((s) => typeof s === 'string' && s).join(' ').slice(0, 200) || data.key;
  return { title, ticket: { key: data.key, url: data.url } };
}

/**
 * The draft's claimed sources checked against what the tools returned: a known id is kept (with
 * the title the knowledge base or the helpdesk gave, not one the model wrote), anything else is
 * dropped.
 */
export function checkCitations(claimed: unknown, citable: Citable): Citations {
  const ids = Array.isArray(claimed) ? claimed.filter((id): id is string => typeof id === 'string' && id.length > 0) : [];
  const sources: DraftSource[] = [];
  const dropped: string[] = [];
  for (const id of new Set(ids)) {
    const known = citable.get(id);
    if (known !== undefined && sources.length < MAX_SOURCES) sources.push(typeof known === 'string' ? { id, title: known } : { id, ...known });
    else if (known === undefined) dropped.push(id.slice(0, 200));
  }
  return { sources, dropped: dropped.slice(0, MAX_SOURCES) };
}
