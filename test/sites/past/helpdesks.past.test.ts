import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import freescout from '../../../src/sites/adapters/freescout';
import osticket from '../../../src/sites/adapters/osticket';
import type { PastTicket } from '../../../src/sites/past/past-tickets';
import type { SearchOutcome } from '../../../src/sites/past/search-results';
import { openPage } from './page-window';

/**
 * osTicket's and FreeScout's own search pages, as osTicket 1.18.1 and FreeScout 1.8.145 served
 * them here (search for "order", saved in test/fixtures/past/), and their ticket pages (the
 * saved pages in test/fixtures/sites/), served over HTTP as the helpdesks do.
 */
const fixture = (path: string) => readFileSync(new URL(`../../fixtures/${path}`, import.meta.url), 'utf8');
const html = (res: import('node:http').ServerResponse, body: string) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);

let server: Server;
let base = '';
const asked: string[] = [];
beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    asked.push(req.url ?? '');
    // A search page whose first match links to another site (a hostile row, a misconfigured helpdesk).
    if (url.pathname === '/scp/tickets.php' && url.searchParams.get('query') === 'elsewhere') return html(res, fixture('past/osticket-search.html').replaceAll('href="/scp/tickets.php?id=6"', 'href="http://evil.example/scp/tickets.php?id=6"'));
    if (url.pathname === '/scp/tickets.php' && url.searchParams.get('a') === 'search') return html(res, fixture('past/osticket-search.html'));
    if (url.pathname === '/support/scp/tickets.php' && url.searchParams.get('id') === '5') return html(res, fixture('sites/osticket/ticket.html'));
    // FreeScout writes absolute links: the saved page's, on this server's address.
    if (url.pathname === '/search') return html(res, fixture('past/freescout-search.html').replaceAll('http://127.0.0.1:8082', base));
    // FreeScout sends a conversation's bare address on to its folder.
    if (url.pathname === '/conversation/42' && !url.searchParams.has('folder_id')) return res.writeHead(302, { location: '/conversation/42?folder_id=3' }).end();
    if (url.pathname === '/conversation/42') return html(res, fixture('sites/freescout/conversation.html'));
    return html(res, '<!doctype html><title>Nothing</title>');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => server?.close());
const open: (() => Promise<void>)[] = [];
afterEach(async () => {
  asked.length = 0;
  await Promise.all(open.splice(0).map((close) => close()));
});
async function at(path: string) {
  const page = await openPage(`${base}${path}`);
  open.push(page.close);
  asked.length = 0;
  return page;
}

describe('osTicket: tickets.search and ticket.read({ key })', () => {
  it('searches with the staff panel\'s own search, next to the page (a helpdesk in a subfolder too), and reads its table by column', async () => {
    const page = await at('/scp/tickets.php?id=1');
    const result = await osticket.tools['tickets.search']!({ query: 'order' }, page.document, page.location);
    expect(asked).toEqual(['/scp/tickets.php?a=search&query=order']);
    const data = result.data as SearchOutcome;
    expect(data.results).toEqual([
      { key: '6', number: '728101', subject: 'Masking check: order #55812 to Valencia', status: null, requester: 'Lucía Colón', updated: null },
      { key: '1', number: '248223', subject: 'Charged twice for order #A-1042', status: null, requester: 'Maria Garcia', updated: null },
      { key: '2', number: '731470', subject: 'Cannot log in after password reset', status: null, requester: 'Tom Becker', updated: null },
    ]);
  });

  it('leaves out a match whose link is on another site, though osTicket\'s own key reading would take it', async () => {
    const page = await at('/scp/tickets.php?id=1');
    const data = (await osticket.tools['tickets.search']!({ query: 'elsewhere' }, page.document, page.location)).data as SearchOutcome;
    expect(data.results.map((r) => r.key)).toEqual(['1', '2']);
    expect(data.skipped).toBe(1);
  });

  it('reads another ticket by key from its page, with the adapter\'s own reader', async () => {
    const page = await at('/support/scp/tickets.php?id=1');
    const result = await osticket.tools['ticket.read']!({ key: '5' }, page.document, page.location);
    expect(asked).toEqual(['/support/scp/tickets.php?id=5']);
    const past = result.data as PastTicket;
    expect(past).toMatchObject({ key: '5', url: `${base}/support/scp/tickets.php?id=5`, number: '#338769' });
    expect(past.messages.length).toBeGreaterThan(0);
  });
});

describe('FreeScout: tickets.search and ticket.read({ key })', () => {
  it('searches with /search?q= and reads the conversation list, its absolute links on this site', async () => {
    const page = await at('/conversation/1?folder_id=3');
    const result = await freescout.tools['tickets.search']!({ query: 'order' }, page.document, page.location);
    expect(asked).toEqual(['/search?q=order']);
    expect((result.data as SearchOutcome).results).toEqual([
      { key: '1', number: '1', subject: 'Charged twice for order #A-1042', status: null, requester: 'Maria Garcia', updated: '6 hours ago' },
    ]);
  });

  it('reads another conversation by key, following the helpdesk\'s redirect to its folder within the site', async () => {
    const page = await at('/conversation/1?folder_id=3');
    const result = await freescout.tools['ticket.read']!({ key: '42' }, page.document, page.location);
    expect(asked).toEqual(['/conversation/42', '/conversation/42?folder_id=3']);
    expect(result.data as PastTicket).toMatchObject({ key: '42', url: `${base}/conversation/42?folder_id=3`, number: '#1057' });
  });
});
