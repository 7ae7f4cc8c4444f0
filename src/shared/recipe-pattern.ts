/**
 * A recipe's ticket path is a regular expression from a file anyone may hand an agent, and the
 * content script runs it against the tab's address on every look at the page. Browsers match by
 * backtracking: a repeated group that can match the same text two ways (`(a+)+`, `(a|a)*`) takes
 * exponential time, and unbounded repeats in a row polynomial time; either freezes the helpdesk's
 * tab. So a path is accepted only in a shape whose worst case stays small: repeats only on a
 * character or a class (a group may only be optional), no back-reference or lookaround, and at most
 * MAX_OPEN_REPEATS unbounded repeats (a path not anchored with `^` is tried at every position of
 * the address, which counts as one more). Each unbounded repeat multiplies the worst case by the
 * address's length, so the address it is run against is bounded by their number (addressLimit):
 * with three, about 20 ms at 256 characters on a busy machine (1.2 s at 1,024).
 */

export const MAX_OPEN_REPEATS = 3;
const ADDRESS_LIMIT = { few: 2048, most: 256 } as const;
/** A bounded repeat ({2,40}) that can take more than this many extra characters counts as unbounded. */
const OPEN_SPAN = 16;

type Repeat = { max: number; span: number };

/** The repeat starting at `i` (`*`, `+`, `?`, `{n}`, `{n,}`, `{n,m}`) and its length, or null. */
function repeatAt(source: string, i: number): { repeat: Repeat; length: number } | null {
  const c = source[i];
  let repeat: Repeat | null = null;
  let length = 1;
  if (c === '*' || c === '+') repeat = { max: Infinity, span: Infinity };
  else if (c === '?') repeat = { max: 1, span: 1 };
  else if (c === '{') {
    const m = /^\{(\d+)(,(\d*))?\}/.exec(source.slice(i));
    if (!m) return null; // a literal brace (no `u` flag)
    const min = Number(m[1]);
    const max = m[2] === undefined ? min : m[3] === '' ? Infinity : Number(m[3]);
    repeat = { max, span: max - min };
    length = m[0].length;
  }
  if (!repeat) return null;
  if (source[i + length] === '?') length += 1; // lazy: the same worst case
  return { repeat, length };
}

/** The end of the character class starting at `i` (the index after its `]`). */
function classEnd(source: string, i: number): number {
  let j = i + 1;
  while (j < source.length && source[j] !== ']') j += source[j] === '\\' ? 2 : 1;
  return j + 1;
}

/** Why the ticket path `source` could take too long to match, in words, or null when its shape is safe. */
export function patternProblem(source: string): string | null {
  const shape = shapeOf(source);
  if (typeof shape === 'string') return shape;
  if (shape.open > MAX_OPEN_REPEATS) {
    return `it has ${shape.open} unbounded repeats (*, +, {n,}), counting a path not anchored with ^ as one; at most ${MAX_OPEN_REPEATS} keep matching fast. Anchor it with ^ and use fewer.`;
  }
  return null;
}

/** The longest address (path, query, fragment) the ticket path `source` is run against: 0 for a path that is refused. */
export function addressLimit(source: string): number {
  const shape = shapeOf(source);
  if (typeof shape === 'string' || shape.open > MAX_OPEN_REPEATS) return 0;
  return shape.open < MAX_OPEN_REPEATS ? ADDRESS_LIMIT.few : ADDRESS_LIMIT.most;
}

/** The number of unbounded repeats, or why the shape is refused. */
function shapeOf(source: string): { open: number } | string {
  let open = 0;
  let depth = 0;
  let topAlternation = false;
  let last: 'atom' | 'group' | null = null;
  for (let i = 0; i < source.length; ) {
    const c = source[i]!;
    const rep = repeatAt(source, i);
    if (rep && last !== null) {
      if (last === 'group' && rep.repeat.max > 1) return 'a group is repeated; a repeated group can take exponential time to match. Repeat single characters or classes instead ([\\w-]+).';
      if (rep.repeat.span > OPEN_SPAN) open += 1;
      last = null;
      i += rep.length;
      continue;
    }
    last = 'atom';
    if (c === '\\') {
      const next = source[i + 1] ?? '';
      if (/[1-9]/.test(next) || next === 'k') return 'a back-reference (\\1, \\k<name>) is not allowed in a ticket path.';
      i += 2;
    } else if (c === '[') {
      i = classEnd(source, i);
    } else if (c === '(') {
      if (/^\(\?(=|!|<=|<!)/.test(source.slice(i))) return 'a lookahead or lookbehind is not allowed in a ticket path.';
      depth += 1;
      last = null;
      i += 1;
    } else if (c === ')') {
      depth -= 1;
      last = 'group';
      i += 1;
    } else {
      if (c === '|' && depth === 0) topAlternation = true;
      if (c === '|' || c === '^' || c === '$') last = null;
      i += 1;
    }
  }
  if (!source.startsWith('^') || topAlternation) open += 1;
  return { open };
}
