import { markdownLinksIn } from '../../shared/link-target';
import type { createKbIndex, KbArticle, KbHit } from '../../tools/knowledge-base';
import { kbItem } from '../storage/items';
import { loadKbIndexer } from './kb-index';

/**
 * The knowledge base in the background's vault (a content script cannot plant articles): the
 * imported articles, and the synced copy of the team's knowledge base at a URL (`synced`, kept
 * by kb-sync.ts). Search covers both. The index is built on first use after each start of the
 * worker and rebuilt when either changes; its code (MiniSearch) is loaded at the first search.
 */
export function createKbStore(synced: () => Promise<KbArticle[]> = async () => [], indexer: () => Promise<typeof createKbIndex> = loadKbIndexer) {
  let index: ReturnType<typeof createKbIndex> | undefined;
  let links: string[] | undefined;
  /** Counts changes, so an index built from articles that changed meanwhile is not kept. */
  let version = 0;

  const local = () => kbItem.get();
  const all = async () => [...(await local()), ...(await synced())];
  const changed = () => {
    version++;
    index = undefined;
    links = undefined;
  };

  return {
    /** The imported articles. */
    list: local,
    /** Imported and synced. */
    all,
    async search(query: string, limit: number): Promise<KbHit[]> {
      if (index) return index.search(query, limit);
      const at = version;
      const [create, articles] = await Promise.all([indexer(), all()]);
      const built = create(articles);
      if (at === version) index = built;
      return built.search(query, limit);
    },
    /** The exact addresses the articles link to (Markdown links, not mentions): links the team itself gives out. */
    async linkAddresses(): Promise<string[]> {
      links ??= [...new Set((await all()).flatMap((a) => markdownLinksIn(a.body)))];
      return links;
    },
    /** Adds articles; an article from the same file and position replaces the old one. */
    async add(articles: KbArticle[]): Promise<number> {
      const size = await kbItem.update((old) => {
        const byId = new Map(old.map((a) => [a.id, a]));
        for (const a of articles) byId.set(a.id, a);
        return { value: [...byId.values()], result: byId.size };
      });
      changed();
      return size;
    },
    /** Removes the imported articles (the synced copy is the URL's, and comes back at its next sync). */
    async clear(): Promise<void> {
      await kbItem.remove();
      changed();
    },
    /** The synced copy changed. */
    changed,
  };
}

export type KbStore = ReturnType<typeof createKbStore>;
