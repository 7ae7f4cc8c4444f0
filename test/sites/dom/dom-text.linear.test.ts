import { Window } from 'happy-dom';
import { afterAll, describe, expect, it } from 'vitest';
import { elementText } from '../../../src/sites/dom/dom-text';
import { threadHtml } from '../thread-html';

const window = new Window({ url: 'https://helpdesk.example/' });
afterAll(() => window.happyDOM.close());

/**
 * Counts, while `run` runs, the characters that string operations could have to scan: the
 * receiver of every String method below and the subject of every RegExp match. Extraction that
 * re-examines the whole text built so far at each block (a 1 MB thread froze the tab for 12 s)
 * counts quadratically; one that looks only at the end of what it built counts linearly.
 * A count, not a stopwatch: the same on a loaded machine.
 */
function charactersScanned(run: () => void): number {
  let scanned = 0;
  // Only the outermost operation counts: a global replace calls exec once per match itself.
  let depth = 0;
  const S = String.prototype as unknown as Record<string, (...args: unknown[]) => unknown>;
  const R = RegExp.prototype as unknown as Record<string, (...args: unknown[]) => unknown>;
  const saved: [Record<string, unknown>, string, unknown][] = [];
  const wrap = (proto: Record<string, (...args: unknown[]) => unknown>, name: string, size: (self: unknown, args: unknown[]) => number) => {
    const original = proto[name]!;
    saved.push([proto, name, original]);
    proto[name] = function (this: unknown, ...args: unknown[]) {
      if (depth === 0) scanned += size(this, args);
      depth++;
      try {
        return original.apply(this, args);
      } finally {
        depth--;
      }
    };
  };
  const own = (self: unknown) => String(self).length;
  const subject = (_self: unknown, args: unknown[]) => (typeof args[0] === 'string' ? args[0].length : 0);
  for (const name of ['endsWith', 'startsWith', 'replace', 'replaceAll', 'slice', 'substring', 'trim', 'trimEnd', 'trimStart', 'match', 'matchAll', 'search', 'includes', 'indexOf', 'lastIndexOf', 'split', 'concat']) {
    wrap(S, name, own);
  }
  for (const name of ['exec', 'test']) wrap(R, name, subject);
  try {
    run();
  } finally {
    for (const [proto, name, original] of saved) proto[name] = original;
  }
  return scanned;
}

function scannedFor(bytes: number): { scanned: number; length: number } {
  const doc = new window.DOMParser().parseFromString(threadHtml(bytes), 'text/html') as unknown as Document;
  let length = 0;
  const scanned = charactersScanned(() => {
    length = elementText(doc.body).length;
  });
  return { scanned, length };
}

describe('elementText on a long thread', () => {
  it('scans a number of characters proportional to the thread, not to its square', () => {
    const small = scannedFor(40_000);
    const large = scannedFor(200_000);
    expect(large.length).toBeGreaterThan(4 * small.length);
    // Five times the thread: about five times the work when linear, about 25 times when quadratic.
    const ratio = large.scanned / small.scanned;
    expect(ratio, `${small.scanned} -> ${large.scanned} characters scanned`).toBeLessThan(8);
    // And a small constant per character of output: each piece is looked at a bounded number of times.
    expect(large.scanned / large.length).toBeLessThan(40);
  }, 30_000);
});
