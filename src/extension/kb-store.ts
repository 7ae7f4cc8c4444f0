import { browser } from 'wxt/browser';
import { createKbIndex, type KbArticle, type KbHit } from '../tools/knowledge-base';

const KEY = 'kb';

/**
 * The knowledge base in storage.local. The search index is built on first use after each
 * start of the worker and rebuilt when the articles change.
 */
export function createKbStore() {
  let index: ReturnType<typeof createKbIndex> | undefined;

  const read = async (): Promise<KbArticle[]> => ((await browser.storage.local.get(KEY))[KEY] as KbArticle[]) ?? [];

  return {
    list: read,
    async search(query: string, limit: number): Promise<KbHit[]> {
      index ??= createKbIndex(await read());
      return index.search(query, limit);
    },
    /** Adds articles; an article from the same file and position replaces the old one. */
    async add(articles: KbArticle[]): Promise<number> {
      const byId = new Map((await read()).map((a) => [a.id, a]));
      for (const a of articles) byId.set(a.id, a);
      await browser.storage.local.set({ [KEY]: [...byId.values()] });
      index = undefined;
      return byId.size;
    },
    async clear(): Promise<void> {
      await browser.storage.local.remove(KEY);
      index = undefined;
    },
  };
}

export type KbStore = ReturnType<typeof createKbStore>;
