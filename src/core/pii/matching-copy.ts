/**
 * A text as the detectors compare it, with a way back to the text as written. Personal data is
 * found on this copy and replaced in the original, so what the model writes back is unmasked to
 * the spelling the customer used, while spellings that mean the same match alike:
 * - compatibility forms are folded (NFKC, which includes NFC): a name with decomposed accents, a
 *   no-break or thin space, full-width digits;
 * - invisible format characters are dropped (zero-width spaces and joiners, soft hyphens, bidi
 *   marks), so one inside an IBAN or a name does not split it.
 * Case is left alone: each detector decides how case-insensitive it may be.
 */
export interface MatchingCopy {
  /** The folded text the detectors run on. */
  text: string;
  /** The offset in the original where the character at `i` of the copy starts. */
  start(i: number): number;
  /** The offset in the original just after the character that ends at `i` of the copy. */
  end(i: number): number;
}

/**
 * A stretch of the copy and where it came from: kept as it is (each character maps to one), or
 * folded from one cluster of the original (each character maps to the whole cluster).
 */
interface Segment {
  copy: number;
  from: number;
  to: number;
  kept: boolean;
}

const FORMAT = /\p{Cf}/u;
// Lines, then words (each with the break or space after it) are checked whole first: most are
// already in their folded form. NFKC composes nothing across an ASCII space or line break.
const LINE = /[^\n]*\n?/gu;
const WORD = /[^ \n]*[ \n]?/gu;
const PIECES = [LINE, WORD];
// A base character with the marks that combine with it: NFKC never composes across two of these
// (conjoining Hangul jamo aside, which the first alternative keeps whole).
const CLUSTER = /[\u1100-\u115f][\u1160-\u11ff]*\p{M}*|[^]\p{M}*/gu;

export function matchingCopy(original: string): MatchingCopy {
  const segments: Segment[] = [];
  const parts: string[] = [];
  let length = 0;
  const push = (text: string, from: number, to: number, kept: boolean) => {
    if (!text) return;
    segments.push({ copy: length, from, to, kept });
    parts.push(text);
    length += text.length;
  };
  const fold = (piece: string, at: number, level: number): void => {
    if (isFolded(piece)) return push(piece, at, at + piece.length, true);
    const inner = PIECES[level];
    for (const m of piece.matchAll(inner ?? CLUSTER)) {
      if (!m[0]) break;
      if (inner) {
        fold(m[0], at + m.index, level + 1);
        continue;
      }
      const folded = m[0].normalize('NFKC').replace(/\p{Cf}/gu, '');
      push(folded, at + m.index, at + m.index + m[0].length, folded === m[0]);
    }
  };
  fold(original, 0, 0);
  if (segments.length === 1 && segments[0]!.kept) return { text: original, start: (i) => i, end: (i) => i };
  const text = parts.join('');
  /** The segment holding character `i` of the copy. */
  const segmentAt = (i: number): Segment => {
    let lo = 0;
    let hi = segments.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (segments[mid]!.copy <= i) lo = mid;
      else hi = mid - 1;
    }
    return segments[lo]!;
  };
  return {
    text,
    start(i) {
      if (i >= text.length) return original.length;
      const s = segmentAt(i);
      return s.kept ? s.from + (i - s.copy) : s.from;
    },
    end(i) {
      if (i <= 0) return 0;
      const s = segmentAt(i - 1);
      return s.kept ? s.from + (i - s.copy) : s.to;
    },
  };
}

function isFolded(text: string): boolean {
  // Printable ASCII, tabs and line breaks never change; anything else is checked.
  return /^[\t\n\r\x20-\x7e]*$/.test(text) || (!FORMAT.test(text) && text.normalize('NFKC') === text);
}
