import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AgentEvent } from '../../src/core';
import { createDeltaBatch } from '../../src/extension/delta-batch';

const delta = (text: string, step = 1): AgentEvent => ({ type: 'text_delta', step, delta: text });

describe('the delta batch', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends the first delta at once and joins the rest of the window into one', () => {
    const sent: AgentEvent[] = [];
    const batch = createDeltaBatch((e) => sent.push(e), 16);
    batch.push(delta('Hel'));
    expect(sent).toEqual([delta('Hel')]);
    batch.push(delta('lo '));
    batch.push(delta('there'));
    expect(sent).toHaveLength(1);
    vi.advanceTimersByTime(16);
    expect(sent).toEqual([delta('Hel'), delta('lo there')]);
  });

  it('never reorders: another event first sends the held text', () => {
    const sent: AgentEvent[] = [];
    const batch = createDeltaBatch((e) => sent.push(e), 16);
    const done: AgentEvent = { type: 'done', reason: 'stop', steps: 1, usage: { promptTokens: 0, completionTokens: 0 } };
    batch.push(delta('a'));
    batch.push(delta('b'));
    batch.push(done);
    expect(sent).toEqual([delta('a'), delta('b'), done]);
    vi.advanceTimersByTime(50);
    expect(sent).toHaveLength(3);
  });

  it('keeps the deltas of different steps apart', () => {
    const sent: AgentEvent[] = [];
    const batch = createDeltaBatch((e) => sent.push(e), 16);
    batch.push(delta('a', 1));
    batch.push(delta('b', 1));
    batch.push(delta('c', 2));
    batch.flush();
    expect(sent).toEqual([delta('a', 1), delta('b', 1), delta('c', 2)]);
  });
});

describe('the delta batch on a steady stream', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends one post per window while tokens keep coming, and the next at once after a quiet window', () => {
    const sent: AgentEvent[] = [];
    const batch = createDeltaBatch((e) => sent.push(e), 16);
    // A token every 10 ms for 100 ms: 11 tokens.
    for (let i = 0; i <= 10; i++) {
      batch.push(delta(`${i} `));
      vi.advanceTimersByTime(10);
    }
    vi.advanceTimersByTime(16);
    expect(sent.map((e) => (e as { delta: string }).delta).join('')).toBe('0 1 2 3 4 5 6 7 8 9 10 ');
    // At once, then one post per 16 ms window: 7, where a post per token would be 11.
    expect(sent.length).toBeLessThanOrEqual(8);
    vi.advanceTimersByTime(100);
    const before = sent.length;
    batch.push(delta('again'));
    expect(sent).toHaveLength(before + 1);
  });
});
