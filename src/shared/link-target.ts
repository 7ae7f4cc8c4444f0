/**
 * Where a link goes, in the terms a person checks it by. Only absolute http(s) and mailto URLs
 * are links at all; `key` is what trust is decided on: the origin of a web link
 * (`https://desk.example:8443`), `mailto:` and the domain of a mail link. `host` is what is shown
 * next to it, as the browser resolves it (punycode for an internationalised name).
 */
export interface LinkTarget {
  url: string;
  key: string;
  host: string;
  kind: 'web' | 'mail';
}

export function linkTarget(href: string): LinkTarget | null {
  let url: URL;
  try {
    url = new URL(href.trim());
  } catch {
    return null;
  }
  if (url.protocol === 'http:' || url.protocol === 'https:') return { url: url.href, key: url.origin, host: url.host, kind: 'web' };
  if (url.protocol !== 'mailto:') return null;
  // mailto:a@b.example,c@d.example?cc=…: the first address's domain (each is shown in full on the second step).
  const address = decodeURIComponent(url.pathname.split(',')[0] ?? '');
  const domain = address.includes('@') ? mailDomain(address.slice(address.lastIndexOf('@') + 1)) : null;
  return domain ? { url: url.href, key: `mailto:${domain}`, host: domain, kind: 'mail' } : null;
}

/** A mail domain as the mail system resolves it (punycode), or null. */
function mailDomain(domain: string): string | null {
  try {
    return new URL(`http://${domain}`).hostname || null;
  } catch {
    return null;
  }
}

const URL_IN_TEXT = /\bhttps?:\/\/[^\s<>"'`)\]]+/giu;
const MAIL_IN_TEXT = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/gu;

/** The link keys a text mentions: origins of its URLs and `mailto:` domains of its addresses. */
export function linkKeysIn(text: string): string[] {
  const keys = new Set<string>();
  for (const [m] of text.matchAll(URL_IN_TEXT)) {
    const target = linkTarget(m.replace(/[.,;:!?]+$/, ''));
    if (target) keys.add(target.key);
  }
  for (const [m] of text.matchAll(MAIL_IN_TEXT)) {
    const target = linkTarget(`mailto:${m}`);
    if (target) keys.add(target.key);
  }
  return [...keys];
}
