import { afterEach, describe, expect, it, vi } from 'vitest';

describe('chat item ids', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.resetModules();
  });

  it('never repeat across two starts of the script in one millisecond, or after the clock went back', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: 1_800_000_000_000 });
    const first = (await import('../../src/shared/chat-items')).itemId;
    const a = [first(), first(), first()];
    // The worker starts again (a new copy of the module) in the same millisecond: a clock put
    // back lands there as easily.
    vi.resetModules();
    const second = (await import('../../src/shared/chat-items')).itemId;
    const b = [second(), second(), second()];
    expect(new Set([...a, ...b]).size).toBe(6);
  });
});
