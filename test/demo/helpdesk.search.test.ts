import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHelpdesk } from '../../demo/helpdesk/server.mjs';

let helpdesk: Awaited<ReturnType<typeof startHelpdesk>>;
beforeAll(async () => {
  helpdesk = await startHelpdesk({ port: 0 });
});
afterAll(() => helpdesk?.close());

const page = async (path: string) => (await fetch(`${helpdesk.url}${path}`)).text();
const numbers = (html: string) => [...html.matchAll(/class="hd-result-number">#(\d+)/g)].map((m) => Number(m[1]));

describe('demo helpdesk: past tickets and their search page', () => {
  it('keeps forty closed tickets with the team\'s replies out of the open lists, in a Closed view', async () => {
    const all = await page('/tickets');
    expect(all.match(/class="hd-ticket-row"/g)).toHaveLength(9);
    const closed = await page('/tickets?status=closed');
    expect(closed.match(/class="hd-ticket-row"/g)).toHaveLength(40);
    const past = await page('/tickets/112');
    expect(past).toContain('data-status="closed"');
    expect(past).toContain('data-role="agent"');
  });

  it('searches every ticket, most matching words first, at least half the words each', async () => {
    expect(numbers(await page('/search?q=charged+twice+refund+duplicate'))).toEqual([1041, 1012, 1029, 1036, 1023]);
    // Today's 2FA lockout and its closed precedent, found by the same words.
    expect(numbers(await page('/search?q=phone+codes+rejected'))).toEqual([1042, 1040, 1008]);
    expect(numbers(await page('/search?q=zeppelin'))).toEqual([]);
  });

  it('escapes the query it shows and offers the search in every page\'s top bar', async () => {
    const html = await page('/search?q=%3Cscript%3Ex%3C/script%3E');
    expect(html).not.toContain('<script>x');
    expect(html).toContain('&lt;script&gt;x');
    expect(await page('/tickets/1')).toContain('<form class="hd-search-form" action="/search"');
  });
});
