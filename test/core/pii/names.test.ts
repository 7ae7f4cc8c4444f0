import { describe, expect, it } from 'vitest';
import { nameForms, spellings } from '../../../src/core/pii/names';

describe('nameForms', () => {
  it('reads "Last, First" as the family name after the given name', () => {
    expect(nameForms('Schmidt, Maria')).toEqual({ display: 'Maria Schmidt', full: ['Schmidt, Maria', 'Maria Schmidt'], first: 'Maria', last: ['Schmidt'], middle: [] });
  });

  it('keeps titles in the whole name but not as the first name', () => {
    expect(nameForms('Dr. Jürgen Weiß')).toMatchObject({ display: 'Dr. Jürgen Weiß', full: ['Dr. Jürgen Weiß', 'Jürgen Weiß', 'Weiß, Jürgen'], first: 'Jürgen', last: ['Weiß'] });
    expect(nameForms('Weiß, Prof. Dr. Jürgen')).toMatchObject({ display: 'Prof. Dr. Jürgen Weiß', first: 'Jürgen', last: ['Weiß'] });
    expect(nameForms('Martin Luther King, Jr.')).toMatchObject({ first: 'Martin', last: ['King'], middle: ['Luther'] });
  });

  it('keeps particles with the family name, and the names between as middle names', () => {
    expect(nameForms('Anna van der Berg')).toMatchObject({ first: 'Anna', last: ['van der Berg', 'Berg'], middle: [] });
    expect(nameForms('Ana María García López')).toMatchObject({ first: 'Ana', last: ['López'], middle: ['María', 'García'] });
  });

  it('folds compatibility forms and decomposed accents to one spelling', () => {
    expect(nameForms('Ju\u0308rgen\u00A0Weiß')?.display).toBe('Jürgen Weiß');
  });

  it('leaves out the tags a helpdesk adds to a name', () => {
    expect(nameForms('Cher (VIP)')).toEqual({ display: 'Cher', full: ['Cher (VIP)'], first: 'Cher', last: [], middle: [] });
    expect(nameForms('Maria Schmidt <maria@example.de> [Acme]')).toMatchObject({ display: 'Maria Schmidt', first: 'Maria', last: ['Schmidt'] });
  });

  it('gives no forms for a name without two letters, and no parts for a single name', () => {
    expect(nameForms('X')).toBeNull();
    expect(nameForms('Dr.')).toBeNull();
    expect(nameForms('Cher')).toEqual({ display: 'Cher', full: ['Cher'], first: null, last: [], middle: [] });
  });
});

describe('spellings', () => {
  it('adds the ss, transliterated and unaccented spellings', () => {
    expect(spellings('Jürgen Weiß')).toEqual(['Jürgen Weiß', 'Jürgen Weiss', 'Juergen Weiss', 'Jurgen Weiss']);
    expect(spellings('Núñez')).toEqual(['Núñez', 'Nunez']);
    expect(spellings('Maria')).toEqual(['Maria']);
  });
});
