import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchChromium,
  openRealSidePanel,
  tabIdOf,
  type ChromeApi,
  type ChromiumHarness,
  type SidePanel,
} from './harness/chromium';
import { CHROME_EXTENSION_DIR } from './harness/paths';
import { htmlPage, startTestServer, type TestServer } from './harness/test-server';

declare const chrome: ChromeApi;

const manifest = JSON.parse(readFileSync(join(CHROME_EXTENSION_DIR, 'manifest.json'), 'utf8')) as { action?: object };

describe('the real Chrome side panel', () => {
  let chromium: ChromiumHarness;
  let server: TestServer;
  const open = async (via: 'gesture' | 'action' = 'gesture', path?: (tabId: number) => string) => {
    const page = await chromium.context.newPage();
    await page.goto(server.url('/ticket'));
    const panel = await openRealSidePanel(chromium.context, chromium.extensionId, page, { via, path });
    return { page, panel };
  };
  const closeAll = async (page: { close(): Promise<void> }, panel: SidePanel) => {
    await panel.close();
    await page.close();
  };

  beforeAll(async () => {
    server = await startTestServer({ '/ticket': htmlPage('Ticket', '<h1>Printer on fire</h1>') });
    chromium = await launchChromium();
  });
  afterAll(async () => {
    await chromium?.close();
    await server?.close();
  });

  it('opens for a tab and shows the sidebar app', async () => {
    const { page, panel } = await open();

    expect(panel.url).toBe(`chrome-extension://${chromium.extensionId}/sidepanel.html`);
    expect(panel.tabId).toBe(await tabIdOf(page));
    await panel.waitFor('#app *');
    expect(await panel.text('#app')).toContain('Deskmate');
    expect(chromium.context.pages().map((p) => p.url())).not.toContain(panel.url);
    await closeAll(page, panel);
  });

  it('is a SIDE_PANEL context for the extension, not a tab', async () => {
    const { page, panel } = await open();

    const kinds = await panel.evaluate(() =>
      chrome.runtime.getContexts({}).then((all) => all.filter((c) => c.documentUrl === location.href).map((c) => c.contextType)),
    );

    expect(kinds).toEqual(['SIDE_PANEL']);
    await closeAll(page, panel);
  });

  it('opens a tab-specific page when given a path', async () => {
    const { page, panel } = await open('gesture', (tabId) => `sidepanel.html?tab=${tabId}`);

    expect(await panel.evaluate(() => location.search)).toBe(`?tab=${panel.tabId}`);
    await closeAll(page, panel);
  });

  it('clicks and types into the panel with trusted events', async () => {
    const { page, panel } = await open();
    await panel.evaluate(() => {
      const form = document.createElement('form');
      form.innerHTML = '<input id="e2e-input" value="old"><button id="e2e-button" type="button">Go</button>';
      form.addEventListener('submit', (event) => {
        event.preventDefault();
        document.body.dataset.submitted = 'yes';
      });
      form.querySelector('button')!.addEventListener('click', (event) => {
        document.body.dataset.clicked = String(event.isTrusted);
      });
      document.body.append(form);
    });

    await panel.fill('#e2e-input', 'hello');
    await panel.press('Enter');
    await panel.click('#e2e-button');

    expect(await panel.evaluate(() => (document.querySelector('#e2e-input') as HTMLInputElement).value)).toBe('hello');
    expect(await panel.evaluate(() => ({ ...document.body.dataset }))).toEqual({ clicked: 'true', submitted: 'yes' });
    await closeAll(page, panel);
  });

  it.skipIf(!manifest.action)('opens from the toolbar button when the background asks for that', async () => {
    const { page, panel } = await open('action');

    expect(await panel.text('#app')).toContain('Deskmate');
    await closeAll(page, panel);
  });
});
