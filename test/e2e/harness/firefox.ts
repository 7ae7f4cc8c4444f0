import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { assertBrowser, assertBuilt, FIREFOX_EXTENSION_DIR, firefoxPath, RUN_DIR } from './paths';
import { DEFAULT_TIMEOUT_MS, poll, withTimeout, type WaitOptions } from './wait';

/** Firefox 153 ESR driven by puppeteer-core over WebDriver BiDi (there is no geckodriver here). */
export const FIREFOX_ADDON_ID = 'deskmate@deskmate.app';
/** Pinned with extensions.webextensions.uuids, so moz-extension:// URLs are known in advance. */
export const FIREFOX_ADDON_UUID = '5e2d3c4b-6a7f-4e81-9d0c-1b2a3f4e5d6c';
export const FIREFOX_EXTENSION_ORIGIN = `moz-extension://${FIREFOX_ADDON_UUID}`;

export interface FirefoxHarness {
  browser: Browser;
  addonId: string;
  close(): Promise<void>;
}

export interface LaunchFirefoxOptions {
  extensionDir?: string;
  timeoutMs?: number;
  /** More Firefox preferences, e.g. to grant optional permissions without a prompt. */
  prefs?: Record<string, unknown>;
  /**
   * A Firefox started now, rather than one kept from an earlier file of the suite (below): for a
   * test of what Firefox reads only at its start, such as its policies.json.
   */
  fresh?: boolean;
}

