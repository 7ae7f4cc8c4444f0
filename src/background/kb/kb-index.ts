import { KB_INDEX_GLOBAL, type KbIndexModule } from '../../tools/kb-index-module';
import { defineLazyScript } from '../lazy-script';
import { log } from '../diagnostics/logger';

/** Built from entrypoints/kb-index.ts, beside background.js; kept at install (host.ts). */
export const kbIndexScript = defineLazyScript<KbIndexModule>('/kb-index.js', KB_INDEX_GLOBAL, 'knowledge base index');

/** What a search says when the index script cannot run: nothing of the knowledge base is lost. */
export const KB_INDEX_UNAVAILABLE = 'The knowledge base search could not be loaded, so nothing was searched. The articles are kept; try the search again.';

/** The index builder, from the script (run at the first search). */
export async function loadKbIndexer(): Promise<KbIndexModule['createKbIndex']> {
  try {
    return (await kbIndexScript.load()).createKbIndex;
  } catch (error) {
    log.error('kb-index', 'Could not load the knowledge base index script', error);
    throw new Error(KB_INDEX_UNAVAILABLE);
  }
}
