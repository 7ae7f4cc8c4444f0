import { afterEach, describe, expect, it, vi } from 'vitest';

// A fresh copy of the module for each test: its formatters are made at their first use.
const load = async () => {
  vi.resetModules();
  return import('../../src/ui/format');
};

const Real = Intl.DateTimeFormat;
const put = (value: unknown) => Object.defineProperty(Intl, 'DateTimeFormat', { value, writable: true, configurable: true });

/** Counts the formatters made from here on. */
function countMade(): { readonly n: number } {
  const count = { n: 0 };
  put(function (...args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
    count.n++;
    return new Real(...args);
  });
  return count;
}

describe('date formats: made once, shown as Date shows them', () => {
  afterEach(() => put(Real));

  it('makes each formatter once however many times are shown, and none before a time is', async () => {
    const made = countMade();
    const { formatTime, formatClock, formatWhen } = await load();
    expect(made.n).toBe(0);
    const start = Date.parse('2026-03-18T07:21:00Z');
    for (let i = 0; i < 60; i++) formatTime(start + i * 60_000);
    for (let i = 0; i < 10; i++) formatClock(start + i);
    for (let i = 0; i < 10; i++) formatWhen(start - 3 * 86_400_000 + i, start);
    expect(made.n).toBe(3);
  });

  it('warming makes the date and time formatter that a ticket view uses first', async () => {
    const made = countMade();
    const { formatTime, warmDateFormats } = await load();
    warmDateFormats();
    expect(made.n).toBe(1);
    formatTime(0);
    expect(made.n).toBe(1);
  });

  it('reads as toLocaleString with the same options, "Invalid Date" included', async () => {
    const { formatTime, formatClock, formatWhen } = await load();
    const ms = Date.parse('2026-03-18T07:21:09Z');
    expect(formatTime(ms)).toBe(new Date(ms).toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'medium' }));
    expect(formatClock(ms)).toBe(new Date(ms).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' }));
    expect(formatWhen(ms, ms + 1000)).toBe(formatClock(ms));
    expect(formatWhen(ms, ms + 3 * 86_400_000)).toBe(new Date(ms).toLocaleString(undefined, { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' }));
    expect(formatTime(NaN)).toBe('Invalid Date');
    expect(formatClock(Number.POSITIVE_INFINITY)).toBe('Invalid Date');
  });
});
