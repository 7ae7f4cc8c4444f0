import { createKbIndex } from '@/src/tools/knowledge-base';
import { parseKbFile, parseKbText } from '@/src/tools/kb-import';
import { fetchKb } from '@/src/tools/kb-fetch';
import { KB_INDEX_GLOBAL, type KbIndexModule } from '@/src/tools/kb-index-module';

/**
 * The knowledge base's full-text index (MiniSearch) and its file and URL reading, kept out of
 * background.js: the background runs this script the first time the knowledge base is searched,
 * a file is imported or its URL is synced (src/background/kb/kb-index.ts).
 */
export default defineUnlistedScript(() => {
  const module: KbIndexModule = { createKbIndex, parseKbFile, parseKbText, fetchKb };
  (globalThis as Record<string, unknown>)[KB_INDEX_GLOBAL] = module;
});
