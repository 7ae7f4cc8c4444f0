import { describe, expect, it } from 'vitest';
import { answer, calls, helpdesk, runTurn, ScriptedModel, toolResults } from '../fakes/scripted-model';

describe('tool arguments from the model', () => {
  it('answers arguments that are not JSON with a tool error the model can correct, and the next step succeeds', async () => {
    const { registry, tools } = helpdesk();
    const model = new ScriptedModel([
      calls(['bad', 'kb__search', '{query: refund']),
      calls(['good', 'kb__search', { query: 'refund' }]),
      answer('Found it.'),
    ]);
    const { result, ofType } = await runTurn({ model, registry, userText: 'x' });
    const results = toolResults(result.messages);
    expect(results['bad']).toMatchObject({ ok: false, code: 'invalid_arguments' });
    expect(results['bad'].error).toMatch(/not valid JSON/);
    expect(results['good']).toMatchObject({ ok: true });
    expect(tools.kbSearch.runs.map((r) => r.input)).toEqual([{ query: 'refund' }]);
    expect(result.outcome).toBe('stop');
    // The model saw its mistake on the next step.
    const seen = model.requests[1]?.messages.at(-1);
    expect(seen).toMatchObject({ role: 'tool', tool_call_id: 'bad' });
    expect(ofType('tool_call_started')[0]).toMatchObject({ rawArguments: '{query: refund' });
    expect(ofType('tool_call_started')[0]).not.toHaveProperty('args');
  });

  it.each([
    ['an array', '[1,2]'],
    ['a string', '"refund"'],
    ['a number', '42'],
    ['null', 'null'],
    ['true', 'true'],
  ])('answers arguments that are %s with invalid_arguments and runs nothing', async (what, args) => {
    const { registry, tools } = helpdesk();
    const model = new ScriptedModel([calls(['c', 'kb__search', args]), answer('ok')]);
    const { result } = await runTurn({ model, registry, userText: 'x' });
    expect(toolResults(result.messages)['c']).toMatchObject({ ok: false, code: 'invalid_arguments' });
    expect(toolResults(result.messages)['c'].error).toContain(what === 'true' ? 'boolean' : what);
    expect(tools.kbSearch.runs).toHaveLength(0);
  });

  it.each(['', '   '])('takes empty arguments %j as {}', async (args) => {
    const { registry, tools } = helpdesk();
    const model = new ScriptedModel([calls(['c', 'ticket__read', args]), answer('ok')]);
    const { result } = await runTurn({ model, registry, userText: 'x' });
    expect(tools.ticketRead.runs.map((r) => r.input)).toEqual([{}]);
    expect(toolResults(result.messages)['c']).toMatchObject({ ok: true });
  });

  it("passes JSON the tool's schema refuses to the registry, which answers invalid_input", async () => {
    const { registry, tools } = helpdesk();
    const model = new ScriptedModel([calls(['c', 'kb__search', { q: 'refund' }]), answer('ok')]);
    const { result } = await runTurn({ model, registry, userText: 'x' });
    expect(toolResults(result.messages)['c']).toMatchObject({ ok: false, code: 'invalid_input' });
    expect(tools.kbSearch.runs).toHaveLength(0);
  });
});
