import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, openExtensionPage, tabIdOf, type ChromeApi, type ChromiumHarness } from './harness/chromium';
import { openTicket, pageDriver, startDemoHelpdesk, ticketShown, TICKET_1, type DemoHelpdesk } from './harness/deskmate';
import { CHROME_EXTENSION_DIR } from './harness/paths';
import { CONTENT_PARTS } from '../../src/shared/content-parts';

declare const chrome: ChromeApi;

/**
 * What Chrome 114-147 gives an extension, played in the newer Chromium the tests run in: no
 * `browser` namespace, and a promise a message listener returns is no answer (only `true` and
 * sendResponse are). It runs first in every script of a copy of the build, before
 * webextension-polyfill looks for a `browser` to hand over.
 */
const BEFORE_148 = `(() => {
  const c = globalThis.chrome;
  if (globalThis.__before148 || !c?.runtime?.onMessage) return;
  globalThis.__before148 = true;
  delete globalThis.browser;
  // Kept away: a namespace the browser installs again later (as the worker wakes) must not show.
  Object.defineProperty(globalThis, 'browser', { get: () => undefined, set: () => {}, configurable: false });
  const event = c.runtime.onMessage;
  const add = event.addListener.bind(event), remove = event.removeListener.bind(event), has = event.hasListener.bind(event);
  const wrapped = new Map();
  event.addListener = (listener) => {
    const old = (message, sender, sendResponse) => (listener(message, sender, sendResponse) === true ? true : undefined);
    wrapped.set(listener, old);
    add(old);
  };
  event.removeListener = (listener) => remove(wrapped.get(listener) ?? listener);
  event.hasListener = (listener) => has(wrapped.get(listener) ?? listener);
})();`;

function buildAsBefore148(): string {
  const dir = mkdtempSync(join(tmpdir(), 'deskmate-before-148-'));
  cpSync(CHROME_EXTENSION_DIR, dir, { recursive: true });
  // Every script of the build: the worker's, the lazily loaded ones (a new one included), the
  // content script and the pages' chunks.
  const scripts = (folder: string) => readdirSync(join(dir, folder)).filter((f) => f.endsWith('.js')).map((f) => (folder === '.' ? f : `${folder}/${f}`));
  for (const file of [...scripts('.'), ...scripts('content-scripts'), ...scripts('chunks')]) {
    writeFileSync(join(dir, file), `${BEFORE_148}\n${readFileSync(join(dir, file), 'utf8')}`);
  }
  return dir;
}

describe('Chrome before 148 (no browser namespace, no promise answers from message listeners)', () => {
  let chromium: ChromiumHarness;
  let helpdesk: DemoHelpdesk;
  let dir: string;

  beforeAll(async () => {
    dir = buildAsBefore148();
    helpdesk = await startDemoHelpdesk();
    chromium = await launchChromium({ extensionDir: dir });
  });
  afterAll(async () => {
    await chromium?.close();
    await helpdesk?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('runs without a browser namespace, the lazily loaded scripts too', async () => {
    // The scripts the worker loads on demand (the model client at the first request, and so on),
    // loaded now; not the content script's parts, which run in a page (they have the prelude too).
    const parts = new Set<string>(Object.values(CONTENT_PARTS));
    const lazy = readdirSync(dir).filter((f) => f.endsWith('.js') && f !== 'background.js' && !parts.has(f));
    expect(lazy).toContain('model-client.js');
    await chromium.serviceWorker.evaluate((files: string[]) => (globalThis as unknown as { importScripts(...urls: string[]): void }).importScripts(...files.map((f) => `/${f}`)), lazy);
    expect(await chromium.serviceWorker.evaluate(() => typeof (globalThis as { browser?: unknown }).browser)).toBe('undefined');
  });

  it('answers through webextension-polyfill: the page announces its ticket, and the sidebar reads it through the background', async () => {
    const page = await openTicket(chromium.context, helpdesk, TICKET_1.id);
    const tabId = await tabIdOf(page, { via: chromium.serviceWorker });
    const sidebar = await openExtensionPage(chromium.context, chromium.extensionId, `sidepanel.html?tab=${tabId}`);
    await ticketShown(pageDriver(sidebar), tabId, TICKET_1.label);
    const answer = (await sidebar.evaluate(
      (tabId) => chrome.runtime.sendMessage({ type: 'tool.invoke', tabId, tool: 'ticket.read', input: {} }),
      tabId,
    )) as { ok: boolean; value?: { ok: boolean; data?: { subject?: string } } } | undefined;
    expect(answer?.ok && answer.value?.ok).toBe(true);
    expect(answer?.value?.data?.subject).toBe(TICKET_1.subject);
  });
});
