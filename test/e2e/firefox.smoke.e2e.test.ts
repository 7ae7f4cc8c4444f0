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

declare const browser: { runtime: { getURL(path: string): string; id: string } };

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

  it('opens an ordinary web page', async () => {
    const page = await openFirefoxPage(firefox, server.url('/ticket'));

    expect(await page.title()).toBe('Ticket');
    expect(await page.$eval('h1', (h1) => h1.textContent)).toBe('Printer on fire');
    await page.close();
  });
});
