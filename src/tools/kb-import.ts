import type { KbArticle } from './knowledge-base';

/** What an import found, and what it could not use. */
export interface KbImport {
  articles: KbArticle[];
  problems: string[];
}

const MAX_BODY = 50_000;
/**
 * The longest file an import takes, in characters (the `kb.import` message's schema says the
 * same): a knowledge base at a URL is held to it too.
 */
export const MAX_KB_FILE_CHARS = 5_000_000;
/**
 * Articles one file may add. A team's knowledge base is hundreds to a few thousand articles; a
 * file of tens of thousands of headings is a mistake or an attack on the background's memory
 * (each article is stored and indexed), so the rest of it is left out, and the import says so.
 */
export const MAX_ARTICLES_PER_FILE = 5_000;
/** Problems listed one by one; the rest are counted. */
const MAX_PROBLEMS = 20;

/**
 * Reads knowledge-base files. JSON: an array of `{ title, body, tags? }` (or `{ articles:
 * [...] }`); `content` or `text` stand for `body`. Markdown: each `#` or `##` heading starts
 * an article; a file without headings is one article named after the file.
 */
export function parseKbFile(fileName: string, text: string): KbImport {
  return parseKbText(fileName, text, /\.json$/i.test(fileName) ? 'json' : 'markdown');
}

/** The same, with the format known from elsewhere (a URL's content type). */
export function parseKbText(fileName: string, text: string, format: 'json' | 'markdown'): KbImport {
  if (isWebPage(text)) return { articles: [], problems: [`${fileName}: this is a web page (HTML), not JSON or Markdown; nothing was imported`] };
  const parsed = format === 'json' ? parseJson(fileName, text) : parseMarkdown(fileName, text);
  if (parsed.articles.length <= MAX_ARTICLES_PER_FILE) return parsed;
  const left = parsed.articles.length - MAX_ARTICLES_PER_FILE;
  return {
    articles: parsed.articles.slice(0, MAX_ARTICLES_PER_FILE),
    problems: [...parsed.problems, `${fileName}: only the first ${MAX_ARTICLES_PER_FILE} articles were imported; ${left} more were left out`],
  };
}

/** Tags that only a document or its head has: on a line of their own, they are no article's text. */
const DOCUMENT_TAG = /^ {0,3}<(?:!doctype\s+html|html|head|body|meta|title|base|frameset)[\s>/]/i;
/** What a page starts with: those, and a script or frame (a redirect stub), as the first thing in the body. */
const PAGE_START = /^\s*<(?:!doctype\s+html|\?xml|html|head|body|meta|title|base|frameset|script|noscript|iframe|style)[\s>/]/i;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/**
 * Whether a body is a web page rather than a knowledge base, whatever its content type said: it
 * starts with a page's own tag (`<!doctype html>`, `<html>`, `<script>` …), or a line outside
 * fenced code does (`<html>`, `<head>`, `<body>`, `<meta>` …). A sign-in page or a proxy's error
 * page served as text/plain is refused so; HTML an article shows inside a code fence, and inline
 * tags Markdown allows (`<p align="center">`, `<img>`), are an article's text.
 */
export function isWebPage(text: string): boolean {
  const body = text.replace(/^\uFEFF/, '');
  if (PAGE_START.test(body.slice(0, 1000))) return true;
  let fence: string | null = null;
  for (const line of body.split(/\r\n?|\n/)) {
    const marker = FENCE.exec(line)?.[1];
    if (fence) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length) fence = null;
    } else if (marker) fence = marker;
    else if (DOCUMENT_TAG.test(line)) return true;
  }
  return false;
}

function parseJson(source: string, text: string): KbImport {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    return { articles: [], problems: [`${source}: not valid JSON (${(e as Error).message})`] };
  }
  const list = Array.isArray(data) ? data : (data as { articles?: unknown })?.articles;
  if (!Array.isArray(list)) return { articles: [], problems: [`${source}: expected an array of articles`] };
  const articles: KbArticle[] = [];
  const problems: string[] = [];
  let skipped = 0;
  list.forEach((item: Record<string, unknown>, i) => {
    const title = typeof item?.title === 'string' ? item.title.trim() : '';
    const body = [item?.body, item?.content, item?.text].find((v): v is string => typeof v === 'string')?.trim() ?? '';
    if (!title || !body) return void (skipped++ < MAX_PROBLEMS && problems.push(`${source}: article ${i + 1} has no title or no body`));
    const tags = Array.isArray(item.tags) ? item.tags.filter((t): t is string => typeof t === 'string') : [];
    articles.push(article(source, i, title, body, tags));
  });
  if (skipped > MAX_PROBLEMS) problems.push(`${source}: ${skipped - MAX_PROBLEMS} more articles have no title or no body`);
  return { articles, problems };
}

function parseMarkdown(source: string, text: string): KbImport {
  const sections: { title: string; lines: string[] }[] = [];
  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    const heading = /^(#{1,2})\s+(.+?)\s*#*\s*$/.exec(line);
    if (heading) sections.push({ title: heading[2]!, lines: [] });
    else if (sections.length) sections.at(-1)!.lines.push(line);
    else if (line.trim()) sections.push({ title: source.replace(/\.[^.]+$/, ''), lines: [line] });
  }
  const articles = sections
    .map((s, i) => article(source, i, s.title, s.lines.join('\n').trim(), []))
    .filter((a) => a.body);
  return { articles, problems: articles.length ? [] : [`${source}: no article with a body found`] };
}

const article = (source: string, i: number, title: string, body: string, tags: string[]): KbArticle => ({
  id: `${source}#${i + 1}`,
  title: title.slice(0, 300),
  body: body.slice(0, MAX_BODY),
  tags,
  source,
});
