import { describe, expect, it } from 'vitest';
import { ModelError } from '../../src/core';
import { answer, calls, helpdesk, runTurn, ScriptedModel, text } from '../fakes/scripted-model';

describe('Stop', () => {
  it('cancels the model request mid-stream and keeps the partial text, marked as cut', async () => {
    const { registry } = helpdesk();
    const model = new ScriptedModel([{ events: [text('The customer '), text('wants')], stall: true }]);
    const controller = new AbortController();
    const { result, events } = await runTurn({
      model,
      registry,
      userText: 'x',
      signal: controller.signal,
      onEvent: (e) => e.type === 'text_delta' && e.delta === 'wants' && controller.abort(),
    });
    expect(model.requests[0]?.signal.aborted).toBe(true);
    expect(result.outcome).toBe('aborted');
    expect(result.messages).toEqual([
      { role: 'user', content: 'x' },
      { role: 'assistant', content: 'The customer wants', cut: 'aborted' },
    ]);
    expect(events.at(-1)).toMatchObject({ type: 'done', reason: 'aborted' });
    expect(events.some((e) => e.type === 'error')).toBe(false);
  });

  it('ends at once even when the model ignores its signal', async () => {
    const { registry } = helpdesk();
    const model = new ScriptedModel([{ events: [text('Hel')], stall: true, ignoreAbort: true }]);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 20);
    const started = Date.now();
    const { result } = await runTurn({ model, registry, userText: 'x', signal: controller.signal });
    expect(Date.now() - started).toBeLessThan(500);
    expect(result.outcome).toBe('aborted');
    expect(result.messages.at(-1)).toEqual({ role: 'assistant', content: 'Hel', cut: 'aborted' });
  });

  it('aborts the tools in flight, answers their calls, and calls the model no more', async () => {
    let toolSignal: AbortSignal | undefined;
    const { registry } = helpdesk({
      ticket: {
        run: (_input, signal) => {
          toolSignal = signal;
          return new Promise(() => {});
        },
      },
    });
    const model = new ScriptedModel([[text('Reading the ticket.'), ...calls(['c1', 'ticket__read'])], answer('never')]);
    const controller = new AbortController();
    const { result, ofType } = await runTurn({
      model,
      registry,
      userText: 'x',
      signal: controller.signal,
      onEvent: (e) => e.type === 'tool_call_started' && setTimeout(() => controller.abort(), 10),
    });
    expect(toolSignal?.aborted).toBe(true);
    expect(result.outcome).toBe('aborted');
    expect(model.requests).toHaveLength(1);
    expect(result.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'tool']);
    expect(result.messages[1]).toMatchObject({ content: 'Reading the ticket.' });
    expect(ofType('tool_call_finished')[0]).toMatchObject({ ok: false, code: 'aborted' });
  });

  it('passes the turn signal to the tools, with the page context', async () => {
    const { registry, tools } = helpdesk();
    const model = new ScriptedModel([calls(['c1', 'ticket__read']), answer('ok')]);
    const controller = new AbortController();
    await runTurn({ model, registry, userText: 'x', signal: controller.signal, ctx: { scope: null, tabId: 7 } });
    expect(tools.ticketRead.runs[0]?.ctx).toMatchObject({ tabId: 7, autonomous: true, signal: controller.signal });
  });

  it('does not call the model at all when stopped before the turn began', async () => {
    const { registry } = helpdesk();
    const model = new ScriptedModel([answer('never')]);
    const controller = new AbortController();
    controller.abort();
    const { result } = await runTurn({ model, registry, userText: 'x', signal: controller.signal });
    expect(model.requests).toHaveLength(0);
    expect(result).toMatchObject({ outcome: 'aborted', messages: [{ role: 'user', content: 'x' }] });
  });

  it('stops during a retry wait without calling the model again', async () => {
    const { registry } = helpdesk();
    const model = new ScriptedModel([new ModelError('rate_limited', 'slow down', { status: 429 }), answer('never')]);
    const controller = new AbortController();
    const { result } = await runTurn({
      model,
      registry,
      userText: 'x',
      signal: controller.signal,
      retry: { sleep: () => new Promise(() => {}) },
      onEvent: (e) => e.type === 'retry' && controller.abort(),
    });
    expect(result.outcome).toBe('aborted');
    expect(model.requests).toHaveLength(1);
  });

  it("treats a model's own 'aborted' error after Stop as the Stop, not as an error", async () => {
    const { registry } = helpdesk();
    const model = new ScriptedModel([{ events: [text('Hi')], delayMs: 30 }]);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 5);
    const { result, events } = await runTurn({ model, registry, userText: 'x', signal: controller.signal });
    expect(result.outcome).toBe('aborted');
    expect(result.error).toBeUndefined();
    expect(events.some((e) => e.type === 'error')).toBe(false);
  });
});
