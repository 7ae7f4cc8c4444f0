import { describe, expect, it } from 'vitest';
import { runAgentTurn, type ChatModel, type ModelEvent } from '../../src/core';
import { answer, calls, helpdesk, ScriptedModel } from '../fakes/scripted-model';

describe('the agent loop never throws', () => {
  it('goes on when onEvent throws, and says so in the result', async () => {
    const { registry } = helpdesk();
    const model = new ScriptedModel([calls(['c1', 'ticket__read']), answer('Done.')]);
    const result = await runAgentTurn({
      model,
      registry,
      history: [],
      userText: 'x',
      onEvent: () => {
        throw new Error('port closed');
      },
    });
    expect(result.outcome).toBe('stop');
    expect(result.messages.at(-1)).toEqual({ role: 'assistant', content: 'Done.' });
    expect(result.listenerError).toBe('port closed');
  });

  it('catches a rejecting async onEvent', async () => {
    const { registry } = helpdesk();
    const result = await runAgentTurn({
      model: new ScriptedModel([answer('ok')]),
      registry,
      history: [],
      userText: 'x',
      onEvent: (async () => {
        throw new Error('async listener');
      }) as () => void,
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(result.outcome).toBe('stop');
  });

  it.each([
    ['throws synchronously from stream()', () => ({ stream: () => { throw new Error('boom'); } })],
    ['returns something that is not iterable', () => ({ stream: () => 42 as unknown as AsyncIterable<ModelEvent> })],
    ['yields garbage events', () => ({ stream: async function* () { yield null as unknown as ModelEvent; yield { type: 'weird' } as unknown as ModelEvent; } })],
  ] as [string, () => ChatModel][])('reports a model that %s as an error', async (_what, make) => {
    const { registry } = helpdesk();
    const result = await runAgentTurn({ model: make(), registry, history: [], userText: 'x' });
    expect(result.outcome).toBe('error');
    expect(result.error?.kind).toMatch(/unknown|stream_cut/);
  });

  it('reports a history that is not a list as an error instead of throwing', async () => {
    const { registry } = helpdesk();
    const result = await runAgentTurn({ model: new ScriptedModel([answer('ok')]), registry, history: null as never, userText: 'x' });
    expect(result).toMatchObject({ outcome: 'error', error: { kind: 'unknown' } });
  });

  it('ignores usage that is not a number', async () => {
    const { registry } = helpdesk();
    const bad = { type: 'usage', promptTokens: Number.NaN, completionTokens: -3 } as ModelEvent;
    const result = await runAgentTurn({ model: new ScriptedModel([[...answer('ok'), bad]]), registry, history: [] });
    expect(result.usage).toEqual({ promptTokens: 0, completionTokens: 0 });
  });
});
