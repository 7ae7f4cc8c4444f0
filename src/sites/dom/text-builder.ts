/**
 * The text a walk over the DOM builds (src/sites/dom/dom-text.ts): collapsed spaces, line and
 * paragraph breaks, and a limit past which nothing more goes in and a marker ends it.
 */

/** Ends a text cut at its limit, so the model and the agent know there was more. */
export const CUT_MARKER = '[…cut by Deskmate: the message goes on, too long to read whole]';

/**
 * The text so far, as a list of pieces. Every operation looks only at the end of the last
 * pieces: a string grown by `+=` and then searched from its end (`endsWith`, a regex anchored
 * with `$`) is flattened and scanned whole each time, which made a 1 MB thread quadratic.
 */
export function createBuilder(limit: number) {
  const parts: string[] = [];
  let length = 0;
  /** Set once `limit` characters are in: nothing more is added and the walk stops. */
  let full = false;
  const last = () => parts[parts.length - 1] ?? '';
  const push = (s: string) => {
    if (s === '' || full) return;
    if (length + s.length > limit) {
      full = true;
      let end = limit - length;
      // Never half a surrogate pair.
      if (end > 0 && /[\uD800-\uDBFF]/.test(s.charAt(end - 1))) end--;
      s = s.slice(0, Math.max(0, end));
    }
    parts.push(s);
    length += s.length;
  };
  const atLineStart = () => length === 0 || last().endsWith('\n');
  const trimTrailingSpaces = () => {
    while (parts.length) {
      const p = last();
      let end = p.length;
      while (end > 0 && p[end - 1] === ' ') end--;
      if (end === p.length) return;
      length -= p.length - end;
      if (end > 0) {
        parts[parts.length - 1] = p.slice(0, end);
        return;
      }
      parts.pop();
    }
  };
  /** How many newlines end the text, counting no further than `max`. */
  const trailingNewlines = (max: number) => {
    let n = 0;
    for (let i = parts.length - 1; i >= 0 && n < max; i--) {
      const p = parts[i]!;
      let j = p.length - 1;
      while (j >= 0 && p[j] === '\n' && n < max) {
        n++;
        j--;
      }
      if (j >= 0) break;
    }
    return n;
  };
  return {
    /** Collapsed text: no space at a line start, no double space. */
    text(s: string) {
      if (atLineStart() || last().endsWith(' ')) s = s.replace(/^ +/, '');
      push(s);
    },
    raw: push,
    /** Ends the current line and makes sure `n` newlines separate it from what follows. */
    breakLines(n: 1 | 2) {
      trimTrailingSpaces();
      if (length === 0) return;
      const have = trailingNewlines(n);
      if (have < n) push('\n'.repeat(n - have));
    },
    full: () => full,
    mark: () => length,
    /** The text added since `mark` (what is left of it). */
    since(mark: number) {
      let need = length - mark;
      const pieces: string[] = [];
      for (let i = parts.length - 1; i >= 0 && need > 0; i--) {
        const p = parts[i]!;
        pieces.push(p.length <= need ? p : p.slice(p.length - need));
        need -= p.length;
      }
      return pieces.reverse().join('');
    },
    done: () => {
      const text = parts
        .join('')
        .replace(/[ \t]+$/gm, '')
        .replace(/\u00a0/g, ' ')
        .replace(/\n{3,}/g, '\n\n')
        .trim();
      return full ? `${text}\n${CUT_MARKER}` : text;
    },
  };
}
export type Builder = ReturnType<typeof createBuilder>;
