import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type CDPSession, type Worker } from 'playwright-core';
import { assertBrowser, assertBuilt, CHROME_EXTENSION_DIR, chromePath, RUN_DIR } from './paths';
import { poll } from './wait';
import { waitForServiceWorkerRunning } from './service-worker';

export type { ChromeApi, ChromeTab, ExtensionContext } from './chrome-api';
export { extensionIdOf, extensionUrl, openExtensionPage, tabIdOf, type TabIdOptions } from './extension-pages';
export { openRealSidePanel, type OpenSidePanelOptions } from './side-panel';
export type { PanelKey, SidePanel } from './side-panel-handle';
export {
  serviceWorkerStatus,
  stopServiceWorker,
  waitForServiceWorkerRunning,
  type WorkerRunningStatus,
} from './service-worker';

export interface ChromiumHarness {
  context: BrowserContext;
  extensionId: string;
  /** Playwright keeps this object across stop/start: the worker's target id does not change. */
  serviceWorker: Worker;
  userDataDir: string;
  close(): Promise<void>;
}

export interface LaunchChromiumOptions {
  extensionDir?: string;
  timeoutMs?: number;
  /** More command-line switches (say, host names mapped to a local server). */
  extraArgs?: string[];
  /**
   * A browser started now with the extension in it from the start, as a user's browser starts,
   * rather than one kept from an earlier file of the suite (below): for a test of what Chromium
   * reads only at its start, such as a policy file.
   */
  fresh?: boolean;
}

/** Chromium's switches for the tests; with an extension folder, that extension loaded at start. */
export function chromiumArgs(extensionDir: string | null): string[] {
  return [
    ...(extensionDir === null ? [] : [`--disable-extensions-except=${extensionDir}`, `--load-extension=${extensionDir}`]),
    '--no-sandbox', // the machines run as root, where Chromium refuses its sandbox
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    // Without these Chromium floods the closed network with refused connections.
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ];
}

export async function launchChromium(options: LaunchChromiumOptions = {}): Promise<ChromiumHarness> {
  const extensionDir = options.extensionDir ?? CHROME_EXTENSION_DIR;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const executablePath = chromePath();
  assertBuilt(extensionDir, 'npm run build');
  assertBrowser(executablePath, 'CHROME_PATH');
  const runDir = process.env[RUN_DIR];
  if (runDir && !options.fresh) return installInKeptBrowser(runDir, extensionDir, options.extraArgs ?? [], timeoutMs);
  const userDataDir = mkdtempSync(join(tmpdir(), 'deskmate-e2e-chromium-'));
  let context: BrowserContext | undefined;
  try {
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath,
      headless: true,
      timeout: timeoutMs,
      args: [...chromiumArgs(extensionDir), ...(options.extraArgs ?? [])],
    });
    const found = await firstExtensionWorker(context, timeoutMs);
    const extensionId = new URL(found.url()).host;
    // Playwright reports the worker while it is still installing; its listeners are not set yet.
    const serviceWorker = await waitForServiceWorkerRunning(context, { extensionId, timeoutMs });
    const launched = context;
    let closing: Promise<void> | undefined;
    const close = () => (closing ??= closeChromium(launched, userDataDir));
    return { context, extensionId, serviceWorker, userDataDir, close };
  } catch (error) {
    await closeChromium(context, userDataDir);
    throw error;
  }
}

async function closeChromium(context: BrowserContext | undefined, userDataDir: string) {
  await context?.close().catch(() => undefined);
  rmSync(userDataDir, { recursive: true, force: true });
}

async function firstExtensionWorker(context: BrowserContext, timeoutMs: number): Promise<Worker> {
  const isExtension = (worker: Worker) => worker.url().startsWith('chrome-extension://');
  const known = context.serviceWorkers().find(isExtension);
  if (known) return known;
  return context
    .waitForEvent('serviceworker', { predicate: isExtension, timeout: timeoutMs })
    .catch((error: Error) => {
      throw new Error(`the extension's service worker did not start: ${error.message}`);
    });
}

