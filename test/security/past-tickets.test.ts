import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect } from 'vitest';
import { startHelpdesk } from '../../demo/helpdesk/server.mjs';
import { overPastBudget } from '../../src/background/pages/page-tool-proxy';
import { checkPageResult } from '../../src/background/pages/page-results';
import { MAX_PAST_REQUESTS_PER_TURN, MAX_SEARCH_RESULTS, PAGE_TOOLS } from '../../src/shared/page-tools';
import adapter from '../../src/sites/adapters/demo-helpdesk';
import { MAX_PAGE_BYTES } from '../../src/sites/past/same-origin-page';
import type { SearchOutcome } from '../../src/sites/past/search-results';
import { openPage } from '../sites/past/page-window';
import { attack } from './attack';

/**
 * A helpdesk that turned hostile (or a page of it an attacker wrote into): its search page and
 * ticket pages answer with redirects, sign-in pages, links to other sites, a thousand matches.
 * The ticket page itself is the demo helpdesk's, so the demo adapter serves it.
 */
let demo: Awaited<ReturnType<typeof startHelpdesk>>;
let hostile: Server;
let other: Server;
let base = '';
let elsewhere = '';
const seen: string[] = [];
let searchPage: (query: string) => { status?: number; location?: string; html?: string } = () => ({ html: '' });

const result = (href: string, n: number) =>
  `<li class="hd-search-result"><span class="hd-result-number">#${n}</span><a class="hd-result-link" href="${href}">Subject ${n}</a><span class="hd-badge hd-result-status" data-status="closed">Closed</span><span class="hd-result-requester">Someone</span></li>`;
const resultsPage = (items: string) => `<!doctype html><html data-helpdesk="deskmate-demo"><body><ol class="hd-search-results">${items}</ol></body></html>`;

beforeAll(async () => {
  demo = await startHelpdesk({ port: 0 });
  other = createServer((req, res) => {
    seen.push(`other ${req.url}`);
    res.writeHead(200, { 'content-type': 'text/html' }).end(resultsPage(result('/tickets/5', 5)));
  });
  await new Promise<void>((r) => other.listen(0, '127.0.0.1', r));
  elsewhere = `http://localhost:${(other.address() as AddressInfo).port}`;
  hostile = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    seen.push(`${req.method} ${req.url}`);
    if (url.pathname === '/search') {
      const answer = searchPage(url.searchParams.get('q') ?? '');
      if (answer.location) return res.writeHead(answer.status ?? 302, { location: answer.location }).end();
      return res.writeHead(answer.status ?? 200, { 'content-type': 'text/html' }).end(answer.html ?? '');
    }
    if (url.pathname === '/tickets/113') return res.writeHead(302, { location: '/login?next=/tickets/113' }).end();
    if (url.pathname === '/tickets/114') return res.writeHead(302, { location: `${elsewhere}/tickets/114` }).end();
    if (url.pathname === '/login') return res.writeHead(200, { 'content-type': 'text/html' }).end('<form><input name="user"><input type="password" name="pass"></form>');
    const real = await fetch(`${demo.url}${url.pathname}`);
    res.writeHead(real.status, { 'content-type': real.headers.get('content-type') ?? 'text/html' }).end(await real.text());
  });
  await new Promise<void>((r) => hostile.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(hostile.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await demo?.close();
  hostile?.close();
  other?.close();
});

const open: (() => Promise<void>)[] = [];
afterEach(async () => {
  seen.length = 0;
  await Promise.all(open.splice(0).map((close) => close()));
});
async function onTicket() {
  const page = await openPage(`${base}/tickets/1`);
  open.push(page.close);
  seen.length = 0;
  return page;
}
const search = (input: unknown, page: { document: Document; location: Location }) => adapter.tools['tickets.search']!(input, page.document, page.location);
const read = (input: unknown, page: { document: Document; location: Location }) => adapter.tools['ticket.read']!(input, page.document, page.location);

