import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { asToolResult, fail } from '../../src/core/results';
import { isToolErrorCode, TOOL_ERROR_CODES } from '../../src/core/tool-errors';

const SRC = fileURLToPath(new URL('../../src', import.meta.url));
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : []));

// Every way the source writes a failure code: `code: 'x'`, fail('x', …), failed('x', …), guard('x', …).
const WRITTEN_CODE = /(?:\bcode:\s*|\b(?:fail|failed|guard)\(\s*)'([a-z_]+)'/g;

describe('the closed list of error codes', () => {
  it('holds every code the source writes', () => {
    const unknown = files(SRC).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(WRITTEN_CODE)]
        .map((m) => m[1] ?? '')
        .filter((code) => !isToolErrorCode(code))
        .map((code) => `${relative(SRC, file)}: ${code}`),
    );
    expect(unknown).toEqual([]);
  });

  it('has no duplicates', () => {
    expect(new Set(TOOL_ERROR_CODES).size).toBe(TOOL_ERROR_CODES.length);
  });

  it('turns a code from outside the list into tool_failed, keeping the words', () => {
    expect(asToolResult({ ok: false, code: 'made_up', error: 'The page said so.' }, 'x.y')).toEqual({ ok: false, code: 'tool_failed', error: 'The page said so.' });
    expect(asToolResult({ ok: false }, 'x.y')).toEqual({ ok: false, code: 'tool_failed', error: 'x.y failed' });
    expect(asToolResult(fail('no_ticket', 'No ticket.'), 'x.y')).toEqual({ ok: false, code: 'no_ticket', error: 'No ticket.' });
  });

  it('is checked by the type checker too', () => {
    // @ts-expect-error: a code that is not on the list does not compile.
    expect(fail('made_up', 'x').code).toBe('made_up');
  });
});

