import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startHelpdesk } from '../../../demo/helpdesk/server.mjs';
import adapter from '../../../src/sites/adapters/demo-helpdesk';
import type { PastTicket } from '../../../src/sites/past/past-tickets';
import type { SearchOutcome } from '../../../src/sites/past/search-results';
import { openPage } from './page-window';

let helpdesk: Awaited<ReturnType<typeof startHelpdesk>>;
beforeAll(async () => {
  helpdesk = await startHelpdesk({ port: 0 });
});
afterAll(() => helpdesk?.close());

const open: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((close) => close()));
});
async function onTicket(id = 1) {
  const page = await openPage(`${helpdesk.url}/tickets/${id}`);
  open.push(page.close);
  return page;
}
const search = adapter.tools['tickets.search']!;
const read = adapter.tools['ticket.read']!;

describe('demo helpdesk: tickets.search reads the helpdesk\'s own search page', () => {
  it('lists the matches with key, number, subject, status, requester and last update, closed tickets too, without the ticket open in the tab', async () => {
    const { document, location } = await onTicket();
    const result = await search({ query: 'charged twice refund duplicate' }, document, location);
    expect(result.ok).toBe(true);
    const data = result.data as SearchOutcome;
    expect(data.results.map((r) => r.number)).toEqual(['#1012', '#1029', '#1036', '#1023']);
    expect(data.results[0]).toEqual({ key: '112', number: '#1012', subject: 'Charged twice for my order NW-19204', status: 'Closed', requester: 'Henrik Dahl', updated: '2024-11-12T14:26:00Z' });
    expect(data).toMatchObject({ more: false, skipped: 0 });
  });

  it('lists the ticket open in the tab when the search is made from another ticket', async () => {
    const { document, location } = await onTicket(2);
    const data = (await search({ query: 'charged twice refund duplicate' }, document, location)).data as SearchOutcome;
    expect(data.results.map((r) => r.number)).toEqual(['#1041', '#1012', '#1029', '#1036', '#1023']);
  });

  it('keeps at most `limit` matches and says there were more', async () => {
    const { document, location } = await onTicket();
    const result = await search({ query: 'refund', limit: 2 }, document, location);
    const data = result.data as SearchOutcome;
    expect(data.results).toHaveLength(2);
    expect(data.more).toBe(true);
  });

  it('finds nothing for words no ticket has', async () => {
    const { document, location } = await onTicket();
    const data = (await search({ query: 'xylophone zeppelin' }, document, location)).data as SearchOutcome;
    expect(data.results).toEqual([]);
  });
});

describe('demo helpdesk: ticket.read({ key }) reads another ticket of the same site', () => {
  it('reads a closed ticket by key with the recipe, detached: its thread, key and address', async () => {
    const { document, location } = await onTicket();
    const result = await read({ key: '112' }, document, location);
    expect(result.ok).toBe(true);
    const past = result.data as PastTicket;
    expect(past).toMatchObject({ key: '112', url: `${helpdesk.url}/tickets/112`, number: '#1012', subject: 'Charged twice for my order NW-19204', status: 'Closed' });
    expect(past.requester).toEqual({ name: 'Henrik Dahl', email: 'henrik.dahl@example.se' });
    expect(past.messages.map((m) => m.role)).toEqual(['customer', 'internal', 'agent', 'customer']);
    expect(past.messages[2]!.body).toContain('the second charge came from a double click on the checkout button');
    // The open page is untouched: still ticket 1.
    expect(document.querySelector('.hd-ticket')?.getAttribute('data-ticket-id')).toBe('1');
  });

  it('reads the open ticket without a key, as before (no key, no address in the result)', async () => {
    const { document, location } = await onTicket();
    const result = await read({}, document, location);
    expect(result.ok).toBe(true);
    expect(result.data).not.toHaveProperty('key');
    expect((result.data as { number: string }).number).toBe('#1041');
  });

  it('says so for a key the helpdesk has no ticket for', async () => {
    const { document, location } = await onTicket();
    const result = await read({ key: '999' }, document, location);
    expect(result).toMatchObject({ ok: false, code: 'page_error' });
  });

  it('refuses a key that is a path or an address', async () => {
    const { document, location } = await onTicket();
    for (const key of ['../api/sent', 'https://evil.example/x', '1?x=y', '']) {
      expect(await read({ key }, document, location)).toMatchObject({ ok: false, code: 'invalid_input' });
    }
  });
});
