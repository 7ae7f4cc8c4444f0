import { describe, expect, it } from 'vitest';
import { numberChecks } from '../../fakes/phone-metadata';
import { createMasker, detectPersonalData } from '../../../src/core/pii';

const found = (text: string) => detectPersonalData(text, { checks: numberChecks }).map((f) => [f.kind, text.slice(f.start, f.end)]);

describe('postal addresses at the end of a sentence', () => {
  it('leave the sentence its full stop, unless the stop is an abbreviation\'s', () => {
    expect(found('Meet me at 12 Harbour Street.')).toEqual([['ADDRESS', '12 Harbour Street']]);
    expect(found('It is 5 Market Square.')).toEqual([['ADDRESS', '5 Market Square']]);
    expect(found('It is 12 Stone Way.')).toEqual([['ADDRESS', '12 Stone Way']]);
    expect(found('Meet me at 221B Baker St.')).toEqual([['ADDRESS', '221B Baker St.']]);
    expect(found('It is 4 Elm Rd. now')).toEqual([['ADDRESS', '4 Elm Rd.']]);
  });

  it('so the model still sees where the sentence ends', () => {
    const masker = createMasker({ checks: numberChecks });
    expect(masker.mask('Ship it to 5 Market Square. Thanks!')).toBe('Ship it to [ADDRESS_1]. Thanks!');
  });
});

describe('German streets named by the street word alone', () => {
  it('are found as any other street ("Am Ring 12a", "Am Weg 3")', () => {
    expect(found('Neue Adresse: Am Ring 12a, 50672 Köln')).toEqual([
      ['ADDRESS', 'Am Ring 12a'],
      ['ADDRESS', '50672 Köln'],
    ]);
    expect(found('Wohnt Am Weg 3 seit Mai')).toEqual([['ADDRESS', 'Am Weg 3']]);
    expect(found('Hauptstraße 5 und Lindenallee 7')).toEqual([
      ['ADDRESS', 'Hauptstraße 5'],
      ['ADDRESS', 'Lindenallee 7'],
    ]);
  });
});
