import { spellings } from './names';

/** A name found in a matching copy, with the placeholder it becomes. */
export interface NameSpan {
  start: number;
  end: number;
  placeholder: string;
}

export interface NameIndex {
  /** False when the form is known already (then it keeps its first placeholder). */
  add(form: string, placeholder: string): boolean;
  has(form: string): boolean;
  find(text: string): NameSpan[];
}

const fold = (s: string): string => s.toLowerCase().replace(/\s*,\s*/g, ', ').replace(/\s+/g, ' ');
const escapeRe = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const asPattern = (form: string): string => escapeRe(form).replace(/, /g, ',\\s*').replace(/ /g, '\\s+');

// A first or last name alone in lower case is often an ordinary word ("will", "rose", "weiß" is
// "knows"): it counts only where names stand, after a greeting or alone on a signature line.
const GREETING = /(?:^|[\s,;:.!?¡¿(])(?:hi|hello|hey|dear|hallo|hej|moin|servus|liebe|lieber|hola|ciao|salut|bonjour|buongiorno|thanks|thank you|danke|gracias|grazie|merci|cheers|regards|grüße|gruß|lg|vg|mfg|saludos|saluti|cordialement|best)[\s,]*$/iu;

/**
 * The names of the people a ticket lists, in every spelling `spellings` gives, found in a text
 * regardless of case for whole names ("MARIA SCHMIDT", "maria schmidt") and, for a first or last
 * name alone, as written, capitalised or in capitals.
 */
export function createNameIndex(): NameIndex {
  const placeholders = new Map<string, { placeholder: string; whole: boolean; listed: Set<string> }>();
  let pattern: RegExp | null = null;

  function add(form: string, placeholder: string): boolean {
    if (placeholders.has(fold(form))) return false;
    const whole = /\s/.test(form);
    for (const spelling of spellings(form)) {
      const key = fold(spelling);
      if (!placeholders.has(key)) placeholders.set(key, { placeholder, whole, listed: new Set([spelling]) });
    }
    pattern = null;
    return true;
  }

  function accepted(text: string, start: number, end: number, entry: { whole: boolean; listed: Set<string> }): boolean {
    const written = text.slice(start, end);
    if (entry.whole || entry.listed.has(written) || written !== written.toLowerCase()) return true;
    const lineStart = text.lastIndexOf('\n', start - 1) + 1;
    const lineEnd = text.indexOf('\n', end);
    const before = text.slice(lineStart, start);
    const after = text.slice(end, lineEnd < 0 ? text.length : lineEnd);
    return GREETING.test(before) || (!before.trim() && /^[\s.,!-]*$/.test(after));
  }

  function find(text: string): NameSpan[] {
    if (!placeholders.size) return [];
    pattern ??= new RegExp(
      `(?<![\\p{L}\\p{M}\\p{N}])(?:${[...placeholders.keys()].sort((a, b) => b.length - a.length).map(asPattern).join('|')})(?![\\p{L}\\p{M}\\p{N}])`,
      'giu',
    );
    const out: NameSpan[] = [];
    for (const m of text.matchAll(pattern)) {
      const entry = placeholders.get(fold(m[0]));
      if (entry && accepted(text, m.index, m.index + m[0].length, entry)) out.push({ start: m.index, end: m.index + m[0].length, placeholder: entry.placeholder });
    }
    return out;
  }

  return { add, has: (form) => placeholders.has(fold(form)), find };
}
