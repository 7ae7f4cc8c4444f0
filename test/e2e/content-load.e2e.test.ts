import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROME_EXTENSION_DIR, FIREFOX_EXTENSION_DIR } from './harness/paths';
import { launchChromium, openExtensionPage, tabIdOf, type ChromeApi, type ChromiumHarness } from './harness/chromium';
import { openTicket, pageDriver, startDemoHelpdesk, ticketShown, TICKET_1, type DemoHelpdesk } from './harness/deskmate';
import { CONTENT_PARTS } from '../../src/shared/content-parts';
import { attack } from '../security/attack';

declare const chrome: ChromeApi;

/**
 * What every page of an enabled site parses at load (issue 26): the content script holds each
 * adapter's detection, announce and focus memory; the adapters' tools, the recipe engine and
 * the past-ticket search are the tools part, which the background runs in the tab the first time
 * a tool runs there, once.
 */
const TARGET_GZIP_BYTES = 15 * 1024;
// Words of the tools only (a send's checks), never of detection.
const TOOLS_ONLY = ['The reply is empty.', 'nothing was sent'];

describe.each([
  ['Chromium', CHROME_EXTENSION_DIR],
  ['Firefox', FIREFOX_EXTENSION_DIR],
])('the %s build', (_browser, dir) => {
  const content = readFileSync(join(dir, 'content-scripts/content.js'));

  it(`parses at most ${TARGET_GZIP_BYTES} bytes (gzip -9) of content script at page load`, () => {
    expect(gzipSync(content, { level: 9 }).length).toBeLessThanOrEqual(TARGET_GZIP_BYTES);
  });

  it('keeps the tools in the tools part, a file of the package the background runs by name', () => {
    const tools = readFileSync(join(dir, CONTENT_PARTS.tools), 'utf8');
    for (const words of TOOLS_ONLY) {
      expect([words, content.toString('utf8').includes(words)]).toEqual([words, false]);
      expect([words, tools.includes(words)]).toEqual([words, true]);
    }
  });
});

describe('the tools part in Chromium', () => {
  let chromium: ChromiumHarness;
  let helpdesk: DemoHelpdesk;

  beforeAll(async () => {
    helpdesk = await startDemoHelpdesk();
    chromium = await launchChromium();
  });
  afterAll(async () => {
    await chromium?.close();
    await helpdesk?.close();
  });

  /** The files the worker runs in tabs from now on (the browser's own API, watched in the worker). */
  const watchInjections = () =>
    chromium.serviceWorker.evaluate(() => {
      const g = globalThis as unknown as { __injected: string[]; chrome?: { scripting?: unknown }; browser?: { scripting?: unknown } };
      g.__injected = [];
      type Scripting = { executeScript: (d: { files?: string[] }) => Promise<unknown> };
      for (const api of new Set([g.chrome?.scripting, g.browser?.scripting].filter(Boolean) as Scripting[])) {
        const run = api.executeScript.bind(api);
        api.executeScript = (d) => (g.__injected.push(...(d.files ?? [])), run(d));
      }
    });
  const injected = () => chromium.serviceWorker.evaluate(() => (globalThis as unknown as { __injected: string[] }).__injected);

  it('a ticket page loads without it; the first tool calls run it once', async () => {
    await watchInjections();
    const page = await openTicket(chromium.context, helpdesk, TICKET_1.id);
    const tabId = await tabIdOf(page, { via: chromium.serviceWorker });
    const sidebar = await openExtensionPage(chromium.context, chromium.extensionId, `sidepanel.html?tab=${tabId}`);
    await ticketShown(pageDriver(sidebar), tabId, TICKET_1.label);
    expect(await injected()).toEqual([]);

    const subjects = await sidebar.evaluate(async (tabId) => {
      type Answer = { ok: boolean; value?: { ok: boolean; data?: { subject?: string } } } | undefined;
      const read = async () => ((await chrome.runtime.sendMessage({ type: 'tool.invoke', tabId, tool: 'ticket.read', input: {} })) as Answer)?.value?.data?.subject;
      const first = await Promise.all([read(), read(), read()]);
      return [...first, await read()];
    }, tabId);
    expect(subjects).toEqual(Array(4).fill(TICKET_1.subject));
    expect(await injected()).toEqual([CONTENT_PARTS.tools]);
    await sidebar.close();
    await page.close();
  });

  attack("the page's own scripts look for the tools part, its loader and the focus memory once the tools ran in the tab", async () => {
    const page = await openTicket(chromium.context, helpdesk, TICKET_1.id);
    const tabId = await tabIdOf(page, { via: chromium.serviceWorker });
    const sidebar = await openExtensionPage(chromium.context, chromium.extensionId, `sidepanel.html?tab=${tabId}`);
    await ticketShown(pageDriver(sidebar), tabId, TICKET_1.label);
    const read = await sidebar.evaluate((tabId) => chrome.runtime.sendMessage({ type: 'tool.invoke', tabId, tool: 'ticket.read', input: {} }), tabId);
    expect(read).toMatchObject({ ok: true, value: { ok: true } });
    // They live on the global of the content script's isolated world, which the page does not share.
    const seen = await page.evaluate(() => {
      const g = globalThis as unknown as Record<string, unknown>;
      return {
        names: Object.getOwnPropertyNames(globalThis).filter((k) => k.toLowerCase().includes('deskmate')),
        parts: typeof g.__deskmateContentParts,
        loader: typeof g.__deskmateContentPartLoader,
        focus: typeof g.__deskmateFocus,
      };
    });
    expect(seen).toEqual({ names: [], parts: 'undefined', loader: 'undefined', focus: 'undefined' });
    await sidebar.close();
    await page.close();
  });
});
