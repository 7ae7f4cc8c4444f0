import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import JSZip from 'jszip';
import puppeteer from 'puppeteer-core';
import { afterAll, describe, expect, it } from 'vitest';
import { launchChromium } from './harness/chromium';
import { FIREFOX_ADDON_ID, FIREFOX_ADDON_UUID, openFirefoxExtensionPage, type FirefoxHarness } from './harness/firefox';
import { firefoxPath, ROOT } from './harness/paths';
import { poll } from './harness/wait';

/** The packages `npm run zip` makes (the E2E setup makes them from the build under test). */
const VERSION = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
const CHROME_ZIP = join(ROOT, `.output/deskmate-${VERSION}-chrome.zip`);
const FIREFOX_XPI = join(ROOT, `.output/deskmate-${VERSION}-firefox.xpi`);

const scratch: string[] = [];
const tempDir = (name: string) => {
  const dir = mkdtempSync(join(tmpdir(), `deskmate-${name}-`));
  scratch.push(dir);
  return dir;
};

async function unzip(file: string, into: string): Promise<void> {
  const zip = await JSZip.loadAsync(readFileSync(file));
  for (const entry of Object.values(zip.files)) {
    if (entry.dir) continue;
    const target = join(into, entry.name);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, await entry.async('nodebuffer'));
  }
}

/**
 * Firefox ESR started on a profile whose extensions folder holds the .xpi, as an admin or an
 * installer puts it there: a permanent install of the unsigned package, allowed by the ESR's
 * own setting, not a temporary add-on.
 */
async function firefoxWithProfile(profile: string): Promise<FirefoxHarness> {
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: firefoxPath(),
    headless: true,
    userDataDir: profile,
    args: ['--remote-allow-system-access'],
    extraPrefsFirefox: {
      'xpinstall.signatures.required': false,
      // Add-ons found in the profile are enabled without a prompt (what a managed install does).
      'extensions.autoDisableScopes': 0,
      'extensions.webextensions.uuids': JSON.stringify({ [FIREFOX_ADDON_ID]: FIREFOX_ADDON_UUID }),
    },
  });
  return { browser, addonId: FIREFOX_ADDON_ID, close: () => browser.close() };
}

/** Whether the sidebar page of the installed add-on renders Deskmate. */
async function sidebarRenders(firefox: FirefoxHarness): Promise<boolean> {
  const page = await openFirefoxExtensionPage(firefox, 'sidepanel.html', { timeoutMs: 20_000 });
  try {
    await poll(() => page.evaluate(() => (document.querySelector('[data-testid="chat-input"]') ? true : undefined)), 'the sidebar of the installed package', {
      timeoutMs: 20_000,
    });
    return true;
  } finally {
    await page.close();
  }
}

describe('packages a team can install and keep (npm run zip)', () => {
  afterAll(() => {
    for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
  });

  it('the Chrome zip, unpacked, loads in Chromium and runs the sidebar', async () => {
    expect(existsSync(CHROME_ZIP), CHROME_ZIP).toBe(true);
    const dir = tempDir('chrome-package');
    await unzip(CHROME_ZIP, dir);
    const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as { manifest_version: number; version: string };
    expect([manifest.manifest_version, manifest.version]).toEqual([3, VERSION]);

    const chromium = await launchChromium({ extensionDir: dir });
    try {
      const page = await chromium.context.newPage();
      await page.goto(`chrome-extension://${chromium.extensionId}/sidepanel.html`);
      await page.waitForSelector('[data-testid="chat-input"]', { timeout: 20_000 });
    } finally {
      await chromium.close();
    }
  });

  it('the Firefox .xpi, unsigned, stays installed in Firefox ESR across a browser restart', async () => {
    expect(existsSync(FIREFOX_XPI), FIREFOX_XPI).toBe(true);
    const profile = tempDir('firefox-profile');
    mkdirSync(join(profile, 'extensions'));
    copyFileSync(FIREFOX_XPI, join(profile, 'extensions', `${FIREFOX_ADDON_ID}.xpi`));

    for (const start of ['first start', 'after a restart']) {
      const firefox = await firefoxWithProfile(profile);
      try {
        expect(await sidebarRenders(firefox), start).toBe(true);
      } finally {
        await firefox.close();
      }
    }
  });
});
