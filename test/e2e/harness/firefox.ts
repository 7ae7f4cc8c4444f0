import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { assertBrowser, assertBuilt, FIREFOX_EXTENSION_DIR, firefoxPath } from './paths';
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
}

/** Launches Firefox with the build installed as a temporary add-on. A launch takes seconds: share one per file. */
export async function launchFirefox(options: LaunchFirefoxOptions = {}): Promise<FirefoxHarness> {
  const extensionDir = options.extensionDir ?? FIREFOX_EXTENSION_DIR;
  const timeoutMs = options.timeoutMs ?? 40_000;
  const executablePath = firefoxPath();
  assertBuilt(extensionDir, 'npm run build:firefox');
  assertBrowser(executablePath, 'FIREFOX_PATH');
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath,
    headless: true,
    timeout: timeoutMs,
    args: ['--remote-allow-system-access'],
    extraPrefsFirefox: {
      'extensions.webextensions.uuids': JSON.stringify({ [FIREFOX_ADDON_ID]: FIREFOX_ADDON_UUID }),
      ...options.prefs,
    },
  });
  let closing: Promise<void> | undefined;
  const close = () => (closing ??= closeFirefox(browser));
  try {
    const addonId = await withTimeout(browser.installExtension(extensionDir), timeoutMs, 'installing the add-on');
    if (addonId !== FIREFOX_ADDON_ID) {
      throw new Error(`the add-on installed as ${addonId}, not ${FIREFOX_ADDON_ID}: its UUID pin does not apply`);
    }
    return { browser, addonId, close };
  } catch (error) {
    await close();
    throw error;
  }
}

async function closeFirefox(browser: Browser) {
  await withTimeout(browser.close(), 10_000, 'Firefox to close').catch(() => browser.process()?.kill('SIGKILL'));
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
