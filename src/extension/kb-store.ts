import { linkKeysIn } from '../shared/link-target';
import { createKbIndex, type KbArticle, type KbHit } from '../tools/knowledge-base';
import { kbItem } from './items';

/**
 * The knowledge base in the background's vault (a content script cannot plant articles). The search index is built on first use after each
 * start of the worker and rebuilt when the articles change.
 */
export function createKbStore() {
  let index: ReturnType<typeof createKbIndex> | undefined;
  let links: string[] | undefined;

  const read = () => kbItem.get();

  return {
    list: read,
    async search(query: string, limit: number): Promise<KbHit[]> {
      index ??= createKbIndex(await read());
      return index.search(query, limit);
    },
    /** The sites and mail domains the articles link to: a link there is one the team itself gives out. */
    async linkKeys(): Promise<string[]> {
      links ??= [...new Set((await read()).flatMap((a) => linkKeysIn(`${a.title}\n${a.body}`)))];
      return links;
    },
    /** Adds articles; an article from the same file and position replaces the old one. */
    async add(articles: KbArticle[]): Promise<number> {
      const size = await kbItem.update((old) => {
        const byId = new Map(old.map((a) => [a.id, a]));
        for (const a of articles) byId.set(a.id, a);
        return { value: [...byId.values()], result: byId.size };
      });
      index = undefined;
      links = undefined;
      return size;
    },
    async clear(): Promise<void> {
      await kbItem.remove();
      index = undefined;
      links = undefined;
    },
  };
}

export type KbStore = ReturnType<typeof createKbStore>;
