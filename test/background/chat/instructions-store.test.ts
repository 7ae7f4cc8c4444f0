import { afterEach, describe, expect, it, vi } from 'vitest';
import { instructionsStore, ticketId } from '../../../src/background/chat/instructions-store';

const SITE = 'https://desk.example.com';
const id = (n: number) => ticketId(SITE, String(n));

describe('ticket contexts kept', () => {
  afterEach(() => vi.useRealTimers());

  it('keeps the 500 most recently saved, whatever the clock says', async () => {
    // Every context saved in one millisecond, and the clock going back once on the way.
    vi.useFakeTimers({ toFake: ['Date'], now: 1_800_000_000_000 });
    for (let n = 1; n <= 300; n++) await instructionsStore.setTicket(id(n), `context ${n}`);
    vi.setSystemTime(1_700_000_000_000);
    for (let n = 301; n <= 501; n++) await instructionsStore.setTicket(id(n), `context ${n}`);
    expect(await instructionsStore.ticket(id(1))).toBe('');
    expect(await instructionsStore.ticket(id(2))).toBe('context 2');
    expect(await instructionsStore.ticket(id(501))).toBe('context 501');
  });

  it('counts a context saved again as the newest', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: 1_800_000_000_000 });
    for (let n = 1; n <= 500; n++) await instructionsStore.setTicket(id(n), `context ${n}`);
    await instructionsStore.setTicket(id(1), 'context 1, edited');
    await instructionsStore.setTicket(id(501), 'context 501');
    expect(await instructionsStore.ticket(id(1))).toBe('context 1, edited');
    expect(await instructionsStore.ticket(id(2))).toBe('');
  });

  it('forgets a context emptied', async () => {
    await instructionsStore.setTicket(id(7), 'on the premium plan');
    await instructionsStore.setTicket(id(7), '  ');
    expect(await instructionsStore.ticket(id(7))).toBe('');
    expect(await instructionsStore.forTicket(SITE, '7')).toEqual({ team: '', ticket: '' });
  });
});
