import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Kills the browsers whose profiles are in the run's folder: those kept from file to file
 * (chromium.ts, firefox.ts) and any a file left open. Vitest ends its workers with SIGTERM and
 * does not wait for them, so a kept browser may outlive its worker. Playwright and Puppeteer
 * start each browser as a process group of its own: the whole group goes.
 */
export function killKeptBrowsers(runDir: string): void {
  const profiles = [join(runDir, 'chromium-'), join(runDir, 'firefox-')];
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    let command: string;
    try {
      command = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    } catch {
      continue; // gone already
    }
    if (!command.split('\0').some((arg) => profiles.some((profile) => arg.includes(profile)))) continue;
    for (const target of [-Number(pid), Number(pid)]) {
      try {
        process.kill(target, 'SIGKILL');
      } catch {
        // not a group leader, or gone
      }
    }
  }
}
