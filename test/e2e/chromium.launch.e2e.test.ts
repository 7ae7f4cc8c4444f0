import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchChromium,
  openExtensionPage,
  tabIdOf,
  type ChromeApi,
  type ChromiumHarness,
} from './harness/chromium';
import { htmlPage, startTestServer, type TestServer } from './harness/test-server';

declare const chrome: ChromeApi;

describe('Chromium with the extension loaded', () => {
  let chromium: ChromiumHarness;
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ '/ticket': htmlPage('Ticket', '<h1>Printer on fire</h1>') });
    chromium = await launchChromium({ fresh: true });
  });
  afterAll(async () => {
    await chromium?.close();
    await server?.close();
  });

  it('finds the extension service worker and a Chrome extension id', async () => {
    expect(chromium.extensionId).toMatch(/^[a-p]{32}$/);
    expect(chromium.serviceWorker.url()).toBe(`chrome-extension://${chromium.extensionId}/background.js`);
    expect(await chromium.serviceWorker.evaluate(() => typeof chrome.runtime.id)).toBe('string');
  });

  it('opens sidepanel.html as an ordinary tab', async () => {
    const page = await openExtensionPage(chromium.context, chromium.extensionId, 'sidepanel.html?tab=7');

    expect(new URL(page.url()).search).toBe('?tab=7');
    await page.waitForFunction(() => document.querySelector('#app')?.textContent?.includes('Deskmate'), null, {
      timeout: 10_000,
    });
    await page.close();
  });

  it('tells the Chrome tab ids of two pages on the same URL apart', async () => {
    const first = await chromium.context.newPage();
    const second = await chromium.context.newPage();
    await first.goto(server.url('/ticket'));
    await second.goto(server.url('/ticket'));

    const ids = [await tabIdOf(first), await tabIdOf(second)];

    expect(ids[0]).not.toBe(ids[1]);
    expect(await first.title()).toBe('Ticket');
    const tabs = await chromium.serviceWorker.evaluate(() => chrome.tabs.query({ title: 'Ticket' }));
    expect(tabs.map((tab) => tab.id).sort()).toEqual([...ids].sort());
    await first.close();
    await second.close();
  });
});
