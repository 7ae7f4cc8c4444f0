import { detectPersonalData, type DetectOptions } from './detect';

/** Someone named in the ticket's own data: the requester and customers, or anyone else. */
export interface Person {
  name: string;
  role: 'CUSTOMER' | 'PERSON';
}

export interface Masker {
  /** Makes each person known: their full, first and last name become placeholders. */
  addPeople(people: readonly Person[]): void;
  mask(text: string): string;
  unmask(text: string): string;
  /** Masks every string in a JSON-like value (object keys stay). */
  maskValue<T>(value: T): T;
  unmaskValue<T>(value: T): T;
  /** Placeholder → real value, for showing what was masked. */
  entries(): [string, string][];
}

export const PLACEHOLDER = /\[(?:CUSTOMER|PERSON|EMAIL|PHONE|IBAN|CARD|ADDRESS)_\d{1,4}(?:_FIRST|_LAST)?\]/g;

const escapeRe = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const cleanName = (s: string): string => s.replace(/\s+/g, ' ').trim();

/**
 * Stable placeholders for personal data: the same value gets the same placeholder for as long
 * as the masker lives, numbered per kind in the order values are first seen. The model sees
 * `[CUSTOMER_1]`, `[EMAIL_2]`…; `unmask` puts the real values back into what it answers.
 */
export function createMasker(options: DetectOptions): Masker {
  const toPlaceholder = new Map<string, string>();
  const toValue = new Map<string, string>();
  const counters = new Map<string, number>();
  let names: RegExp | null = null;

  const assign = (value: string, placeholder: string): void => {
    if (toPlaceholder.has(value) || toValue.has(placeholder)) return;
    toPlaceholder.set(value, placeholder);
    toValue.set(placeholder, value);
  };
  const next = (kind: string): number => {
    const n = (counters.get(kind) ?? 0) + 1;
    counters.set(kind, n);
    return n;
  };
  const placeholderFor = (kind: string, value: string): string => {
    const known = toPlaceholder.get(value);
    if (known) return known;
    const placeholder = `[${kind}_${next(kind)}]`;
    assign(value, placeholder);
    return placeholder;
  };

  const nameKeys: string[] = [];
  function addPeople(people: readonly Person[]): void {
    for (const person of people) {
      const full = cleanName(person.name);
      // A name of one letter, or one without letters, would mask ordinary words.
      if (!/\p{L}.*\p{L}/u.test(full) || toPlaceholder.has(full)) continue;
      const tag = `${person.role}_${next(person.role)}`;
      assign(full, `[${tag}]`);
      nameKeys.push(full);
      const parts = full.split(' ').filter((p) => /^\p{L}[\p{L}'’.-]+$/u.test(p));
      // One name among words that are not names ("Cher (VIP)") is masked on its own as well.
      const single = parts.length === 1 && parts[0] !== full ? [[parts[0]!, 'FIRST'] as const] : [];
      const named = parts.length > 1 ? ([[parts[0]!, 'FIRST'], [parts.at(-1)!, 'LAST']] as const) : single;
      for (const [part, suffix] of named) {
        if (toPlaceholder.has(part)) continue;
        assign(part, `[${tag}_${suffix}]`);
        nameKeys.push(part);
      }
    }
    const sorted = [...nameKeys].sort((a, b) => b.length - a.length).map(escapeRe);
    names = sorted.length ? new RegExp(`(?<![\\p{L}\\p{N}])(?:${sorted.join('|')})(?![\\p{L}\\p{N}])`, 'gu') : null;
  }

  function mask(text: string): string {
    // Text that already looks like a placeholder must not come back as a real value.
    const plain = text.replace(PLACEHOLDER, (p) => `(${p.slice(1, -1)})`);
    const named = names ? plain.replace(names, (m) => toPlaceholder.get(m) ?? m) : plain;
    let out = '';
    let at = 0;
    for (const f of detectPersonalData(named, options)) {
      out += named.slice(at, f.start) + placeholderFor(f.kind, named.slice(f.start, f.end));
      at = f.end;
    }
    return out + named.slice(at);
  }

  const unmask = (text: string): string => text.replace(PLACEHOLDER, (p) => toValue.get(p) ?? p);

  return {
    addPeople,
    mask,
    unmask,
    maskValue: (value) => mapStrings(value, mask),
    unmaskValue: (value) => mapStrings(value, unmask),
    entries: () => [...toValue.entries()],
  };
}

function mapStrings<T>(value: T, fn: (s: string) => string): T {
  if (typeof value === 'string') return fn(value) as T;
  if (Array.isArray(value)) return value.map((v: unknown) => mapStrings(v, fn)) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapStrings(v, fn)])) as T;
  }
  return value;
}
