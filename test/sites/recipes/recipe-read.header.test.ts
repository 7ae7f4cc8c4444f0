import { describe, expect, it } from 'vitest';
import { requesterOf, subjectOf } from '../../../src/sites/recipes/recipe-read';

/** A page that shows the requester as `Name <email>` in one element: the recipe reads a name and an address, never "Name <email> <Name <email>>". */
describe('requesterOf', () => {
  it('splits Name <email> read by the email field, the name field, or both', () => {
    expect(requesterOf(null, 'Liam Chen <liam@example.com>')).toEqual({ name: 'Liam Chen', email: 'liam@example.com' });
    expect(requesterOf('Liam Chen <liam@example.com>', 'Liam Chen <liam@example.com>')).toEqual({ name: 'Liam Chen', email: 'liam@example.com' });
    expect(requesterOf('Liam Chen <liam@example.com>', null)).toEqual({ name: 'Liam Chen', email: 'liam@example.com' });
    expect(requesterOf('"Chen, Liam" <liam@example.com>', null)).toEqual({ name: 'Chen, Liam', email: 'liam@example.com' });
  });
  it('keeps separate fields as they are, and an address alone as an address', () => {
    expect(requesterOf('Ines Duarte', 'ines@example.org')).toEqual({ name: 'Ines Duarte', email: 'ines@example.org' });
    expect(requesterOf(null, 'ines@example.org')).toEqual({ name: null, email: 'ines@example.org' });
    expect(requesterOf(null, '<ines@example.org>')).toEqual({ name: null, email: 'ines@example.org' });
    expect(requesterOf(null, null)).toEqual({ name: null, email: null });
  });
});

describe('subjectOf', () => {
  it("drops the page's own number in front when it is the ticket's, and nothing else", () => {
    expect(subjectOf('#3: Printer offline', '#3')).toBe('Printer offline');
    expect(subjectOf('[#3] Printer offline', '#3')).toBe('Printer offline');
    expect(subjectOf('3 - Printer offline', '#3')).toBe('Printer offline');
    expect(subjectOf('#31: Printer offline', '#3')).toBe('#31: Printer offline');
    expect(subjectOf('Order #3: where is it?', '#3')).toBe('Order #3: where is it?');
    expect(subjectOf('#3:', '#3')).toBe('#3:');
    expect(subjectOf('Printer offline', '#3')).toBe('Printer offline');
  });
});
