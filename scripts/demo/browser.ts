import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { chromium, type BrowserContext, type Worker } from 'playwright-core';
import { chromiumArgs, waitForServiceWorkerRunning } from '../../test/e2e/harness/chromium';
import { assertBuilt, CHROME_EXTENSION_DIR } from '../../test/e2e/harness/paths';

/** The browser the demo runs in, with Deskmate loaded. */
export interface DemoBrowser {
  context: BrowserContext;
  extensionId: string;
  executablePath: string;
  version: string;
  /** How the extension got in: --load-extension, or CDP Extensions.loadUnpacked (branded Chrome >= 137). */
  loadedVia: 'flag' | 'cdp';
  close(): Promise<void>;
}

export interface FoundBrowser {
  path: string;
  version: string;
  /** Branded Google Chrome 137+ ignores --load-extension (and 139+ --disable-extensions-except). */
  ignoresLoadFlag: boolean;
}

export class BrowserMissing extends Error {}

const CANDIDATES = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'];

/** CHROME_PATH, else /usr/bin/chromium, else chromium / google-chrome on PATH. */
export function findChromium(env: NodeJS.ProcessEnv = process.env): FoundBrowser {
  const path = env.CHROME_PATH || (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : onPath(env.PATH ?? ''));
  if (!path || !existsSync(path)) {
    const where = env.CHROME_PATH ? `CHROME_PATH=${env.CHROME_PATH} does not exist` : 'no Chromium found (/usr/bin/chromium, chromium or google-chrome on PATH)';
    throw new BrowserMissing(`${where}: run \`npm run browsers\` to install Debian's chromium, or set CHROME_PATH`);
  }
  let version = '';
  try {
    // The Debian wrapper may print noise on stderr; the version is the first stdout line.
    version = execFileSync(path, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 15_000 }).split('\n')[0]!.trim();
  } catch {
    throw new BrowserMissing(`${path} does not run (--version failed): run \`npm run browsers\`, or set CHROME_PATH`);
  }
  const major = Number(/(\d+)\./.exec(version)?.[1] ?? 0);
  const branded = /^Google Chrome\b/.test(version) && !/for Testing/i.test(version);
  // DESKMATE_DEMO_LOAD=cdp takes the branded-Chrome route with any Chromium (to try it out).
  return { path, version, ignoresLoadFlag: (branded && major >= 137) || env.DESKMATE_DEMO_LOAD === 'cdp' };
}

function onPath(pathVar: string): string | undefined {
  for (const name of CANDIDATES) {
    for (const dir of pathVar.split(delimiter).filter(Boolean)) {
      if (existsSync(join(dir, name))) return join(dir, name);
    }
  }
  return undefined;
}

export async function launchDemoBrowser(found: FoundBrowser, headless: boolean, timeoutMs = 30_000): Promise<DemoBrowser> {
  const extensionDir = CHROME_EXTENSION_DIR;
  assertBuilt(extensionDir, 'npm run build');
  const userDataDir = mkdtempSync(join(tmpdir(), 'deskmate-demo-'));
  // The harness's flags; a person's own window gets its sandbox back unless it runs as root.
  const base = chromiumArgs(extensionDir).filter((a) => a !== '--no-sandbox' || headless || process.getuid?.() === 0);
  const viaCdp = found.ignoresLoadFlag;
  const args = viaCdp
    ? [...base.filter((a) => !a.startsWith('--load-extension') && !a.startsWith('--disable-extensions-except')), '--enable-unsafe-extension-debugging']
    : base;
  let context: BrowserContext | undefined;
  try {
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: found.path,
      headless,
      timeout: timeoutMs,
      args,
      // Playwright's --disable-extensions would also block Extensions.loadUnpacked.
      ...(viaCdp ? { ignoreDefaultArgs: ['--disable-extensions'] } : {}),
      viewport: headless ? { width: 1280, height: 860 } : null,
    });
    if (viaCdp) await loadUnpacked(context, extensionDir);
    const worker = await firstExtensionWorker(context, timeoutMs);
    const extensionId = new URL(worker.url()).host;
    await waitForServiceWorkerRunning(context, { extensionId, timeoutMs });
    const launched = context;
    let closing: Promise<void> | undefined;
    const close = () => (closing ??= closeBrowser(launched, userDataDir));
    return { context, extensionId, executablePath: found.path, version: found.version, loadedVia: viaCdp ? 'cdp' : 'flag', close };
  } catch (error) {
    await closeBrowser(context, userDataDir);
    throw error;
  }
}

/** Branded Chrome: the documented route, over the pipe Playwright already talks on. */
async function loadUnpacked(context: BrowserContext, path: string): Promise<void> {
  const browser = context.browser();
  if (!browser) throw new Error('no browser-level CDP session for Extensions.loadUnpacked');
  const session = await browser.newBrowserCDPSession();
  try {
    await session.send('Extensions.loadUnpacked', { path });
  } catch (error) {
    throw new Error(
      `Chrome refused Extensions.loadUnpacked (${(error as Error).message}). Load ${path} by hand in chrome://extensions ` +
        '(Developer mode > Load unpacked), or install Chromium with `npm run browsers` and set CHROME_PATH=/usr/bin/chromium',
    );
  } finally {
    await session.detach().catch(() => undefined);
  }
}

async function firstExtensionWorker(context: BrowserContext, timeoutMs: number): Promise<Worker> {
  const isExtension = (worker: Worker) => worker.url().startsWith('chrome-extension://');
  const known = context.serviceWorkers().find(isExtension);
  if (known) return known;
  return context.waitForEvent('serviceworker', { predicate: isExtension, timeout: timeoutMs }).catch((error: Error) => {
    throw new Error(`Deskmate's service worker did not start: ${error.message}`);
  });
}

async function closeBrowser(context: BrowserContext | undefined, userDataDir: string): Promise<void> {
  await context?.close().catch(() => undefined);
  // A window closed by hand: Chromium may still be writing its profile as it exits.
  try {
    rmSync(userDataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  } catch {
    console.warn(`could not remove the browser profile ${userDataDir}`);
  }
}
