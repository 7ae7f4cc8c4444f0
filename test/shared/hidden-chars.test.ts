import { describe, expect, it } from 'vitest';
import { hiddenCodes, revealHidden, revealedText } from '../../src/shared/hidden-chars';

/**
 * Before a send, each character that changes a text without showing itself is shown as its code
 * point: the runs the card renders are the visible text and those marks, nothing more.
 */
describe('hidden characters, shown', () => {
  it('splits a text into its visible runs and a mark for each hidden character, with no empty run', () => {
    expect(revealHidden('\u202Epay\u200B\u200Bnow\u2066')).toEqual([{ hidden: 'U+202E' }, 'pay', { hidden: 'U+200B' }, { hidden: 'U+200B' }, 'now', { hidden: 'U+2066' }]);
    expect(revealHidden('plain text')).toEqual(['plain text']);
    expect(revealHidden('')).toEqual([]);
  });

  it('writes each out in plain text, and lists each kind once in the order it first appears', () => {
    const text = 'Refund\u00AD to \u{E0101}acct\u202E 42\u202E';
    expect(revealedText(text)).toBe('Refund⟦U+00AD⟧ to ⟦U+E0101⟧acct⟦U+202E⟧ 42⟦U+202E⟧');
    expect(hiddenCodes(text)).toEqual(['U+00AD', 'U+E0101', 'U+202E']);
  });

  it('leaves tabs and newlines as they are', () => {
    expect(revealHidden('a\tb\nc')).toEqual(['a\tb\nc']);
  });
});
