import MiniSearch from 'minisearch';

/** A saved reply or an article of the team's knowledge base. */
export interface KbArticle {
  id: string;
  title: string;
  body: string;
  tags: string[];
  /** The file it was imported from. */
  source: string;
}

/** A search's hit. Hits come best first: that order is all the model needs of their scores. */
export interface KbHit {
  id: string;
  title: string;
  body: string;
}

/** Longest body returned per hit: enough to answer from, cheap in tokens (it is resent at every step). */
export const HIT_BODY_CHARS = 700;

/**
 * Full-text search over the knowledge base with MiniSearch: prefix and fuzzy matching,
 * titles and tags weighted above bodies. The index is built in memory from the articles;
 * a few thousand articles index in milliseconds, so nothing of it is stored.
 */
export function createKbIndex(articles: readonly KbArticle[]) {
  const index = new MiniSearch<KbArticle>({
    fields: ['title', 'body', 'tags'],
    storeFields: ['title', 'body'],
    extractField: (doc, field) => (field === 'tags' ? doc.tags.join(' ') : String(doc[field as keyof KbArticle] ?? '')),
    searchOptions: { boost: { title: 3, tags: 2 }, prefix: true, fuzzy: 0.2, combineWith: 'OR' },
  });
  index.addAll(articles);

  return {
    size: articles.length,
    search(query: string, limit = 2): KbHit[] {
      return index.search(query).slice(0, limit).map((r) => ({
        id: String(r.id),
        title: String(r.title),
        body: clip(String(r.body), HIT_BODY_CHARS),
      }));
    },
  };
}

const clip = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);