describe('past tickets: the helpdesk\'s search and other tickets stay on the site, as the agent', () => {
  attack('a search result that points to another origin is left out; the model never gets its key', async () => {
    searchPage = () => ({ html: resultsPage([result(`${elsewhere}/tickets/7`, 7), result('//evil.example/tickets/8', 8), result('/tickets/112', 1012), result('javascript:alert(1)', 9)].join('')) });
    const outcome = await search({ query: 'refund' }, await onTicket());
    const data = outcome.data as SearchOutcome;
    expect(data.results.map((r) => r.key)).toEqual(['112']);
    expect(data.skipped).toBe(3);
    expect(seen.filter((s) => s.startsWith('other'))).toEqual([]);
  });

  attack('a search page that redirects to another origin is not followed into the result', async () => {
    searchPage = () => ({ location: `${elsewhere}/search` });
    const outcome = await search({ query: 'refund' }, await onTicket());
    expect(outcome).toMatchObject({ ok: false, code: 'out_of_scope' });
  });

  attack('a search page that redirects to the sign-in page is refused, not read as results', async () => {
    searchPage = () => ({ location: '/login?next=/search' });
    expect(await search({ query: 'refund' }, await onTicket())).toMatchObject({ ok: false, code: 'signed_out' });
    // …and a sign-in form served at the search's own address too.
    searchPage = () => ({ html: resultsPage(result('/tickets/112', 1012)).replace('</body>', '<input type="password" name="p"></body>') });
    expect(await search({ query: 'refund' }, await onTicket())).toMatchObject({ ok: false, code: 'signed_out' });
  });

  attack('a thousand results: at most the limit (never past 20) reach the model, and a page past the size bound is not read', async () => {
    const thousand = Array.from({ length: 1000 }, (_, i) => result(`/tickets/${1000 + i}`, i)).join('');
    searchPage = () => ({ html: resultsPage(thousand) });
    const page = await onTicket();
    const data = (await search({ query: 'refund', limit: 500 }, page)).data as SearchOutcome;
    expect(data.results).toHaveLength(MAX_SEARCH_RESULTS);
    expect(data.more).toBe(true);
    expect(PAGE_TOOLS['tickets.search'].inputSchema.properties.limit.maximum).toBe(MAX_SEARCH_RESULTS);
    searchPage = () => ({ html: resultsPage('x'.repeat(MAX_PAGE_BYTES + 10)) });
    expect(await search({ query: 'refund' }, page)).toMatchObject({ ok: false, code: 'page_error' });
  });

  attack('a query that carries data goes to the helpdesk itself and nowhere else; the helpdesk logs exactly that address', async () => {
    searchPage = () => ({ html: resultsPage('') });
    const smuggled = 'maria.lindqvist@example.com 4417 https://evil.example/?leak=';
    await search({ query: smuggled }, await onTicket());
    expect(seen).toEqual([`GET /search?q=${encodeURIComponent(smuggled)}`]);
  });

  attack('a model that loops on searches is stopped after a few requests per turn', () => {
    const turn = new AbortController().signal;
    const made = Array.from({ length: MAX_PAST_REQUESTS_PER_TURN + 3 }, (_, i) => overPastBudget(i % 2 ? 'tickets.search' : 'ticket.read', i % 2 ? { query: 'x' } : { key: String(i) }, { signal: turn }));
    expect(made.filter((r) => r === null)).toHaveLength(MAX_PAST_REQUESTS_PER_TURN);
    expect(made.at(-1)).toMatchObject({ ok: false, code: 'too_many_calls' });
    // The open ticket's own read is never counted, and the next turn starts again.
    expect(overPastBudget('ticket.read', {}, { signal: turn })).toBeNull();
    expect(overPastBudget('tickets.search', { query: 'x' }, { signal: new AbortController().signal })).toBeNull();
  });

  attack('a content script that answers with a ticket of another site is refused in the background', () => {
    const answer = { ok: true, data: { number: '#7', subject: 's', status: null, requester: { name: null, email: null }, messages: [], key: '7', url: 'https://evil.example/tickets/7' } };
    expect(checkPageResult(PAGE_TOOLS['ticket.read'], answer, base)).toMatchObject({ ok: false, code: 'tool_failed' });
    expect(checkPageResult(PAGE_TOOLS['ticket.read'], { ...answer, data: { ...answer.data, url: `${base}/tickets/7` } }, base)).toMatchObject({ ok: true });
  });

  attack('a ticket page that redirects elsewhere or to sign-in is not read as the ticket asked for', async () => {
    const page = await onTicket();
    expect(await read({ key: '112' }, page)).toMatchObject({ ok: true });
    expect(await read({ key: '113' }, page)).toMatchObject({ ok: false, code: 'signed_out' });
    expect(await read({ key: '114' }, page)).toMatchObject({ ok: false, code: 'out_of_scope' });
    expect(seen.filter((s) => s.startsWith('other'))).toEqual([]);
    // A key is never a path: the address is built by the adapter on this site.
    expect(await read({ key: '..%2Fapi%2Fsent' }, page)).toMatchObject({ ok: false, code: 'invalid_input' });
  });
});
