import { describe, expect, it } from 'vitest';
import { draftFromAnswer } from '../../src/core';

describe('draftFromAnswer', () => {
  it('takes the reply after an introduction that ends with a colon', () => {
    expect(draftFromAnswer('Maria wants a refund. Here is a draft you can copy:\n\nHi Maria,\n\nDone.\n\nBest regards,')).toBe('Hi Maria,\n\nDone.\n\nBest regards,');
  });

  it('takes a fenced block or the text between rules', () => {
    expect(draftFromAnswer('Sure.\n```\nHi Maria,\nDone.\n```\nAnything else?')).toBe('Hi Maria,\nDone.');
    expect(draftFromAnswer('Sure.\n---\nHi Maria,\n\nDone.\n---\nAnything else?')).toBe('Hi Maria,\n\nDone.');
  });

  it('never includes inline thinking, and keeps a plain answer whole', () => {
    expect(draftFromAnswer('<think>the customer is angry</think>\nHi Maria, sorry about that.')).toBe('Hi Maria, sorry about that.');
    expect(draftFromAnswer('Hi Maria, sorry about that.')).toBe('Hi Maria, sorry about that.');
  });
});
