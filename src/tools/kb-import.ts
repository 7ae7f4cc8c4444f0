import type { KbArticle } from './knowledge-base';

/** What an import found, and what it could not use. */
export interface KbImport {
  articles: KbArticle[];
  problems: string[];
}

const MAX_BODY = 50_000;

/**
 * Reads knowledge-base files. JSON: an array of `{ title, body, tags? }` (or `{ articles:
 * [...] }`); `content` or `text` stand for `body`. Markdown: each `#` or `##` heading starts
 * an article; a file without headings is one article named after the file.
 */
export function parseKbFile(fileName: string, text: string): KbImport {
  return /\.json$/i.test(fileName) ? parseJson(fileName, text) : parseMarkdown(fileName, text);
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
  list.forEach((item: Record<string, unknown>, i) => {
    const title = typeof item?.title === 'string' ? item.title.trim() : '';
    const body = [item?.body, item?.content, item?.text].find((v): v is string => typeof v === 'string')?.trim() ?? '';
    if (!title || !body) return void problems.push(`${source}: article ${i + 1} has no title or no body`);
    const tags = Array.isArray(item.tags) ? item.tags.filter((t): t is string => typeof t === 'string') : [];
    articles.push(article(source, i, title, body, tags));
  });
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
