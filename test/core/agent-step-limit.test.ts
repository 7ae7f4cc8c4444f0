import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_STEPS } from '../../src/core';
import { calls, helpdesk, runTurn, ScriptedModel } from '../fakes/scripted-model';

const forever = (n: number) => Array.from({ length: n }, (_, i) => calls([`c${i}`, 'ticket__read']));

describe('the step limit', () => {
  it('stops a model that never stops calling tools after maxSteps model calls', async () => {
    const { registry, tools } = helpdesk();
    const model = new ScriptedModel(forever(10));
    const { result, events } = await runTurn({ model, registry, userText: 'x', maxSteps: 3 });
    expect(model.requests).toHaveLength(3);
    expect(tools.ticketRead.runs).toHaveLength(3);
    expect(result).toMatchObject({ outcome: 'step_limit', steps: 3 });
    expect(events.at(-1)).toMatchObject({ type: 'done', reason: 'step_limit', message: 'Stopped after 3 steps without a final answer.' });
  });

  it('leaves a history in which every tool call has its answer', async () => {
    const { registry } = helpdesk();
    const model = new ScriptedModel(forever(3));
    const { result } = await runTurn({ model, registry, userText: 'x', maxSteps: 2 });
    const asked = result.messages.flatMap((m) => (m.role === 'assistant' ? (m.tool_calls ?? []).map((c) => c.id) : []));
    const answered = result.messages.flatMap((m) => (m.role === 'tool' ? [m.tool_call_id] : []));
    expect(answered).toEqual(asked);
    expect(asked).toEqual(['c0', 'c1']);
  });

  it(`defaults to ${DEFAULT_MAX_STEPS} model calls`, async () => {
    const { registry } = helpdesk();
    const model = new ScriptedModel(forever(20));
    const { result } = await runTurn({ model, registry, userText: 'x' });
    expect(DEFAULT_MAX_STEPS).toBe(8);
    expect(model.requests).toHaveLength(8);
    expect(result.outcome).toBe('step_limit');
  });

  it.each([0, -1, Number.NaN])('falls back to the default for a maxSteps of %s', async (maxSteps) => {
    const { registry } = helpdesk();
    const model = new ScriptedModel(forever(20));
    await runTurn({ model, registry, userText: 'x', maxSteps });
    expect(model.requests).toHaveLength(DEFAULT_MAX_STEPS);
  });
});
