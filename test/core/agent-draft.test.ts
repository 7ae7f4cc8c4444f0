import { describe, expect, it } from 'vitest';
import { answer, calls, helpdesk, runTurn, ScriptedModel, toolResults } from '../fakes/scripted-model';

describe('drafts proposed through reply.propose', () => {
  it('turns an ok reply.propose call into a draft event with its body and subject', async () => {
    const { registry, tools, sideEffects } = helpdesk();
    const draft = { body: 'Hi Dana, we have refunded the second charge.', subject: 'Your refund' };
    const model = new ScriptedModel([calls(['p1', 'reply__propose', draft]), answer('I drafted a reply.')]);
    const { result, ofType } = await runTurn({ model, registry, userText: 'draft a reply' });
    expect(ofType('draft_proposed')).toEqual([{ type: 'draft_proposed', step: 1, callId: 'p1', draft }]);
    expect(result.drafts).toEqual([draft]);
    expect(tools.propose.runs).toHaveLength(1);
    expect(sideEffects()).toBe(0);
    expect(toolResults(result.messages)['p1']).toMatchObject({ ok: true });
  });

  it('gives a draft without a subject just its body', async () => {
    const { registry } = helpdesk();
    const model = new ScriptedModel([calls(['p1', 'reply__propose', { body: 'Hello!' }]), answer('ok')]);
    const { result } = await runTurn({ model, registry, userText: 'x' });
    expect(result.drafts).toEqual([{ body: 'Hello!' }]);
  });

  it('proposes no draft when the call fails', async () => {
    const { registry } = helpdesk();
    const model = new ScriptedModel([calls(['p1', 'reply__propose', { subject: 'no body' }]), answer('ok')]);
    const { result, ofType } = await runTurn({ model, registry, userText: 'x' });
    expect(ofType('draft_proposed')).toEqual([]);
    expect(result.drafts).toEqual([]);
    expect(toolResults(result.messages)['p1']).toMatchObject({ ok: false, code: 'invalid_input' });
  });

  it('announces the draft after the call finished', async () => {
    const { registry } = helpdesk();
    const model = new ScriptedModel([calls(['p1', 'reply__propose', { body: 'Hello!' }]), answer('ok')]);
    const { events } = await runTurn({ model, registry, userText: 'x' });
    const types = events.map((e) => e.type);
    expect(types.indexOf('draft_proposed')).toBe(types.indexOf('tool_call_finished') + 1);
  });
});
