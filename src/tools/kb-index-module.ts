import type { fetchKb } from './kb-fetch';
import type { parseKbFile, parseKbText } from './kb-import';
import type { createKbIndex } from './knowledge-base';

/**
 * What the knowledge base script (entrypoints/kb-index.ts) leaves on the global object when it
 * runs: the full-text index with MiniSearch, and the reading of a file or URL into articles. A
 * search, an import and a sync need it (listing articles does not), so the background loads it
 * at the first of those (src/background/kb/kb-index.ts).
 */
export interface KbIndexModule {
  createKbIndex: typeof createKbIndex;
  parseKbFile: typeof parseKbFile;
  parseKbText: typeof parseKbText;
  fetchKb: typeof fetchKb;
}

export const KB_INDEX_GLOBAL = 'deskmateKbIndex';
