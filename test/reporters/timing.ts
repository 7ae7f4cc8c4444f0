import { loadavg } from 'node:os';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

/** One test file's time: from its worker taking it to its last hook, with the import apart. */
export interface FileTime {
  file: string;
  seconds: number;
  importSeconds: number;
}

/** What a run leaves for the next run of the same `npm test` (the line's start is its key). */
export interface RunRecord {
  line: string;
  suite: string;
  seconds: number;
}

export const RUNS_FILE = join(process.cwd(), 'node_modules', '.cache', 'deskmate', 'runs.json');

/** Set by `npm test` to Date.now() at its start (package.json), so the last run can sum the line. */
export const LINE_STARTED = 'DESKMATE_TEST_LINE_STARTED';

export const load = (): string => loadavg().map((n) => n.toFixed(2)).join(' ');

const s = (seconds: number) => `${seconds.toFixed(1)} s`;

export function fileTime(moduleId: string, diagnostic: { prepareDuration: number; environmentSetupDuration: number; setupDuration: number; collectDuration: number; duration: number }, root = process.cwd()): FileTime {
  const d = diagnostic;
  const ms = d.prepareDuration + d.environmentSetupDuration + d.setupDuration + d.collectDuration + d.duration;
  return { file: relative(root, moduleId).split('\\').join('/'), seconds: ms / 1000, importSeconds: d.collectDuration / 1000 };
}

/** The lines a run ends with: its time, the load it ran under, its slowest files. */
export function timingReport(suite: string, seconds: number, files: FileTime[], loadAtStart: string, most = 10): string[] {
  const slowest = [...files].sort((a, b) => b.seconds - a.seconds).slice(0, most);
  const width = Math.max(0, ...slowest.map((f) => s(f.seconds).length));
  return [
    `${suite} run: ${s(seconds)} for ${files.length} files (load average ${loadAtStart} at the start, ${load()} at the end); the slowest ${slowest.length}:`,
    ...slowest.map((f) => `  ${s(f.seconds).padStart(width)}  ${f.file} (import ${s(f.importSeconds)})`),
  ];
}

/** The whole line's time when every run of it has said its own: `npm test: 420 s (unit 80 s, …)`. */
export function lineReport(line: string, runs: RunRecord[], now = Date.now()): string | undefined {
  const ours = runs.filter((r) => r.line === line);
  if (!ours.length) return undefined;
  const total = (now - Number(line)) / 1000;
  return `npm test: ${s(total)} (${ours.map((r) => `${r.suite} ${s(r.seconds)}`).join(', ')}, the rest type-checking and starting)`;
}

export function readRuns(file = RUNS_FILE): RunRecord[] {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as RunRecord[];
  } catch {
    return [];
  }
}

/** Keeps only the runs of this line (an older line's are of no use), with this one added. */
export function writeRun(run: RunRecord, file = RUNS_FILE): void {
  const runs = [...readRuns(file).filter((r) => r.line === run.line && r.suite !== run.suite), run];
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(runs, null, 2)}\n`);
}
