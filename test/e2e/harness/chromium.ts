import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Worker } from 'playwright-core';
import { assertBrowser, assertBuilt, CHROME_EXTENSION_DIR, chromePath } from './paths';
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
}

export function chromiumArgs(extensionDir: string): string[] {
  return [
    `--disable-extensions-except=${extensionDir}`,
    `--load-extension=${extensionDir}`,
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
