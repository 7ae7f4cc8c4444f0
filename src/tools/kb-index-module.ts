import type { createKbIndex } from './knowledge-base';

/**
 * What the knowledge base index script (entrypoints/kb-index.ts) leaves on the global object when
 * it runs: the full-text index with MiniSearch. Only a search needs it (listing, importing and
 * syncing articles do not), so the background loads it at the first search (src/background/kb/kb-index.ts).
 */
export interface KbIndexModule {
  createKbIndex: typeof createKbIndex;
}

export const KB_INDEX_GLOBAL = 'deskmateKbIndex';
