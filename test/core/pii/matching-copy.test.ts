import { describe, expect, it } from 'vitest';
import { matchingCopy } from '../../../src/core/pii/matching-copy';

/** The original text of a span of the copy. */
const back = (original: string, start: number, end: number) => {
  const copy = matchingCopy(original);
  return original.slice(copy.start(start), copy.end(end));
};

describe('matchingCopy', () => {
  it('leaves plain ASCII as it is', () => {
    const copy = matchingCopy('IBAN DE89 3704');
    expect(copy.text).toBe('IBAN DE89 3704');
    expect([copy.start(5), copy.end(9)]).toEqual([5, 9]);
  });

  it('composes decomposed accents, folds no-break spaces and full-width forms, drops invisible characters', () => {
    expect(matchingCopy('Ju\u0308rgen').text).toBe('Jürgen');
    expect(matchingCopy('DE89\u00A03704\u202F0044').text).toBe('DE89 3704 0044');
    expect(matchingCopy('ＤＥ８９').text).toBe('DE89');
    expect(matchingCopy('Mar\u200Bia\u00AD').text).toBe('Maria');
  });

  it('maps spans of the copy back to the text as written', () => {
    const original = 'Hi Ju\u0308rgen, IBAN DE89\u200B3704\u00A00044 ok';
    const copy = matchingCopy(original);
    const at = copy.text.indexOf('Jürgen');
    expect(back(original, at, at + 'Jürgen'.length)).toBe('Ju\u0308rgen');
    const iban = copy.text.indexOf('DE89');
    expect(back(original, iban, iban + 'DE893704 0044'.length)).toBe('DE89\u200B3704\u00A00044');
    expect(back(original, copy.text.indexOf('ok'), copy.text.length)).toBe('ok');
  });

  it('maps a span ending inside an expanded character to the whole character', () => {
    const original = 'x ﬁne';
    const copy = matchingCopy(original);
    expect(copy.text).toBe('x fine');
    expect(original.slice(copy.start(2), copy.end(3))).toBe('ﬁ');
  });
});
