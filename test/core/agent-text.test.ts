import { describe, expect, it } from 'vitest';
import { answer, calls, finish, helpdesk, runTurn, ScriptedModel, text, usage } from '../fakes/scripted-model';

describe('a text answer', () => {
  it('streams the deltas in order, then the whole message, then done', async () => {
    const { registry } = helpdesk();
    const model = new ScriptedModel([answer('The cus', 'tomer wants ', 'a refund.')]);
    const { result, events } = await runTurn({ model, registry, userText: 'what do they want?' });
    expect(events.map((e) => e.type)).toEqual(['step_start', 'text_delta', 'text_delta', 'text_delta', 'assistant_message', 'done']);
    expect(events.filter((e) => e.type === 'text_delta').map((e) => e.delta)).toEqual(['The cus', 'tomer wants ', 'a refund.']);
    expect(events[4]).toMatchObject({ message: { role: 'assistant', content: 'The customer wants a refund.' }, finishReason: 'stop' });
    expect(result).toMatchObject({ outcome: 'stop', steps: 1 });
    expect(events.at(-1)).toMatchObject({ type: 'done', reason: 'stop', steps: 1 });
  });

  it('delivers each delta while the stream is still open', async () => {
    const { registry } = helpdesk();
    const model = new ScriptedModel([{ events: answer('one ', 'two'), delayMs: 15 }]);
    const seenAt: number[] = [];
    const started = Date.now();
    await runTurn({ model, registry, userText: 'x', onEvent: (e) => e.type === 'text_delta' && seenAt.push(Date.now() - started) });
    expect(seenAt).toHaveLength(2);
    expect(seenAt[1]! - seenAt[0]!).toBeGreaterThanOrEqual(10);
  });

  it('adds up the usage the provider reports over all steps', async () => {
    const { registry } = helpdesk();
    const model = new ScriptedModel([
      [...calls(['c1', 'ticket__read']), usage(900, 20)],
      [text('ok'), finish('stop'), usage(1_000, 5)],
    ]);
    const { result, events } = await runTurn({ model, registry, userText: 'x' });
    expect(result.usage).toEqual({ promptTokens: 1_900, completionTokens: 25 });
    expect(events.at(-1)).toMatchObject({ type: 'done', usage: { promptTokens: 1_900, completionTokens: 25 } });
  });

  it('counts a step per model call and numbers the events by step', async () => {
    const { registry } = helpdesk();
    const model = new ScriptedModel([calls(['c1', 'ticket__read']), answer('Done.')]);
    const { result, ofType } = await runTurn({ model, registry, userText: 'x' });
    expect(result.steps).toBe(2);
    expect(ofType('step_start').map((e) => e.step)).toEqual([1, 2]);
    expect(ofType('text_delta').map((e) => e.step)).toEqual([2]);
  });

  it('continues a conversation without a new user message (Retry)', async () => {
    const { registry } = helpdesk();
    const model = new ScriptedModel([answer('Again.')]);
    const history = [{ role: 'user' as const, content: 'hello' }];
    const { result } = await runTurn({ model, registry, history });
    expect(model.requests[0]?.messages).toEqual(history);
    expect(result.messages).toEqual([{ role: 'assistant', content: 'Again.' }]);
  });
});
