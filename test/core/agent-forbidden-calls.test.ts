import { describe, expect, it } from 'vitest';
import { answer, calls, helpdesk, runTurn, ScriptedModel, toolResults } from '../fakes/scripted-model';

/**
 * A call of a tool the model was not offered says something is steering it (often the ticket).
 * It is refused by grade before anything else, reported as such, and never counts as a call
 * the step may make.
 */
describe('tool calls the model was not offered', () => {
  it('reports each write, send or invented name once as a forbidden call, with its grade', async () => {
    const { registry } = helpdesk();
    const model = new ScriptedModel([
      calls(['a', 'reply__send', { body: 'x' }], ['b', 'reply__fill', { body: 'x' }], ['c', 'ticket__submit'], ['d', 'ticket__read']),
      answer('ok'),
    ]);
    const { ofType } = await runTurn({ model, registry, userText: 'x' });
    expect(ofType('forbidden_call').map((e) => [e.callId, e.tool, e.grade])).toEqual([
      ['a', 'reply.send', 'send'],
      ['b', 'reply.fill', 'write'],
      ['c', 'ticket.submit', 'unknown'],
    ]);
  });

  it('reports no forbidden call for read tools, even failing ones', async () => {
    const { registry } = helpdesk({ kb: { run: () => Promise.reject(new Error('offline')) } });
    const model = new ScriptedModel([calls(['a', 'ticket__read'], ['b', 'kb__search', { query: 'q' }], ['c', 'kb__search', '{']), answer('ok')]);
    const { ofType } = await runTurn({ model, registry, userText: 'x' });
    expect(ofType('forbidden_call')).toEqual([]);
  });

  it('refuses a send name by grade even past the per-step cap: never "call this again later"', async () => {
    const { registry, sideEffects } = helpdesk();
    const many = Array.from({ length: 6 }, (_, i): [string, string, unknown] => [`s${i}`, i % 2 ? 'reply__send' : 'reply__fill', { body: 'x' }]);
    const model = new ScriptedModel([calls(...many), answer('ok')]);
    const { result, ofType } = await runTurn({ model, registry, userText: 'x', maxToolCallsPerStep: 2 });
    const results = toolResults(result.messages);
    expect(Object.values(results).map((r) => r.code)).toEqual(Array(6).fill('not_read_only'));
    expect(JSON.stringify(results)).not.toMatch(/again later|too_many_calls/);
    expect(ofType('forbidden_call')).toHaveLength(6);
    expect(sideEffects()).toBe(0);
  });

  it('does not let forbidden calls use up the read calls a step may make', async () => {
    const { registry, tools } = helpdesk();
    const model = new ScriptedModel([
      calls(['s1', 'reply__send'], ['s2', 'ticket__submit'], ['s3', 'reply__fill'], ['r1', 'ticket__read'], ['r2', 'ticket__read'], ['r3', 'ticket__read']),
      answer('ok'),
    ]);
    const { result } = await runTurn({ model, registry, userText: 'x', maxToolCallsPerStep: 2 });
    const results = toolResults(result.messages);
    expect([results['r1'].ok, results['r2'].ok, results['r3'].code]).toEqual([true, true, 'too_many_calls']);
    expect(tools.ticketRead.runs).toHaveLength(2);
  });
});
