import type { ChatMessage } from './chat-model';
import { parseFenced } from './pii/people';

/** A knowledge-base article a draft says it used, as the knowledge base returned it. */
export interface DraftSource {
  id: string;
  title: string;
}

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
 * successful `kb.*` tool result (`{ hits: [...] }`, or one article as `{ id, title }`). Only tool
 * messages count: their fences are written by the loop with the name of the tool that ran, and
 * page text inside any result cannot open or close a fence (see fence.ts).
 */
export function citableArticles(messages: readonly ChatMessage[]): Map<string, string> {
  const found = new Map<string, string>();
  for (const message of messages) {
    if (message.role !== 'tool') continue;
    const fenced = parseFenced(message.content);
    if (!fenced?.tool.startsWith('kb.')) continue;
    const result = fenced.value as { ok?: unknown; data?: { hits?: unknown; id?: unknown; title?: unknown } } | null;
    if (result?.ok !== true || !result.data) continue;
    const hits: unknown[] = Array.isArray(result.data.hits) ? result.data.hits : [result.data];
    for (const hit of hits) {
      const { id, title } = (hit ?? {}) as { id?: unknown; title?: unknown };
      if (typeof id === 'string' && id && !found.has(id)) found.set(id, typeof title === 'string' ? title : id);
    }
  }
  return found;
}

/**
 * The draft's claimed sources checked against what the knowledge base returned: a known id is
 * kept (with the title the knowledge base gave, not one the model wrote), anything else is dropped.
 */
export function checkCitations(claimed: unknown, citable: ReadonlyMap<string, string>): Citations {
  const ids = Array.isArray(claimed) ? claimed.filter((id): id is string => typeof id === 'string' && id.length > 0) : [];
  const sources: DraftSource[] = [];
  const dropped: string[] = [];
  for (const id of new Set(ids)) {
    const title = citable.get(id);
    if (title !== undefined && sources.length < MAX_SOURCES) sources.push({ id, title });
    else if (title === undefined) dropped.push(id.slice(0, 200));
  }
  return { sources, dropped: dropped.slice(0, MAX_SOURCES) };
}
