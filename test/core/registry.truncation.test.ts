import { describe, expect, it } from 'vitest';
import { ToolRegistry, TRUNCATION_MARKER, type ToolResult } from '../../src/core';
import { fakeTool } from '../fakes/tools';

const withData = (data: unknown, maxResultChars?: number) => {
  const registry = new ToolRegistry(maxResultChars === undefined ? {} : { maxResultChars });
  registry.register(fakeTool('read', 'kb.search', { run: () => ({ ok: true, data }) }));
  return registry;
};

const size = (r: ToolResult) => JSON.stringify(r).length;

describe('the size bound on what goes back to the model', () => {
  it('passes a result that fits unchanged', async () => {
    const r = await withData({ hits: ['a', 'b'] }, 500).invokeReadOnly('kb__search', {}, {});
    expect(r).toEqual({ ok: true, data: { hits: ['a', 'b'] } });
    expect(r.truncated).toBeUndefined();
  });

  it('bounds results by 100,000 characters of JSON by default', async () => {
    const r = await withData('x'.repeat(150_000)).invokeReadOnly('kb__search', {}, {});
    expect(r).toMatchObject({ ok: true, truncated: true });
    expect(size(r)).toBeLessThanOrEqual(100_000);
    expect(size(r)).toBeGreaterThan(90_000);
    expect(String(r.data)).toContain('truncated');
  });

  it('cuts a long result at a marker that says truncated and fits maxResultChars', async () => {
    const r = await withData({ text: 'lorem ipsum '.repeat(100) }, 300).invokeReadOnly('kb__search', {}, {});
    expect(r.truncated).toBe(true);
    expect(String(r.data)).toContain('truncated');
    expect(String(r.data).endsWith(TRUNCATION_MARKER)).toBe(true);
    expect(String(r.data).startsWith('{"text":"lorem ipsum')).toBe(true);
    expect(size(r)).toBeLessThanOrEqual(300);
  });

  it.each([
    ['quotes', '"'.repeat(2_000)],
    ['backslashes', '\\'.repeat(2_000)],
    ['control characters', '\u0001\n\t'.repeat(700)],
    ['mixed escapes', '"\\"\n'.repeat(600)],
    ['emoji', '😀'.repeat(1_000)],
  ])('stays within maxResultChars for strings full of %s', async (_what, text) => {
    for (const max of [200, 257, 1_000]) {
      const r = await withData(text, max).invokeReadOnly('kb__search', {}, {});
      expect(r.truncated).toBe(true);
      expect(String(r.data)).toContain('truncated');
      expect(size(r)).toBeLessThanOrEqual(max);
    }
  });

  it('does not split a surrogate pair at the cut', async () => {
    for (const max of [200, 201, 202, 203]) {
      const r = await withData('😀'.repeat(1_000), max).invokeReadOnly('kb__search', {}, {});
      expect(String(r.data).isWellFormed()).toBe(true);
    }
  });

  it('cuts a long error the same way and keeps its code', async () => {
    const registry = new ToolRegistry({ maxResultChars: 300 });
    registry.register(fakeTool('read', 'kb.search', { run: () => ({ ok: false, code: 'not_found', error: '"'.repeat(5_000) }) }));
    const r = await registry.invokeReadOnly('kb__search', {}, {});
    expect(r).toMatchObject({ ok: false, code: 'not_found', truncated: true });
    expect(r.error).toContain('truncated');
    expect(size(r)).toBeLessThanOrEqual(300);
  });

  it('bounds the unknown_tool answer to a huge hallucinated name', async () => {
    const registry = new ToolRegistry({ maxResultChars: 500 });
    const r = await registry.invokeReadOnly('x'.repeat(5_000), {}, {});
    expect(r.code).toBe('unknown_tool');
    expect(size(r)).toBeLessThanOrEqual(500);
  });

  it('bounds a result whose own code is huge', async () => {
    const registry = new ToolRegistry({ maxResultChars: 300 });
    registry.register(fakeTool('read', 'kb.search', { run: () => ({ ok: false, code: 'c'.repeat(5_000), error: 'no' }) }));
    const r = await registry.invokeReadOnly('kb__search', {}, {});
    expect(r.ok).toBe(false);
    expect(size(r)).toBeLessThanOrEqual(300);
  });

  it('refuses a maxResultChars too small to hold a truncated result', () => {
    expect(() => new ToolRegistry({ maxResultChars: 50 })).toThrowError(/maxResultChars/);
  });

  it('turns data that is not JSON (a BigInt, a cycle) into tool_failed', async () => {
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    for (const data of [10n, { n: 10n }, cyclic]) {
      const r = await withData(data, 1_000).invokeReadOnly('kb__search', {}, {});
      expect(r).toMatchObject({ ok: false, code: 'tool_failed' });
    }
  });

  it('leaves results of a human invoke unbounded: people see the whole result', async () => {
    const r = await withData('y'.repeat(2_000), 300).invoke('kb.search', {});
    expect(r).toEqual({ ok: true, data: 'y'.repeat(2_000) });
  });
});
