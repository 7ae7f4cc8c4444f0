/**
 * Addresses and hosts that may pass for others: `pаypal.com` with a Cyrillic `а`, a punycode
 * label (`xn--pypal-4ve.com`, what the browser makes of it), letters of several scripts in one
 * name. Not a verdict: a reason for a person to look twice, with the ASCII form to compare.
 */
export type LookalikeReason = 'mixed_script' | 'non_ascii' | 'punycode';

export interface Lookalike {
  /** The address or host as written. */
  value: string;
  /** The domain as the browser resolves it (punycode), when it differs from the written one. */
  ascii?: string;
  reasons: LookalikeReason[];
}

const SCRIPTS = ['Latin', 'Cyrillic', 'Greek', 'Armenian', 'Hebrew', 'Arabic', 'Georgian', 'Cherokee', 'Han', 'Hiragana', 'Katakana', 'Hangul', 'Thai'] as const;
const SCRIPT_RE = SCRIPTS.map((s) => [s, new RegExp(`\\p{Script=${s}}`, 'u')] as const);

/** The scripts of a text's letters (Common and Inherited characters such as digits and dots count for none). */
export function scriptsOf(text: string): string[] {
  const found = new Set<string>();
  for (const ch of text) {
    if (!/\p{L}/u.test(ch)) continue;
    found.add(SCRIPT_RE.find(([, re]) => re.test(ch))?.[0] ?? 'Other');
  }
  return [...found];
}

/** The domain as a browser resolves it (IDNA to punycode), or null when it is no valid host. */
export function asciiHost(host: string): string | null {
  try {
    return new URL(`http://${host}`).hostname;
  } catch {
    return null;
  }
}

/** Why a host (`pаypal.com`, `xn--80ak6aa92e.com`) may pass for another; null when nothing stands out. */
export function hostLookalike(host: string): Lookalike | null {
  const reasons = new Set<LookalikeReason>();
  if (/[^\x00-\x7f]/.test(host)) reasons.add('non_ascii');
  if (scriptsOf(host).length > 1) reasons.add('mixed_script');
  const ascii = asciiHost(host) ?? undefined;
  if (ascii && /(^|\.)xn--/i.test(ascii)) reasons.add('punycode');
  if (!reasons.size) return null;
  return { value: host, ...(ascii && ascii !== host.toLowerCase() ? { ascii } : {}), reasons: [...reasons] };
}

/** Anything shaped like an address, in any script: `name@domain`. */
const ADDRESS = /[^\s<>@"'(),;:]+@[^\s<>@"'(),;:]+/gu;

/** The email addresses in a text (a To line such as `Ada <ada@exаmple.com>`) that may pass for others. */
export function addressLookalikes(text: string): Lookalike[] {
  const out: Lookalike[] = [];
  for (const [address] of text.matchAll(ADDRESS)) {
    const at = address.lastIndexOf('@');
    const local = address.slice(0, at);
    const domain = address.slice(at + 1).replace(/[.>\]]+$/, '');
    const hostIssue = hostLookalike(domain);
    const reasons = new Set<LookalikeReason>(hostIssue?.reasons ?? []);
    if (scriptsOf(local).length > 1) reasons.add('mixed_script');
    if (/[^\x00-\x7f]/.test(local)) reasons.add('non_ascii');
    if (reasons.size) out.push({ value: `${local}@${domain}`, ...(hostIssue?.ascii ? { ascii: `${local}@${hostIssue.ascii}` } : {}), reasons: [...reasons] });
  }
  return out;
}
