import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AgentEvent } from '../../../src/core';
import { createDeltaBatch } from '../../../src/background/chat/delta-batch';

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

describe('the delta batch on a stream of bursts', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const texts = (sent: AgentEvent[]) => sent.map((e) => (e as { delta: string }).delta);

  it('sends the first delta after a window closed at once: each burst starts without waiting', () => {
    const sent: AgentEvent[] = [];
    const batch = createDeltaBatch((e) => sent.push(e), 16);
    batch.push(delta('a'));
    vi.advanceTimersByTime(10);
    batch.push(delta('b'));
    vi.advanceTimersByTime(6); // the window closes with 'b'
    expect(texts(sent)).toEqual(['a', 'b']);
    vi.advanceTimersByTime(4);
    batch.push(delta('c')); // 4 ms after that post: a new burst, not a wait for the next window
    expect(texts(sent)).toEqual(['a', 'b', 'c']);
    batch.push(delta('d'));
    expect(texts(sent)).toEqual(['a', 'b', 'c']);
    vi.advanceTimersByTime(16);
    expect(texts(sent)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('joins a fast stream into about two posts per window, in order, with nothing lost', () => {
    const sent: AgentEvent[] = [];
    const batch = createDeltaBatch((e) => sent.push(e), 16);
    // A token every 2 ms for 96 ms: 49 tokens.
    for (let i = 0; i <= 48; i++) {
      batch.push(delta(`${i} `));
      vi.advanceTimersByTime(2);
    }
    batch.flush();
    expect(texts(sent).join('')).toBe(Array.from({ length: 49 }, (_, i) => `${i} `).join(''));
    // Each burst: its first token at once, the rest of its 16 ms window in one post.
    expect(sent.length).toBeLessThanOrEqual(14);
    expect(sent.length).toBeGreaterThanOrEqual(10);
  });
});
