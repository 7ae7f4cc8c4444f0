/**
 * Where a link goes, in the terms a person checks it by. Only absolute http(s) and mailto URLs
 * are links at all. `url` is the exact address as the browser resolves it; `key` is its site:
 * the origin of a web link (`https://desk.example:8443`), `mailto:` and the domain of a mail link.
 * `host` is what is shown next to it (punycode for an internationalised name). `carriesData`: the
 * address holds more than where it goes — a query or a fragment, a mail link's subject, body or
 * further recipients — so text from the conversation could ride along in it.
 */
export interface LinkTarget {
  url: string;
  key: string;
  host: string;
  kind: 'web' | 'mail';
  carriesData: boolean;
}

export function linkTarget(href: string): LinkTarget | null {
  let url: URL;
  try {
    url = new URL(href.trim());
  } catch {
    return null;
  }
  if (url.protocol === 'http:' || url.protocol === 'https:') return { url: url.href, key: url.origin, host: url.host, kind: 'web', carriesData: url.search !== '' || url.hash !== '' };
  if (url.protocol !== 'mailto:') return null;
  // mailto:a@b.example,c@d.example?cc=…: the first address's domain (each is shown in full on the second step).
  const address = decodeURIComponent(url.pathname.split(',')[0] ?? '');
  const domain = address.includes('@') ? mailDomain(address.slice(address.lastIndexOf('@') + 1)) : null;
  return domain ? { url: url.href, key: `mailto:${domain}`, host: domain, kind: 'mail', carriesData: url.search !== '' || url.hash !== '' || url.pathname.includes(',') } : null;
}

/** A mail domain as the mail system resolves it (punycode), or null. */
function mailDomain(domain: string): string | null {
  try {
    return new URL(`http://${domain}`).hostname || null;
  } catch {
    return null;
  }
}

/**
 * Whether a link opens on one click, given the trusted keys the background lists: an exact
 * address the knowledge base links to, or a trusted site (the helpdesk's own) when the link
 * carries no data. Anything else takes the second step that shows the full address.
 */
export const opensInOneClick = (target: LinkTarget, trusted: ReadonlySet<string>): boolean =>
  trusted.has(target.url) || (!target.carriesData && trusted.has(target.key));

// Markdown's link syntax (CommonMark): an inline link's destination, bare or in <…>, with one
// level of balanced parentheses; a reference definition's; an autolink <scheme:…> or <a@b>.
const INLINE = /\]\(\s*(?:<([^<>\n]*)>|([^\s()<>]*(?:\([^\s()<>]*\)[^\s()<>]*)*))/g;
const REFERENCE = /^ {0,3}\[[^\]\n]+\]:[ \t]*\n?[ \t]*(?:<([^<>\n]*)>|(\S+))/gm;
const AUTOLINK = /<((?:https?|mailto):[^\s<>]*|[^\s<>@:]+@[^\s<>@]+)>/gi;

/**
 * The exact addresses a Markdown text links to — inline links, reference definitions and
 * autolinks — as the browser resolves them. A URL or an address only mentioned in the text is
 * not a link the team gives out, and is left out.
 */
export function markdownLinksIn(text: string): string[] {
  const found = new Set<string>();
  const add = (href: string | undefined) => {
    if (!href) return;
    const target = linkTarget(/^[^:/?#]+@/.test(href) ? `mailto:${href}` : href);
    if (target) found.add(target.url);
  };
  for (const m of text.matchAll(INLINE)) add(m[1] ?? m[2]);
  for (const m of text.matchAll(REFERENCE)) add(m[1] ?? m[2]);
  for (const m of text.matchAll(AUTOLINK)) add(m[1]);
  return [...found];
}
