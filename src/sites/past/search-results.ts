import type { RecipeSearch } from '../../shared/recipe-format';

/**
 * How a helpdesk's search page lists its matches: a recipe's `search` section without its ticket
 * page, the same shape whether a code adapter or a recipe says it.
 */
export type SearchSpec = Omit<RecipeSearch, 'ticket'>;

export interface PastTicketMatch {
  /** The ticket's key on this site: what ticket.read({ key }) takes. */
  key: string;
  number: string;
  subject: string;
  status: string | null;
  requester: string | null;
  updated: string | null;
}

export interface SearchOutcome {
  results: PastTicketMatch[];
  /** The page listed more matches than were kept. */
  more: boolean;
  /** Links left out: to another site, or to no ticket of this one. */
  skipped: number;
}

/** The search page's address for a query, next to the page at `base` (a helpdesk may live in a subfolder). */
export const searchUrl = (spec: SearchSpec, query: string, base: string): string => new URL(spec.url.replace('{query}', encodeURIComponent(query)), base).href;

/** A field's own words: the element's own text, without its badges and counters; else all its text. */
function ownText(el: Element | null | undefined): string {
  if (!el) return '';
  const own = [...el.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent ?? '').join(' ').replace(/\s+/g, ' ').trim();
  return own || (el.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/**
 * The matches of a parsed search page, at most `limit`. A link to another origin, or to a page
 * that is no ticket of this site (`keyOf` gives null), is skipped: what the model may read next
 * is only ever a ticket of this helpdesk. The ticket open in the tab (`own`) is left out: the
 * model has it already, and each match costs tokens on every later request of the turn.
 */
export function readSearchResults(doc: Document, base: URL, spec: SearchSpec, keyOf: (url: URL) => string | null, limit: number, own: string | null = null): SearchOutcome {
  const results: PastTicketMatch[] = [];
  const seen = new Set<string>();
  let skipped = 0;
  let more = false;
  for (const el of doc.querySelectorAll(spec.results)) {
    const href = el.querySelector(spec.link)?.getAttribute('href');
    const url = href ? safeUrl(href, base) : null;
    const key = url && url.origin === base.origin ? keyOf(url) : null;
    if (!key) {
      skipped++;
      continue;
    }
    if (seen.has(key) || key === own) continue;
    if (results.length >= limit) {
      more = true;
      break;
    }
    seen.add(key);
    const field = (selector: string | undefined) => (selector ? ownText(el.querySelector(selector)).slice(0, 200) || null : null);
    results.push({
      key,
      number: field(spec.number) ?? `#${key}`,
      subject: field(spec.subject) ?? ownText(el.querySelector(spec.link)).slice(0, 200),
      status: field(spec.status),
      requester: field(spec.requester),
      updated: (spec.updated ? el.querySelector(spec.updated)?.getAttribute('datetime') : null) ?? field(spec.updated),
    });
  }
  return { results, more, skipped };
}

function safeUrl(href: string, base: URL): URL | null {
  try {
    return new URL(href, base);
  } catch {
    return null;
  }
}
