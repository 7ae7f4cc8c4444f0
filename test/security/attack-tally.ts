import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

/** One test file's attacks at its latest run. */
export interface FileTally {
  total: number;
  achieved: number;
  /** 'unit' (vitest.config.ts) or 'browser' (vitest.e2e.config.ts). */
  suite: Suite;
  at: string;
}

export type Suite = 'unit' | 'browser';
export type Tally = Record<string, FileTally>;

/** Where the runs leave their counts for each other: the unit run's for the browser run's line. */
export const TALLY_FILE = join(process.cwd(), 'node_modules', '.cache', 'deskmate', 'attacks.json');

export function readTally(file = TALLY_FILE): Tally {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Tally;
  } catch {
    return {};
  }
}

/**
 * This run's files replace their earlier counts; files of the other suite and of earlier runs
 * stay, except those no longer on disk (an attack file deleted or renamed).
 */
export function mergeTally(before: Tally, run: Tally, root = process.cwd()): Tally {
  const kept = Object.entries(before).filter(([file]) => existsSync(join(root, file)));
  return { ...Object.fromEntries(kept), ...run };
}

export function writeTally(tally: Tally, file = TALLY_FILE): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(tally, null, 2)}\n`);
}

export function sumOf(tally: Tally, suite?: Suite): { total: number; achieved: number; files: number } {
  const files = Object.values(tally).filter((t) => !suite || t.suite === suite);
  return {
    total: files.reduce((n, t) => n + t.total, 0),
    achieved: files.reduce((n, t) => n + t.achieved, 0),
    files: files.length,
  };
}

export const fileKey = (moduleId: string, root = process.cwd()): string => relative(root, moduleId).split('\\').join('/');

/**
 * What a run prints. The browser run (the last of `npm test`) prints the suite's one line,
 * `N attacks, K achieved`, over the latest count of every attack file, unit and browser; a
 * unit run alone says what it counted without that line, so the suite has exactly one.
 */
export function report(suite: Suite, tally: Tally): string[] {
  const unit = sumOf(tally, 'unit');
  const browser = sumOf(tally, 'browser');
  if (suite === 'unit') {
    return [`unit attacks: ${unit.total} in ${unit.files} files, ${unit.achieved} achieved (the suite's line, with the browser attacks, ends the E2E run)`];
  }
  const all = sumOf(tally);
  const missing = unit.files === 0 ? ' (no unit count yet: run npm run test:unit first)' : '';
  return [`attacks by suite: ${unit.total} unit in ${unit.files} files, ${browser.total} in real browsers in ${browser.files} files${missing}`, `${all.total} attacks, ${all.achieved} achieved`];
}