/** Launches Firefox with the build installed as a temporary add-on. A launch takes seconds: share one per file. */
export async function launchFirefox(options: LaunchFirefoxOptions = {}): Promise<FirefoxHarness> {
  const extensionDir = options.extensionDir ?? FIREFOX_EXTENSION_DIR;
  const timeoutMs = options.timeoutMs ?? 40_000;
  const executablePath = firefoxPath();
  assertBuilt(extensionDir, 'npm run build:firefox');
  assertBrowser(executablePath, 'FIREFOX_PATH');
  if (process.env[RUN_DIR] && !options.fresh) return installInKeptFirefox(extensionDir, options.prefs ?? {}, timeoutMs);
  const profile = freshProfile();
  const browser = await startFirefox(profile, options.prefs ?? {}, timeoutMs);
  let closing: Promise<void> | undefined;
  const close = () => (closing ??= closeFirefox(browser, profile));
  try {
    return { browser, addonId: await installAddon(browser, extensionDir, timeoutMs), close };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * In the E2E suite a file's Firefox outlives the file, as its Chromium does (chromium.ts): the
 * next file of the same test worker takes it, and a launch here costs 3-8 s. When a file closes
 * its Firefox, every page is closed, cookies are deleted and the add-on is uninstalled, which
 * deletes its storage and IndexedDB and the permissions it was granted; the next file installs
 * it again, a fresh install. `keepUuidOnUninstall` keeps its pinned UUID, so its pages keep
 * their moz-extension:// URLs. A Firefox asked for with other preferences, or one that died, is
 * closed and another started; the run's teardown kills what is still kept (kept-browsers.ts).
 */
interface KeptFirefox {
  browser: Browser;
  profile: string;
  /** The preferences it was started with. */
  key: string;
}

let keptFirefox: KeptFirefox | undefined;

async function installInKeptFirefox(extensionDir: string, prefs: Record<string, unknown>, timeoutMs: number): Promise<FirefoxHarness> {
  const key = JSON.stringify(prefs);
  let kept = keptFirefox;
  keptFirefox = undefined;
  if (kept && (kept.key !== key || !kept.browser.connected)) {
    await closeFirefox(kept.browser, kept.profile);
    kept = undefined;
  }
  if (!kept) {
    const profile = freshProfile();
    kept = { browser: await startFirefox(profile, { 'extensions.webextensions.keepUuidOnUninstall': true, ...prefs }, timeoutMs), profile, key };
  }
  const { browser, profile } = kept;
  try {
    const addonId = await installAddon(browser, extensionDir, timeoutMs);
    const held = kept;
    let closing: Promise<void> | undefined;
    const close = () => (closing ??= keepFirefoxForNextFile(held, addonId));
    return { browser, addonId, close };
  } catch (error) {
    await closeFirefox(browser, profile);
    throw error;
  }
}

async function keepFirefoxForNextFile(kept: KeptFirefox, addonId: string): Promise<void> {
  const { browser, profile } = kept;
  try {
    // A blank page first: Firefox stays open once the file's pages are closed.
    const blank = await browser.newPage();
    await Promise.all((await browser.pages()).filter((page) => page !== blank).map((page) => page.close().catch(() => undefined)));
    await withTimeout(browser.uninstallExtension(addonId), 10_000, 'uninstalling the add-on');
    await browser.deleteCookie(...(await browser.cookies()));
    if (keptFirefox) await closeFirefox(keptFirefox.browser, keptFirefox.profile);
    keptFirefox = kept;
  } catch {
    await closeFirefox(browser, profile);
  }
}

/** Installs the build as a temporary add-on; its ID must be the one whose UUID is pinned. */
async function installAddon(browser: Browser, extensionDir: string, timeoutMs: number): Promise<string> {
  const addonId = await withTimeout(browser.installExtension(extensionDir), timeoutMs, 'installing the add-on');
  if (addonId !== FIREFOX_ADDON_ID) throw new Error(`the add-on installed as ${addonId}, not ${FIREFOX_ADDON_ID}: its UUID pin does not apply`);
  return addonId;
}

/** Firefox in this profile, the add-on's UUID pinned; the profile goes if it does not start. */
async function startFirefox(profile: string, prefs: Record<string, unknown>, timeoutMs: number): Promise<Browser> {
  try {
    return await puppeteer.launch({
      browser: 'firefox',
      executablePath: firefoxPath(),
      headless: true,
      timeout: timeoutMs,
      args: ['--remote-allow-system-access'],
      userDataDir: profile,
      extraPrefsFirefox: { 'extensions.webextensions.uuids': JSON.stringify({ [FIREFOX_ADDON_ID]: FIREFOX_ADDON_UUID }), ...prefs },
    });
  } catch (error) {
    rmSync(profile, { recursive: true, force: true });
    throw error;
  }
}

async function closeFirefox(browser: Browser, profile: string) {
  await withTimeout(browser.close(), 10_000, 'Firefox to close').catch(() => browser.process()?.kill('SIGKILL'));
  rmSync(profile, { recursive: true, force: true });
}

/** Where the run's Firefox profile template is (global-setup.ts makes it; see freshProfile). */
const templateDir = (run: string) => join(run, 'firefox-profile');

/**
 * A profile of its own for each launch, copied from the run's template when there is one:
 * Firefox fills a new profile's caches (its own compiled scripts among them) at its first start,
 * about 2 s of CPU and 1.5 s of each launch here, and a copy starts with them. The template never
 * ran Deskmate, so no launch inherits anything of it. Outside the suite's set-up (no run folder),
 * each launch starts from an empty profile, as Firefox does.
 */
function freshProfile(): string {
  const run = process.env[RUN_DIR];
  const profile = mkdtempSync(run ? join(run, 'firefox-') : join(tmpdir(), 'deskmate-e2e-firefox-'));
  if (run && existsSync(templateDir(run))) cpSync(templateDir(run), profile, { recursive: true });
  return profile;
}

/** Starts Firefox once in a new profile in the run's folder, without the add-on, and keeps that profile as the template. */
export async function makeFirefoxProfileTemplate(run: string): Promise<void> {
  const dir = templateDir(run);
  try {
    const browser = await puppeteer.launch({ browser: 'firefox', executablePath: firefoxPath(), headless: true, timeout: 40_000, args: ['--remote-allow-system-access'], userDataDir: dir });
    await withTimeout(browser.close(), 10_000, 'Firefox to close');
    // The lock of the Firefox that made it, which no copy should see.
    for (const lock of ['lock', '.parentlock']) rmSync(join(dir, lock), { force: true });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

export function firefoxExtensionUrl(path: string): string {
  return `${FIREFOX_EXTENSION_ORIGIN}/${path.replace(/^\//, '')}`;
}

interface BidiFrame {
  browsingContext?: { navigate(url: string, wait: 'none' | 'interactive' | 'complete'): Promise<unknown> };
}

/**
 * Opens an add-on page in a new tab. page.goto() on moz-extension:// never resolves (puppeteer
 * 24.43 with Firefox 153), so it navigates the BiDi browsing context without waiting and polls.
 */
export async function openFirefoxExtensionPage(
  firefox: FirefoxHarness,
  path: string,
  { timeoutMs = DEFAULT_TIMEOUT_MS }: WaitOptions = {},
): Promise<Page> {
  const url = firefoxExtensionUrl(path);
  const page = await firefox.browser.newPage();
  const context = (page.mainFrame() as unknown as BidiFrame).browsingContext;
  if (!context) throw new Error('puppeteer-core changed: its Firefox frame has no browsingContext to navigate');
  await withTimeout(context.navigate(url, 'none'), timeoutMs, `browsingContext.navigate to ${url}`);
  await poll(
    async () => {
      const [href, readyState] = await page.evaluate(() => [location.href, document.readyState]);
      return href === url && readyState === 'complete' ? true : undefined;
    },
    `Firefox to load ${url}`,
    { timeoutMs },
  );
  return page;
}

/** Opens an ordinary web page (http:, data:) in a new tab; page.goto works for these. */
export async function openFirefoxPage(
  firefox: FirefoxHarness,
  url: string,
  { timeoutMs = DEFAULT_TIMEOUT_MS }: WaitOptions = {},
): Promise<Page> {
  const page = await firefox.browser.newPage();
  await page.goto(url, { timeout: timeoutMs });
  return page;
}
