import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeFirefoxProfileTemplate } from './harness/firefox';
import { killKeptBrowsers } from './harness/kept-browsers';
import { assertBrowser, chromePath, firefoxPath, ROOT, RUN_DIR } from './harness/paths';

/**
 * Builds both extensions once per E2E run, so every test drives the current code, and packs them
 * as `npm run zip` does (the Chrome zip, the Firefox .xpi) from that same build.
 * E2E_SKIP_BUILD=1 reuses .output/ as it is (when iterating on tests only).
 */
export async function setup(): Promise<() => void> {
  assertBrowser(chromePath(), 'CHROME_PATH');
  assertBrowser(firefoxPath(), 'FIREFOX_PATH');
  // Files the tests write for the browsers to read (say, a recipe to import), and the profiles of
  // the browsers, kept from file to file (harness/chromium.ts, firefox.ts): one folder per run, which
  // the test workers inherit and which the teardown removes when the run ends, passed or failed,
  // once it has killed the browsers still kept. A run killed outright (SIGKILL) runs no teardown
  // and leaves it in /tmp.
  const dir = mkdtempSync(join(tmpdir(), 'deskmate-e2e-run-'));
  process.env[RUN_DIR] = dir;
  const teardown = () => {
    killKeptBrowsers(dir);
    rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
  };
  // Firefox's profile template (harness/firefox.ts) starts while the build runs; without it each
  // Firefox starts from an empty profile, slower but the same.
  const template = makeFirefoxProfileTemplate(dir).catch((error: unknown) => console.warn(`No Firefox profile template: ${String(error)}`));
  try {
    if (process.env.E2E_SKIP_BUILD !== '1') await run('npm', ['run', 'zip']);
  } catch (error) {
    await template;
    teardown();
    throw error;
  }
  await template;
  return teardown;
}

function run(command: string, args: string[]): Promise<void> {
  const line = [command, ...args].join(' ');
  return new Promise((done, fail) => {
    // Vitest sets NODE_ENV=test; inherited, it would build Preact's development JSX, so the
    // tests would drive another build than the one users get.
    const env = { ...process.env, NODE_ENV: 'production' };
    const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.on('error', (error) => fail(new Error(`${line} could not start: ${error.message}`)));
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) done();
      else fail(new Error(`${line} failed (${signal ?? `exit ${code}`}):\n${output}`));
    });
  });
}
