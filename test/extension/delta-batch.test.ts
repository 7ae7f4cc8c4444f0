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
