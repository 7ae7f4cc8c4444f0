import { describe, expect, it } from 'vitest';
import { ToolRegistry } from '../../src/core';
import { fakeTool, never } from '../fakes/tools';

describe('timeouts and aborts', () => {
  it('answers a run that never settles with timeout after the registry timeoutMs', async () => {
    const registry = new ToolRegistry({ timeoutMs: 20 });
    const tool = fakeTool('read', 'kb.search', { run: never });
    registry.register(tool);
    const started = Date.now();
    const r = await registry.invoke('kb.search', {});
    expect(r).toMatchObject({ ok: false, code: 'timeout' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(15);
    expect(tool.runs[0]?.signal.aborted).toBe(true);
  });

  it('aborts the signal given to run when the deadline passes', async () => {
    const registry = new ToolRegistry({ timeoutMs: 15 });
    let abortedWhileRunning = false;
    registry.register(
      fakeTool('read', 'kb.search', {
        run: (_input, signal) =>
          new Promise((resolve) => {
            signal.addEventListener('abort', () => {
              abortedWhileRunning = true;
              resolve({ ok: true, data: 'too late' });
            });
          }),
      }),
    );
    const r = await registry.invoke('kb.search', {});
    expect(r.code).toBe('timeout');
    expect(abortedWhileRunning).toBe(true);
  });

  it('lets a tool timeoutMs override the registry timeoutMs, both ways', async () => {
    const registry = new ToolRegistry({ timeoutMs: 10_000 });
    registry.register(fakeTool('read', 'a.quick', { timeoutMs: 15, run: never }));
    const started = Date.now();
    expect(await registry.invoke('a.quick', {})).toMatchObject({ code: 'timeout' });
    expect(Date.now() - started).toBeLessThan(5_000);

    const strict = new ToolRegistry({ timeoutMs: 10 });
    strict.register(
      fakeTool('read', 'a.slow', {
        timeoutMs: 500,
        run: () => new Promise((resolve) => setTimeout(() => resolve({ ok: true, data: 'done' }), 40)),
      }),
    );
    expect(await strict.invoke('a.slow', {})).toMatchObject({ ok: true, data: 'done' });
  });

  it('keeps a long timeoutMs long instead of letting the timer overflow', async () => {
    const registry = new ToolRegistry({ timeoutMs: 2 ** 31 + 10 });
    registry.register(
      fakeTool('read', 'kb.search', {
        run: () => new Promise((resolve) => setTimeout(() => resolve({ ok: true, data: 'done' }), 30)),
      }),
    );
    expect(await registry.invoke('kb.search', {})).toMatchObject({ ok: true, data: 'done' });
  });

  it('answers aborted and aborts run signal when the caller aborts ctx.signal', async () => {
    const registry = new ToolRegistry({ timeoutMs: 5_000 });
    const tool = fakeTool('read', 'kb.search', { run: never });
    registry.register(tool);
    const stop = new AbortController();
    setTimeout(() => stop.abort(), 15);
    const r = await registry.invoke('kb.search', {}, { signal: stop.signal });
    expect(r).toMatchObject({ ok: false, code: 'aborted' });
    expect(tool.runs[0]?.signal.aborted).toBe(true);
  });

  it('does not run at all when ctx.signal is already aborted', async () => {
    const registry = new ToolRegistry();
    const tool = fakeTool('write', 'reply.fill');
    registry.register(tool);
    const r = await registry.invoke('reply.fill', {}, { signal: AbortSignal.abort() });
    expect(r.code).toBe('aborted');
    expect(tool.runs).toHaveLength(0);
  });

  it('aborts through the read-only exit too', async () => {
    const registry = new ToolRegistry({ timeoutMs: 5_000 });
    registry.register(fakeTool('read', 'kb.search', { run: never }));
    const stop = new AbortController();
    setTimeout(() => stop.abort(), 10);
    expect((await registry.invokeReadOnly('kb__search', {}, { signal: stop.signal })).code).toBe('aborted');
  });

  it('gives the result a run settles with before its deadline', async () => {
    const registry = new ToolRegistry({ timeoutMs: 200 });
    const tool = fakeTool('read', 'kb.search', {
      run: () => new Promise((resolve) => setTimeout(() => resolve({ ok: true, data: [1, 2] }), 10)),
    });
    registry.register(tool);
    expect(await registry.invoke('kb.search', {})).toEqual({ ok: true, data: [1, 2] });
    expect(tool.runs[0]?.signal.aborted).toBe(false);
  });

  it('does not prepare a confirmation for a send whose run timed out', async () => {
    const registry = new ToolRegistry({ timeoutMs: 15 });
    registry.register(fakeTool('send', 'reply.send', { run: never }));
    expect((await registry.invoke('reply.send', {})).code).toBe('timeout');
    expect(await registry.pending()).toHaveLength(0);
  });
});
