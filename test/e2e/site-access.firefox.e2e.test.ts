import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchFirefox, openFirefoxExtensionPage, openFirefoxPage, type FirefoxHarness } from './harness/firefox';
import { poll } from './harness/wait';

declare const browser: { tabs: { query(q: object): Promise<{ id?: number; url?: string }[]> } };

/**
 * "Enable Deskmate on this site" on a helpdesk at an address the build does not cover
 * (127.0.0.2: loopback, but not one of the manifest's hosts). Firefox grants optional
 * permissions without its prompt when webextOptionalPermissionPrompts is off, so the real
 * request runs from the real click.
 */
describe('site access: enable Deskmate on a self-hosted site, then revoke it', () => {
  let firefox: FirefoxHarness;
  let server: Server;
  let origin: string;

  beforeAll(async () => {
    const ticket = await readFile('test/fixtures/sites/demo-helpdesk/ticket.html', 'utf8');
    server = createServer((req, res) => {
      const found = req.url?.startsWith('/tickets/1');
      res.writeHead(found ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
      res.end(found ? ticket : 'not found');
    });
    await new Promise<void>((ready) => server.listen(0, '127.0.0.2', ready));
    origin = `http://127.0.0.2:${(server.address() as AddressInfo).port}`;
    firefox = await launchFirefox({ prefs: { 'extensions.webextOptionalPermissionPrompts': false } });
  });
  afterAll(async () => {
    await firefox?.close();
    server?.closeAllConnections();
    await new Promise((done) => server?.close(done));
  });

  const text = (page: Page, selector: string) => page.$eval(selector, (e) => e.textContent ?? '').catch(() => '');

  it('offers the site, enables it on a click, runs its page tools, and drops them on revoke', async () => {
    const ticketUrl = `${origin}/tickets/1`;
    const ticket = await openFirefoxPage(firefox, ticketUrl);
    const finder = await openFirefoxExtensionPage(firefox, 'options.html');
    const [tabId] = await finder.evaluate((url) => browser.tabs.query({}).then((t) => t.filter((x) => x.url === url).map((x) => x.id)), ticketUrl);
    expect(tabId).toBeTypeOf('number');

    const sidebar = await openFirefoxExtensionPage(firefox, `sidepanel.html?tab=${tabId}`);
    await sidebar.waitForSelector('[data-testid="site-enable"]', { timeout: 15_000 });
    expect(await sidebar.$('[data-testid="page-tool"]')).toBeNull();

    await sidebar.click('[data-testid="site-enable"]');
    await sidebar.waitForSelector('[data-testid="site-enable"]', { hidden: true, timeout: 15_000 });
    await sidebar.click('#tab-page');
    await sidebar.waitForSelector('[data-testid="page-tool"][data-tool="ticket.read"]', { timeout: 15_000 });
    await sidebar.click('[data-testid="page-tool"][data-tool="ticket.read"] button[type="submit"]');
    const result = await poll(async () => (await text(sidebar, '[data-testid="tool-result"]')) || undefined, 'the ticket to be read');
    expect(result).toContain('Charged twice');

    // page.reload() on moz-extension:// never resolves: a fresh options page instead.
    await finder.close();
    const options = await openFirefoxExtensionPage(firefox, 'options.html');
    await options.waitForSelector('[data-testid="enabled-site"]', { timeout: 15_000 });
    expect(await text(options, '[data-testid="enabled-site"]')).toContain(origin);
    await options.click('[data-testid="site-revoke"]');

    // Revoking takes effect at once: the tab's tools are gone, and the offer is back.
    await sidebar.waitForSelector('[data-testid="site-enable"]', { timeout: 15_000 });
    expect(await sidebar.$('[data-testid="page-tool"]')).toBeNull();
    await ticket.close();
  });
});
