import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where the E2E harness finds the builds and the browsers; env vars override the binaries. */
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
/** E2E_CHROME_EXTENSION_DIR / E2E_FIREFOX_EXTENSION_DIR test a build elsewhere (with E2E_SKIP_BUILD=1). */
export const CHROME_EXTENSION_DIR = process.env.E2E_CHROME_EXTENSION_DIR ?? join(ROOT, '.output/chrome-mv3');
export const FIREFOX_EXTENSION_DIR = process.env.E2E_FIREFOX_EXTENSION_DIR ?? join(ROOT, '.output/firefox-mv2');

/** The environment variable naming the run's folder for files the tests write (global-setup.ts). */
export const RUN_DIR = 'DESKMATE_E2E_RUN_DIR';

/** The run's folder (a file run outside the suite's set-up writes under the system's). */
export function runDir(): string {
  return process.env[RUN_DIR] ?? tmpdir();
}

export function chromePath(): string {
  return process.env.CHROME_PATH ?? '/usr/bin/chromium';
}

export function firefoxPath(): string {
  return process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
}

export function assertBuilt(dir: string, command: string): void {
  if (!existsSync(join(dir, 'manifest.json'))) {
    throw new Error(`${dir}/manifest.json is missing: run \`${command}\` (or unset E2E_SKIP_BUILD)`);
  }
}

export function assertBrowser(path: string, envName: string): void {
  if (!existsSync(path)) {
    throw new Error(`${path} not found: run \`npm run browsers\` or set ${envName}`);
  }
}
