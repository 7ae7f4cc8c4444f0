import { describe, expect, it } from 'vitest';
import { runPlan, ToolRegistry, type AgentPlan, type PlanContext } from '../../src/core';
import { fakeTool } from '../fakes/tools';

const asPlan = (p: unknown) => p as AgentPlan;

describe('a plan that cannot be read as written', () => {
  it('names a plan without a name, and says a plan without steps needs them', async () => {
    const registry = new ToolRegistry();
    for (const plan of [null, undefined, {}, { name: 7, steps: 'x' }]) {
      expect(await runPlan(registry, asPlan(plan))).toEqual({ ok: false, planName: '(unnamed plan)', outcomes: [], error: 'a plan needs an array of steps' });
    }
  });

  it('reports a plan whose steps cannot even be read, under its name', async () => {
    const registry = new ToolRegistry();
    const plan = {
      name: 'fragile',
      get steps(): never {
        throw new Error('steps went away');
      },
    };
    expect(await runPlan(registry, asPlan(plan))).toEqual({ ok: false, planName: 'fragile', outcomes: [], error: 'the plan failed: steps went away' });
  });

  it('fails a step whose tool cannot be read, says so, and goes on', async () => {
    const registry = new ToolRegistry();
    const search = fakeTool('read', 'kb.search');
    registry.register(search);
    const unreadable = {
      get tool(): never {
        throw new Error('no name');
      },
    };
    const r = await runPlan(registry, asPlan({ name: 'p', steps: [unreadable, { tool: 'kb.search' }] }));
    expect(r.outcomes[0]).toEqual({ tool: '(unreadable step)', skipped: false, result: { ok: false, code: 'step_failed', error: 'the step could not be read: no name' } });
    expect(r.outcomes[1]).toMatchObject({ tool: 'kb.search', skipped: false, result: { ok: true } });
    expect(search.runs).toHaveLength(1);
  });

  it('records a step whose buildInput or stopIf threw as run and failed, not skipped', async () => {
    const registry = new ToolRegistry();
    registry.register(fakeTool('read', 'kb.search'));
    const boom = () => {
      throw new Error('boom');
    };
    const r = await runPlan(registry, { name: 'p', steps: [{ tool: 'kb.search', buildInput: boom }, { tool: 'kb.search', stopIf: boom }, { tool: 'kb.search', stopIf: () => false }] });
    expect(r.outcomes).toEqual([
      { tool: 'kb.search', skipped: false, result: { ok: false, code: 'step_failed', error: 'buildInput threw: boom' } },
      { tool: 'kb.search', skipped: false, result: { ok: false, code: 'step_failed', error: 'stopIf threw: boom' } },
      { tool: 'kb.search', skipped: false, result: expect.objectContaining({ ok: true }) },
    ]);
  });

  it('answers a missing step or a tool that is not a name as an unknown tool, named as given', async () => {
    const registry = new ToolRegistry();
    const r = await runPlan(registry, asPlan({ name: 'p', steps: [undefined, { tool: 42 }] }));
    expect(r.outcomes).toEqual([
      { tool: 'undefined', skipped: false, result: expect.objectContaining({ ok: false, code: 'unknown_tool' }) },
      { tool: '42', skipped: false, result: expect.objectContaining({ ok: false, code: 'unknown_tool' }) },
    ]);
  });
});

describe('what a step sees of the steps before it', () => {
  it('sees no outcome before the first step, and keeps a tool\'s last result past a skipped step of it', async () => {
    const registry = new ToolRegistry();
    registry.register(fakeTool('read', 'kb.search'));
    const seen: PlanContext[] = [];
    const look = (c: PlanContext) => void seen.push(structuredClone({ ...c, byTool: { ...c.byTool } }));
    await runPlan(registry, {
      name: 'p',
      steps: [
        { tool: 'kb.search', buildInput: (c) => (look(c), { n: 1 }) },
        { tool: 'kb.search', buildInput: () => undefined },
        { tool: 'kb.search', buildInput: (c) => (look(c), {}) },
      ],
    });
    expect(seen[0]!.bySeq).toEqual([]);
    expect(seen[1]!.byTool['kb.search']).toMatchObject({ ok: true, data: { input: { n: 1 } } });
    expect(seen[1]!.bySeq.map((o) => o?.skipped)).toEqual([false, true]);
  });
});
