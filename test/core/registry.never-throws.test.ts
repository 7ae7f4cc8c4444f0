import { describe, expect, it } from 'vitest';
import { runPlan, ToolRegistry, type AgentPlan, type InvokeCtx } from '../../src/core';
import { fakeTool } from '../fakes/tools';

const GARBAGE_CTX: unknown[] = [null, 5, 'ctx', [], { flags: 'x' }, { scope: 3 }, { flags: null, scope: {} }, { signal: 5 }, { signal: {} }];
const GARBAGE_RESULTS: unknown[] = [undefined, null, 42, 'x', { ok: 'yes' }, [], { data: 1 }, () => ({ ok: true })];

const asCtx = (c: unknown) => c as InvokeCtx;

describe('the registry never throws', () => {
  it.each(GARBAGE_CTX.map((c) => [c]))('grants nothing to the garbage ctx %j and still answers', async (ctx) => {
    const registry = new ToolRegistry();
    const gated = fakeTool('read', 'crm.lookup', { featureFlag: 'crm', scopes: ['https://a.example'] });
    registry.register(gated);
    registry.register(fakeTool('read', 'kb.search'));
    registry.register(fakeTool('send', 'reply.send'));
    await expect(registry.invoke('crm.lookup', {}, asCtx(ctx))).resolves.toMatchObject({ ok: false, code: 'not_granted' });
    await expect(registry.invokeReadOnly('crm__lookup', {}, asCtx(ctx))).resolves.toMatchObject({ ok: false });
    await expect(registry.invokeReadOnly('kb__search', {}, asCtx(ctx))).resolves.toMatchObject({ ok: true });
    await expect(registry.confirm('nope', 'x', asCtx(ctx))).resolves.toMatchObject({ ok: false, code: 'not_found' });
    expect(gated.runs).toHaveLength(0);
  });

  it('ignores a ctx.signal that is not an AbortSignal instead of failing a run it already started', async () => {
    const registry = new ToolRegistry();
    const tool = fakeTool('write', 'reply.fill');
    registry.register(tool);
    const r = await registry.invoke('reply.fill', {}, asCtx({ signal: { aborted: false } }));
    expect(r.ok).toBe(true);
    expect(tool.runs).toHaveLength(1);
  });

  it.each(GARBAGE_RESULTS.map((v) => [v]))('turns the run result %j into tool_failed', async (value) => {
    const registry = new ToolRegistry();
    registry.register(fakeTool('read', 'kb.search', { run: () => value }));
    registry.register(fakeTool('send', 'reply.send', { run: () => value }));
    await expect(registry.invoke('kb.search', {})).resolves.toMatchObject({ ok: false, code: 'tool_failed' });
    await expect(registry.invokeReadOnly('kb__search', {}, {})).resolves.toMatchObject({ ok: false, code: 'tool_failed' });
    await expect(registry.invoke('reply.send', {})).resolves.toMatchObject({ ok: false, code: 'tool_failed' });
    expect(await registry.pending()).toHaveLength(0);
  });

  it('turns a run that throws a non-Error (a string, undefined) into tool_failed', async () => {
    const registry = new ToolRegistry();
    registry.register(
      fakeTool('read', 'a.string', {
        run: () => {
          throw 'boom';
        },
      }),
    );
    registry.register(fakeTool('read', 'a.undefined', { run: () => Promise.reject(undefined) }));
    expect(await registry.invoke('a.string', {})).toMatchObject({ ok: false, code: 'tool_failed' });
    expect((await registry.invoke('a.string', {})).error).toContain('boom');
    expect(await registry.invoke('a.undefined', {})).toMatchObject({ ok: false, code: 'tool_failed' });
  });

  it('answers names that are not strings with unknown_tool', async () => {
    const registry = new ToolRegistry();
    registry.register(fakeTool('read', 'kb.search'));
    for (const name of [undefined, null, 42, {}, ['kb.search'], Symbol('kb.search')]) {
      await expect(registry.invoke(name as unknown as string, {})).resolves.toMatchObject({ code: 'unknown_tool' });
      await expect(registry.invokeReadOnly(name as unknown as string, {}, {})).resolves.toMatchObject({ code: 'unknown_tool' });
    }
  });

  it('answers confirm and cancel with ids and digests that are not strings', async () => {
    const registry = new ToolRegistry();
    for (const id of [undefined, null, 42, {}, []]) {
      await expect(registry.confirm(id as unknown as string, id as unknown as string)).resolves.toMatchObject({ code: 'not_found' });
      await expect(registry.cancel(id as unknown as string)).resolves.toMatchObject({ code: 'not_found' });
    }
  });

  it('turns a ctx whose getters throw into a result', async () => {
    const registry = new ToolRegistry();
    registry.register(fakeTool('read', 'kb.search', { featureFlag: 'kb' }));
    const hostile = {
      get flags(): Record<string, boolean> {
        throw new Error('no flags for you');
      },
    };
    await expect(registry.invoke('kb.search', {}, hostile)).resolves.toMatchObject({ ok: false, code: 'tool_failed' });
    await expect(registry.invokeReadOnly('kb__search', {}, hostile)).resolves.toMatchObject({ ok: false });
  });

  it('reports a plan that is null or has no array of steps as not ok', async () => {
    const registry = new ToolRegistry();
    for (const plan of [null, undefined, 5, {}, { name: 'p', steps: 'x' }, { name: 'p', steps: { 0: { tool: 'kb.search' } } }]) {
      const r = await runPlan(registry, plan as unknown as AgentPlan);
      expect(r.ok).toBe(false);
      expect(r.outcomes).toEqual([]);
      expect(r.error).toBeTruthy();
    }
  });

  it('reports a plan whose parts throw when read as not ok instead of throwing', async () => {
    const registry = new ToolRegistry();
    registry.register(fakeTool('read', 'kb.search'));
    const hostilePlan = {
      name: 'hostile',
      get steps(): never {
        throw new Error('no steps');
      },
    };
    await expect(runPlan(registry, hostilePlan as unknown as AgentPlan)).resolves.toMatchObject({ ok: false });
    const hostileStep = {
      name: 'hostile step',
      steps: [
        {
          get tool(): string {
            throw new Error('no tool');
          },
        },
        { tool: 'kb.search' },
      ],
    };
    const r = await runPlan(registry, hostileStep as unknown as AgentPlan);
    expect(r.ok).toBe(false);
    expect(r.outcomes[0]?.result).toMatchObject({ ok: false, code: 'step_failed' });
    expect(r.outcomes[1]?.result?.ok).toBe(true);
  });

  it('runs a plan with garbage steps, seed and ctx without throwing', async () => {
    const registry = new ToolRegistry();
    registry.register(fakeTool('read', 'kb.search'));
    const plan = { name: 'junk', steps: [null, 7, { tool: 42 }, { tool: 'kb.search' }] } as unknown as AgentPlan;
    const r = await runPlan(registry, plan, null as unknown as Record<string, unknown>, 'ctx' as unknown as InvokeCtx);
    expect(r.ok).toBe(false);
    expect(r.outcomes).toHaveLength(4);
    expect(r.outcomes[3]?.result?.ok).toBe(true);
  });
});
