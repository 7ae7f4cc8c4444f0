import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fileTime, lineReport, readRuns, timingReport, writeRun } from './timing';

const diagnostic = (seconds: number, importSeconds = 0) => ({
  prepareDuration: 0,
  environmentSetupDuration: 0,
  setupDuration: 0,
  collectDuration: importSeconds * 1000,
  duration: (seconds - importSeconds) * 1000,
});

describe('the time a run ends with', () => {
  it('lists the slowest ten files, slowest first, with the import apart', () => {
    const files = Array.from({ length: 12 }, (_, i) => fileTime(`/repo/test/f${i}.test.ts`, diagnostic(i + 1, 0.5), '/repo'));
    const lines = timingReport('unit', 80, files, '0.10 0.20 0.30');
    expect(lines[0]).toMatch(/^unit run: 80\.0 s for 12 files \(load average 0\.10 0\.20 0\.30 at the start, [\d. ]+ at the end\); the slowest 10:$/);
    expect(lines.slice(1).map((l) => l.trim())).toEqual(
      [12, 11, 10, 9, 8, 7, 6, 5, 4, 3].map((n) => `${n}.0 s  test/f${n - 1}.test.ts (import 0.5 s)`),
    );
  });
});

describe('the whole line of `npm test`', () => {
  let dir: string | undefined;
  afterEach(() => dir && rmSync(dir, { recursive: true, force: true }));

  it("sums the line from its start and names each run's part; an older line's runs are dropped", () => {
    dir = mkdtempSync(join(tmpdir(), 'timing-'));
    const file = join(dir, 'runs.json');
    writeRun({ line: '1000', suite: 'unit', seconds: 70 }, file);
    writeRun({ line: '5000', suite: 'unit', seconds: 80 }, file);
    writeRun({ line: '5000', suite: 'E2E', seconds: 300 }, file);
    expect(readRuns(file)).toEqual([
      { line: '5000', suite: 'unit', seconds: 80 },
      { line: '5000', suite: 'E2E', seconds: 300 },
    ]);
    expect(lineReport('5000', readRuns(file), 5000 + 420_000)).toBe('npm test: 420.0 s (unit 80.0 s, E2E 300.0 s, the rest type-checking and starting)');
  });

  it("a suite's second run in one line replaces its first", () => {
    dir = mkdtempSync(join(tmpdir(), 'timing-'));
    const file = join(dir, 'runs.json');
    writeRun({ line: '5000', suite: 'unit', seconds: 80 }, file);
    writeRun({ line: '5000', suite: 'unit', seconds: 81 }, file);
    expect(readRuns(file)).toEqual([{ line: '5000', suite: 'unit', seconds: 81 }]);
  });

  it('says nothing when no run of this line was kept', () => {
    expect(lineReport('5000', [{ line: '1000', suite: 'unit', seconds: 70 }])).toBeUndefined();
    expect(readRuns(join(tmpdir(), 'no-such-dir', 'runs.json'))).toEqual([]);
  });
});
