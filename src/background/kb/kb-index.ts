import { KB_INDEX_GLOBAL, type KbIndexModule } from '../../tools/kb-index-module';
import { defineLazyScript } from '../lazy-script';
import { log } from '../diagnostics/logger';

/** Built from entrypoints/kb-index.ts, beside background.js; kept at install (host.ts). */
export const kbIndexScript = defineLazyScript<KbIndexModule>('/kb-index.js', KB_INDEX_GLOBAL, 'knowledge base index');

/** What a search says when the index script cannot run: nothing of the knowledge base is lost. */
export const KB_INDEX_UNAVAILABLE = 'The knowledge base search could not be loaded, so nothing was searched. The articles are kept; try the search again.';

/** What an import or a sync says when the script cannot run: the articles kept are unchanged. */
export const KB_READER_UNAVAILABLE = 'The knowledge base reader could not be loaded, so nothing was imported. The articles are kept; try again.';

/** The knowledge base script (run at the first search, import or sync), or `unavailable` thrown in words. */
export async function loadKbScript(unavailable: string): Promise<KbIndexModule> {
  try {
    return await kbIndexScript.load();
  } catch (error) {
    log.error('kb-index', 'Could not load the knowledge base index script', error);
    throw new Error(unavailable);
  }
}

/** The index builder, from the script (run at the first search). */
export async function loadKbIndexer(): Promise<KbIndexModule['createKbIndex']> {
  return (await loadKbScript(KB_INDEX_UNAVAILABLE)).createKbIndex;
}
