import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FIREFOX_ADDON_ID,
  FIREFOX_EXTENSION_ORIGIN,
  launchFirefox,
  openFirefoxExtensionPage,
  openFirefoxPage,
  type FirefoxHarness,
} from './harness/firefox';
import { htmlPage, startTestServer, type TestServer } from './harness/test-server';

declare const browser: { runtime: { getURL(path: string): string; id: string; sendMessage(message: unknown): Promise<unknown> } };

describe('Firefox with the add-on installed', () => {
  let firefox: FirefoxHarness;
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ '/ticket': htmlPage('Ticket', '<h1>Printer on fire</h1>') });
    firefox = await launchFirefox();
  });
  afterAll(async () => {
    await firefox?.close();
    await server?.close();
  });

  it('installs the add-on under its id and pinned UUID', async () => {
    const page = await openFirefoxExtensionPage(firefox, 'sidepanel.html');

    expect(firefox.addonId).toBe(FIREFOX_ADDON_ID);
    expect(await page.evaluate(() => [browser.runtime.id, browser.runtime.getURL('')])).toEqual([
      FIREFOX_ADDON_ID,
      `${FIREFOX_EXTENSION_ORIGIN}/`,
    ]);
    await page.close();
  });

  it('renders sidepanel.html', async () => {
    const page = await openFirefoxExtensionPage(firefox, 'sidepanel.html');

    await page.waitForFunction(() => document.querySelector('#app')?.textContent?.includes('Deskmate'), {
      timeout: 10_000,
    });
    await page.close();
  });

  // Firefox's background is a page: a script the background runs when first needed is a script
  // element there (src/background/lazy-script.ts), not the worker's importScripts.
  it("runs the saved replies' script, which the background loads at their first save", async () => {
    const page = await openFirefoxExtensionPage(firefox, 'options.html');
    const data = { version: 1, agentName: 'Sam', replies: [{ id: 'thanks', title: 'Thanks', body: 'Thanks, {{customer.first_name}}!' }] };
    expect(await page.evaluate((data) => browser.runtime.sendMessage({ type: 'savedReplies.save', data }), data)).toEqual({ ok: true, value: { ok: true } });
    expect(await page.evaluate(() => browser.runtime.sendMessage({ type: 'savedReplies.get' }))).toEqual({ ok: true, value: { agentName: 'Sam', replies: data.replies } });
    expect(await page.evaluate(() => browser.runtime.sendMessage({ type: 'savedReplies.import', data: { version: 1, replies: [{ id: 'x', title: 'X', body: '{{order.id}}' }] } }))).toEqual({
      ok: true,
      value: { ok: false, error: '"X" uses unknown variables: {{order.id}}' },
    });
    await page.close();
  });

  it('opens an ordinary web page', async () => {
    const page = await openFirefoxPage(firefox, server.url('/ticket'));

    expect(await page.title()).toBe('Ticket');
    expect(await page.$eval('h1', (h1) => h1.textContent)).toBe('Printer on fire');
    await page.close();
  });
});
