import { Readability } from '@mozilla/readability';
import { htmlToText } from '../dom/text-compare';

/**
 * Readability, for the generic adapter's page.read: a content part (entrypoints/page-readable.ts)
 * loaded the first time a page is read, not parsed on every page load.
 */

/** Past this many elements Readability gives up, and the page's visible text is used instead. */
const MAX_ELEMENTS = 30_000;

export interface PageText {
  title: string;
  byline: string | null;
  text: string;
}

/** The article Readability finds on a copy of the page (it changes what it parses), or null. */
export function article(doc: Document): PageText | null {
  try {
    const found = new Readability(doc.cloneNode(true) as Document, { maxElemsToParse: MAX_ELEMENTS }).parse();
    const text = found?.content ? htmlToText(found.content, doc) : '';
    return text ? { title: found?.title?.trim() || doc.title.trim(), byline: found?.byline?.trim() || null, text } : null;
  } catch {
    return null;
  }
}

export interface ReadableModule {
  article: typeof article;
}

export const readableModule: ReadableModule = { article };
