import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { assertBuilt, FIREFOX_EXTENSION_DIR, ROOT } from './harness/paths';

interface LintMessage {
  code: string;
  message: string;
  file?: string;
  line?: number;
  column?: number;
}

interface LintReport {
  summary: { errors: number; warnings: number; notices: number };
  errors: LintMessage[];
  warnings: LintMessage[];
}

/**
 * Warnings addons-linter raises on code we ship but do not write. Each names the exact source it
 * may match, so the same code in our own files still fails.
 */
const THIRD_PARTY_WARNINGS = [
  {
    code: 'UNSAFE_VAR_ASSIGNMENT',
    why: "Preact's own dangerouslySetInnerHTML support (node.innerHTML = value.__html)",
    source: /\.innerHTML=\w+\.__html\b/,
  },
  {
    code: 'UNSAFE_VAR_ASSIGNMENT',
    why: "@mozilla/readability restoring its own copy of the page (a cloned, detached document) between attempts",
    source: /this\._charThreshold\)\{if\(\w+=!1,\w+\.innerHTML=\w+,this\._attempts/,
  },
  {
    code: 'UNSAFE_VAR_ASSIGNMENT',
    why: '@mozilla/readability copying a lazy image\'s markup inside that detached copy',
    source: /Image\(\w+\)\)\{var \w+=\w+\.createElement\(`div`\);\w+\.innerHTML=\w+\.innerHTML/,
  },
];

// The build is minified: the 80 characters around the column say more than the line number.
function sourceAround({ file, line, column }: LintMessage): string {
  if (!file || line === undefined || column === undefined) return '';
  const text = readFileSync(join(FIREFOX_EXTENSION_DIR, file), 'utf8').split('\n')[line - 1] ?? '';
  return text.slice(Math.max(0, column - 40), column + 40);
}

function isThirdParty(warning: LintMessage): boolean {
  const around = sourceAround(warning);
  return THIRD_PARTY_WARNINGS.some((known) => known.code === warning.code && known.source.test(around));
}

// web-ext exits non-zero when it finds errors, but still prints its JSON report.
function lint(): Promise<LintReport> {
  const bin = join(ROOT, 'node_modules/web-ext/bin/web-ext.js');
  const args = [bin, 'lint', '--source-dir', FIREFOX_EXTENSION_DIR, '--output', 'json', '--no-config-discovery'];
  const env = { ...process.env, NO_UPDATE_NOTIFIER: '1' };
  return new Promise((done, fail) => {
    // No time limit of its own: the lint is CPU work, and on a busy machine it takes longer
    // than anything a limit here could guess. The test's budget ends a hang.
    execFile(process.execPath, args, { cwd: ROOT, env }, (error, stdout, stderr) => {
      try {
        done(JSON.parse(stdout) as LintReport);
      } catch {
        fail(new Error(`web-ext lint printed no JSON report (${error?.message ?? 'no error'}):\n${stderr}`));
      }
    });
  });
}

describe('web-ext lint of the Firefox build', () => {
  it('reports no errors and no warnings in our code', async () => {
    assertBuilt(FIREFOX_EXTENSION_DIR, 'npm run build:firefox');
    const report = await lint();
    const show = (messages: LintMessage[]) =>
      messages.map((m) => `${m.code} ${m.file ?? ''}:${m.line ?? ''} ${m.message}, near: ${sourceAround(m)}`);

    expect(show(report.errors)).toEqual([]);
    expect(show(report.warnings.filter((w) => !isThirdParty(w)))).toEqual([]);
  }, 300_000);
});
