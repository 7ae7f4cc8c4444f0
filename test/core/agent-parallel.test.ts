import { describe, expect, it } from 'vitest';
import { answer, calls, helpdesk, runTurn, ScriptedModel, toolResults } from '../fakes/scripted-model';

/** A promise with its resolve, to make one tool wait for another. */
function latch() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe('several tool calls in one step', () => {
  it('runs them at the same time: the first waits until the second has started', async () => {
    const secondStarted = latch();
    const order: string[] = [];
    const { registry } = helpdesk({
      // If the calls ran one after the other, this would wait for ever and time out.
      settings: { timeoutMs: 1_000 },
      ticket: {
        run: async () => {
          order.push('ticket start');
          await secondStarted.opened;
          order.push('ticket end');
          return { ok: true, data: 'ticket' };
        },
      },
      kb: {
        run: () => {
          order.push('kb start');
          secondStarted.open();
          order.push('kb end');
          return { ok: true, data: 'kb' };
        },
      },
    });
    const model = new ScriptedModel([calls(['t', 'ticket__read'], ['k', 'kb__search', { query: 'refund' }]), answer('ok')]);
    const { result, ofType } = await runTurn({ model, registry, userText: 'x' });
    expect(order).toEqual(['ticket start', 'kb start', 'kb end', 'ticket end']);
    expect(toolResults(result.messages)).toEqual({ t: { ok: true, data: 'ticket' }, k: { ok: true, data: 'kb' } });
    // kb finished first, yet the results go back in the order of the calls.
    expect(ofType('tool_call_finished').map((e) => e.callId)).toEqual(['k', 't']);
    expect(result.messages.filter((m) => m.role === 'tool').map((m) => m.tool_call_id)).toEqual(['t', 'k']);
  });

  it('overlaps two slow calls: each starts before the other ends', async () => {
    const spans: Record<string, { start: number; end: number }> = {};
    const wait = (name: string) => async () => {
      const start = performance.now();
      await new Promise((resolve) => setTimeout(resolve, 50));
      spans[name] = { start, end: performance.now() };
      return { ok: true, data: name };
    };
    const { registry } = helpdesk({ ticket: { run: wait('t') }, kb: { run: wait('k') } });
    const model = new ScriptedModel([calls(['t', 'ticket__read'], ['k', 'kb__search', { query: 'q' }]), answer('ok')]);
    await runTurn({ model, registry, userText: 'x' });
    const { t, k } = spans;
    expect(t && k && k.start < t.end && t.start < k.end).toBe(true);
  });

  it('answers every call of a step with one tool message, in call order, even when some fail', async () => {
    const { registry } = helpdesk({ kb: { run: () => Promise.reject(new Error('index offline')) } });
    const model = new ScriptedModel([
      calls(['1', 'kb__search', { query: 'a' }], ['2', 'nope__nope'], ['3', 'ticket__read'], ['4', 'kb__search', '{']),
      answer('ok'),
    ]);
    const { result } = await runTurn({ model, registry, userText: 'x' });
    const results = toolResults(result.messages);
    expect(Object.keys(results)).toEqual(['1', '2', '3', '4']);
    expect([results['1'].code, results['2'].code, results['3'].ok, results['4'].code]).toEqual([
      'tool_failed',
      'unknown_tool',
      true,
      'invalid_arguments',
    ]);
  });

  it('runs at most maxToolCallsPerStep calls and answers the rest with an error', async () => {
    const { registry, tools } = helpdesk();
    const many = Array.from({ length: 5 }, (_, i): [string, string] => [`c${i}`, 'ticket__read']);
    const model = new ScriptedModel([calls(...many), answer('ok')]);
    const { result } = await runTurn({ model, registry, userText: 'x', maxToolCallsPerStep: 3 });
    expect(tools.ticketRead.runs).toHaveLength(3);
    const results = toolResults(result.messages);
    expect(Object.keys(results)).toHaveLength(5);
    expect(results['c4']).toMatchObject({ ok: false, code: 'too_many_calls' });
  });
});
