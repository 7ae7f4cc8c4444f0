import { detectInCopy, type DetectedKind, type DetectOptions } from './detect';
import { matchingCopy } from './matching-copy';
import { createKnownValues } from './known-values';
import { createNameIndex } from './name-index';
import { nameForms } from './names';
import { addWithoutOverlap } from './spans';

/** Someone named in the ticket's own data: the requester and customers, or anyone else. */
export interface Person {
  name: string;
  role: 'CUSTOMER' | 'PERSON';
}

export interface Masker {
  /** Makes each person known: their whole name and its parts become placeholders. */
  addPeople(people: readonly Person[]): void;
  mask(text: string): string;
  unmask(text: string): string;
  /** Masks every string in a JSON-like value (object keys stay). */
  maskValue<T>(value: T): T;
  unmaskValue<T>(value: T): T;
  /** Placeholder → real value, for showing what was masked. */
  entries(): [string, string][];
}

export const PLACEHOLDER = /\[(?:CUSTOMER|PERSON|EMAIL|PHONE|IBAN|CARD|ADDRESS)_\d{1,4}(?:_FIRST|_LAST|_MIDDLE(?:_\d{1,2})?)?\]/g;

/** What makes two spellings of one value the same value: "DE89 3704…" and "de89.3704…" are one IBAN. */
function sameValueKey(kind: DetectedKind, copied: string): string {
  switch (kind) {
    case 'EMAIL':
      return copied.toLowerCase();
    case 'IBAN':
    case 'CARD':
      return copied.replace(/[^A-Za-z0-9]/g, '').toUpperCase();
    case 'PHONE':
      return copied.replace(/^\s*00/, '+').replace(/[^\d+]/g, '');
    case 'ADDRESS':
      return copied.toLowerCase().replace(/\s+/g, ' ');
  }
}

/** A span of the matching copy and what it becomes (numbered only once it is known to be kept). */
interface Replacement {
  start: number;
  end: number;
  with: () => string;
}

/**
 * Stable placeholders for personal data: the same value gets the same placeholder for as long
 * as the masker lives, numbered per kind in the order values are first seen. The model sees
 * `[CUSTOMER_1]`, `[EMAIL_2]`…; `unmask` puts the real values back into what it answers, as
 * they were first written. Values are found on the text's matching copy (matching-copy.ts), so
 * a lowercase or dotted IBAN, a name with decomposed accents or in capitals is found too.
 */
export function createMasker(options: DetectOptions): Masker {
  const byKey = new Map<string, string>();
  const toValue = new Map<string, string>();
  const counters = new Map<string, number>();
  const names = createNameIndex();
  const addresses = createKnownValues();

  const next = (kind: string): number => {
    const n = (counters.get(kind) ?? 0) + 1;
    counters.set(kind, n);
    return n;
  };

  function addPeople(people: readonly Person[]): void {
    for (const person of people) {
      const forms = nameForms(person.name);
      // A name without two letters would mask ordinary words; one known already keeps its placeholder.
      if (!forms || forms.full.some((f) => names.has(f))) continue;
      const tag = `${person.role}_${next(person.role)}`;
      toValue.set(`[${tag}]`, forms.display);
      for (const full of forms.full) names.add(full, `[${tag}]`);
      const parts: [string, string][] = [
        ...(forms.first ? [[forms.first, 'FIRST'] as [string, string]] : []),
        ...forms.last.map((last): [string, string] => [last, 'LAST']),
        ...forms.middle.map((middle, i): [string, string] => [middle, i ? `MIDDLE_${i + 1}` : 'MIDDLE']),
      ];
      for (const [part, suffix] of parts) {
        const placeholder = `[${tag}_${suffix}]`;
        if (names.add(part, placeholder) && !toValue.has(placeholder)) toValue.set(placeholder, part);
      }
    }
  }

  function placeholderFor(kind: DetectedKind, key: string, written: string): string {
    const known = byKey.get(`${kind}:${key}`);
    if (known) return known;
    const placeholder = `[${kind}_${next(kind)}]`;
    byKey.set(`${kind}:${key}`, placeholder);
    toValue.set(placeholder, written);
    return placeholder;
  }

  function mask(text: string): string {
    const copy = matchingCopy(text);
    const written = (start: number, end: number) => text.slice(copy.start(start), copy.end(end));
    // Text that already looks like a placeholder must not come back as a real value.
    const lookalikes = [...copy.text.matchAll(PLACEHOLDER)].map((m) => ({ start: m.index, end: m.index + m[0].length, with: () => `(${m[0].slice(1, -1)})` }));
    const found = detectInCopy(copy, options).map((f) => {
      const key = sameValueKey(f.kind, copy.text.slice(f.start, f.end));
      if (f.kind === 'ADDRESS') addresses.add(copy.text.slice(f.start, f.end), key);
      return { start: f.start, end: f.end, with: () => placeholderFor(f.kind, key, written(f.start, f.end)) };
    });
    const again = addresses.find(copy.text).map((a) => ({ start: a.start, end: a.end, with: () => placeholderFor('ADDRESS', a.key, written(a.start, a.end)) }));
    const named = names.find(copy.text).map((n) => ({ start: n.start, end: n.end, with: () => n.placeholder }));
    let out = '';
    let at = 0;
    for (const r of [found, again, named].reduce<Replacement[]>((kept, more) => addWithoutOverlap(kept, more), lookalikes)) {
      out += text.slice(at, copy.start(r.start)) + r.with();
      at = copy.end(r.end);
    }
    return out + text.slice(at);
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
