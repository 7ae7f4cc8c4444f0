/**
 * Characters that change what a text says without showing themselves: bidi controls
 * (U+202A–202E, U+2066–2069) that reorder what follows, zero-width and other format characters
 * (Unicode category Cf), line and paragraph separators, control characters other than tab and
 * newline, the Hangul fillers and variation selectors that render as nothing. A person cannot
 * check what they cannot see, so wherever such a text is shown before a send, each of these is
 * shown as a marked code point instead (`⟦U+202E⟧`).
 */
const HIDDEN =
  /[\p{Cf}\p{Zl}\p{Zp}\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u034f\u115f\u1160\u17b4\u17b5\u3164\uffa0\ufe00-\ufe0f\u{e0100}-\u{e01ef}]/gu;

/** A hidden character as its code point, `U+202E`. */
export const codePointOf = (char: string): string => `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

export type Revealed = string | { hidden: string };

/** The text in runs: visible text as it is, each hidden character as `{ hidden: 'U+202E' }`. */
export function revealHidden(text: string): Revealed[] {
  const out: Revealed[] = [];
  let from = 0;
  for (const m of text.matchAll(HIDDEN)) {
    if (m.index > from) out.push(text.slice(from, m.index));
    out.push({ hidden: codePointOf(m[0]) });
    from = m.index + m[0].length;
  }
  if (from < text.length) out.push(text.slice(from));
  return out;
}

/** The distinct hidden characters of a text, as code points, in order of first appearance. */
export const hiddenCodes = (text: string): string[] => [...new Set([...text.matchAll(HIDDEN)].map((m) => codePointOf(m[0])))];

/** The text with each hidden character written out as `⟦U+202E⟧`, for places that show plain strings. */
export const revealedText = (text: string): string =>
  revealHidden(text).map((run) => (typeof run === 'string' ? run : `⟦${run.hidden}⟧`)).join('');
