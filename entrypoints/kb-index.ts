import { createKbIndex } from '@/src/tools/knowledge-base';
import { KB_INDEX_GLOBAL, type KbIndexModule } from '@/src/tools/kb-index-module';

/**
 * The knowledge base's full-text index (MiniSearch), kept out of background.js: the background
 * runs this script the first time the knowledge base is searched (src/background/kb/kb-index.ts).
 */
export default defineUnlistedScript(() => {
  const module: KbIndexModule = { createKbIndex };
  (globalThis as Record<string, unknown>)[KB_INDEX_GLOBAL] = module;
});
