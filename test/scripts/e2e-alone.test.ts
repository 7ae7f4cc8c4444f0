import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALONE } from '../e2e/alone';

// A browser reads the machine's policy files when it starts, so an E2E file that writes them
// must not run beside another browser: it would hand its policy to someone else's test.
function e2eFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return e2eFiles(path);
    return entry.name.endsWith('.e2e.test.ts') ? [path] : [];
  });
}

describe('E2E files that run alone', () => {
  it('include every file that writes a browser policy', () => {
    const writers = [...e2eFiles('test/e2e'), ...e2eFiles('test/security')].filter((file) =>
      /harness\/policy-files['"]/.test(readFileSync(file, 'utf8')),
    );
    expect(writers.length).toBeGreaterThan(0);
    expect(writers.filter((file) => !ALONE.includes(file))).toEqual([]);
  });

  it('name files that exist', () => {
    for (const file of ALONE) expect(() => readFileSync(file)).not.toThrow();
  });
});