/**
 * In the E2E suite a file's Chromium outlives the file: the next file of the same test worker
 * (the files share their modules, isolate: false) takes it. A launch costs seconds of CPU here,
 * and a browser that starts with the extension in it answers the extension's first reads of its
 * policy (`storage.managed`) only 1-6 s later, so every file waited that long to configure it.
 *
 * So the browser starts without the extension, which is then installed through CDP's Extensions
 * domain as an unpacked extension (same folder, same ID). When the file closes its browser the
 * extension is uninstalled, which takes its storage, IndexedDB and granted permissions with it,
 * every page is closed and the browser's cookies and site permissions are cleared; the next file
 * installs the extension again, a fresh install. A browser asked for with other switches, or one
 * that died, is closed and another started. What is still kept when the run ends, the run's
 * teardown kills (kept-browsers.ts) before it removes the run's folder with the profiles.
 */
interface KeptBrowser {
  context: BrowserContext;
  cdp: CDPSession;
  userDataDir: string;
  /** The switches it was started with. */
  key: string;
}

let kept: KeptBrowser | undefined;

async function installInKeptBrowser(runDir: string, extensionDir: string, extraArgs: string[], timeoutMs: number): Promise<ChromiumHarness> {
  const key = JSON.stringify(extraArgs);
  let browser = kept;
  kept = undefined;
  if (browser && (browser.key !== key || !browser.context.browser()?.isConnected())) {
    await closeChromium(browser.context, browser.userDataDir);
    browser = undefined;
  }
  browser ??= await startBareChromium(runDir, extraArgs, key, timeoutMs);
  const { context, userDataDir } = browser;
  try {
    const { id: extensionId } = await browser.cdp.send('Extensions.loadUnpacked', { path: extensionDir });
    const serviceWorker = await waitForServiceWorkerRunning(context, { extensionId, timeoutMs });
    const held = browser;
    let closing: Promise<void> | undefined;
    const close = () => (closing ??= keepForNextFile(held, extensionId));
    return { context, extensionId, serviceWorker, userDataDir, close };
  } catch (error) {
    await closeChromium(context, userDataDir);
    throw error;
  }
}

async function startBareChromium(runDir: string, extraArgs: string[], key: string, timeoutMs: number): Promise<KeptBrowser> {
  const userDataDir = mkdtempSync(join(runDir, 'chromium-'));
  let context: BrowserContext | undefined;
  try {
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: chromePath(),
      headless: true,
      timeout: timeoutMs,
      // Playwright turns extensions off unless the command line loads one.
      ignoreDefaultArgs: ['--disable-extensions'],
      args: ['--enable-unsafe-extension-debugging', ...chromiumArgs(null), ...extraArgs],
    });
    const cdp = await context.browser()!.newBrowserCDPSession();
    return { context, cdp, userDataDir, key };
  } catch (error) {
    await closeChromium(context, userDataDir);
    throw error;
  }
}

async function keepForNextFile(browser: KeptBrowser, extensionId: string): Promise<void> {
  const { context, cdp } = browser;
  try {
    // A blank page first: the browser stays open once the file's pages are closed. The one kept
    // from the last file, when the file left it blank: a new page costs a renderer.
    const blank = context.pages().find((page) => page.url() === 'about:blank') ?? (await context.newPage());
    await Promise.all(context.pages().filter((page) => page !== blank).map((page) => page.close().catch(() => undefined)));
    await cdp.send('Extensions.uninstall', { id: extensionId });
    // Chromium deletes the extension's data after the uninstall; the next install waits for it.
    const origin = `chrome-extension://${extensionId}`;
    const page = await context.newCDPSession(blank);
    await poll(async () => ((await page.send('Storage.getUsageAndQuota', { origin })).usage === 0 || undefined), `${origin}'s data to be deleted`, { timeoutMs: 10_000, intervalMs: 20 });
    await page.detach();
    await context.clearCookies();
    await context.clearPermissions();
    if (kept) await closeChromium(kept.context, kept.userDataDir);
    kept = browser;
  } catch {
    await closeChromium(context, browser.userDataDir);
  }
}

