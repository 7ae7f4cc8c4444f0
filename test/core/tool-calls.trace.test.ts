import { describe, expect, it } from 'vitest';
import { ToolRegistry, type AgentEvent, type Draft, type ToolCall } from '../../src/core';
import { runToolCalls } from '../../src/core/tool-calls';
import { fakeTool } from '../fakes/tools';

const ANY_INPUT = { type: 'object' as const, properties: {}, additionalProperties: true };

/** Runs the calls as one step of a turn and returns what the trace and the model got. */
async function step(registry: ToolRegistry, calls: ToolCall[], maxCalls = 4, citable?: ReadonlyMap<string, string>) {
  const events: AgentEvent[] = [];
  const drafts: Draft[] = [];
  const messages = await runToolCalls(calls, { registry, ctx: {}, step: 1, maxCalls, emit: (e) => events.push(e), onDraft: (d) => drafts.push(d), ...(citable ? { citable } : {}) });
  // In the order of the calls: a refused call finishes before one that runs.
  const finished = events
    .filter((e): e is Extract<AgentEvent, { type: 'tool_call_finished' }> => e.type === 'tool_call_finished')
    .sort((a, b) => Number(a.callId) - Number(b.callId));
  return { events, drafts, messages, finished, forbidden: events.filter((e) => e.type === 'forbidden_call') };
}

const call = (id: string, name: string, args: unknown = {}): ToolCall => ({ id, name, arguments: typeof args === 'string' ? args : JSON.stringify(args) });

describe('the trace line of a tool call', () => {
  it('shows a failure\'s words, cut at 160 characters, or its code when it has none', async () => {
    const registry = new ToolRegistry();
    const words = (n: number) => 'x'.repeat(n);
    registry.register(fakeTool('read', 'a.exact', { run: () => ({ ok: false, code: 'not_found', error: words(160) }) }));
    registry.register(fakeTool('read', 'a.long', { run: () => ({ ok: false, code: 'not_found', error: words(161) }) }));
    registry.register(fakeTool('read', 'a.mute', { run: () => ({ ok: false, code: 'not_found', error: '' }) }));
    const { finished } = await step(registry, [call('1', 'a__exact'), call('2', 'a__long'), call('3', 'a__mute')]);
    expect(finished.map((e) => e.summary)).toEqual([words(160), `${words(159)}…`, 'not_found']);
    expect(finished.map((e) => e.ok)).toEqual([false, false, false]);
  });

  it('shows a result as "ok", its text, or its JSON, cut at 120 characters', async () => {
    const registry = new ToolRegistry();
    registry.register(fakeTool('read', 'a.none', { run: () => ({ ok: true }) }));
    registry.register(fakeTool('read', 'a.text', { run: () => ({ ok: true, data: 'y'.repeat(121) }) }));
    registry.register(fakeTool('read', 'a.short', { run: () => ({ ok: true, data: 'found 3' }) }));
    registry.register(fakeTool('read', 'a.json', { run: () => ({ ok: true, data: { hits: [1, 2] } }) }));
    registry.register(fakeTool('read', 'a.big', { run: () => ({ ok: true, data: { text: 'z'.repeat(200) } }) }));
    const { finished } = await step(registry, ['none', 'text', 'short', 'json', 'big'].map((n, i) => call(String(i), `a__${n}`)), 5);
    expect(finished.map((e) => e.summary)).toEqual(['ok', `${'y'.repeat(119)}…`, 'found 3', '{"hits":[1,2]}', `{"text":"${'z'.repeat(110)}…`]);
  });
});

describe('the arguments a model sends', () => {
  it('takes empty or blank arguments as no arguments', async () => {
    const registry = new ToolRegistry();
    const tool = fakeTool('read', 'kb.search');
    registry.register(tool);
    const { finished } = await step(registry, [call('1', 'kb__search', ''), call('2', 'kb__search', '  \n')]);
    expect(finished.map((e) => e.ok)).toEqual([true, true]);
    expect(tool.runs.map((r) => r.input)).toEqual([{}, {}]);
  });
});

describe('calls beyond what a step may make', () => {
  it('answers them "call again later", counted apart from forbidden calls', async () => {
    const registry = new ToolRegistry();
    registry.register(fakeTool('read', 'kb.search'));
    const { finished, forbidden, messages } = await step(registry, [call('1', 'kb__search'), call('2', 'kb__search')], 1);
    expect(Object.fromEntries(finished.map((e) => [e.callId, e.code]))).toEqual({ 1: undefined, 2: 'too_many_calls' });
    expect(messages[1]!.content).toContain('Only 1 tool calls run per step; call this one again later.');
    expect(forbidden).toEqual([]);
  });
});

describe('a draft the model proposes', () => {
  const propose = (run: () => unknown) => {
    const registry = new ToolRegistry();
    registry.register(fakeTool('read', 'reply.propose', { inputSchema: ANY_INPUT, run }));
    return registry;
  };

  it('takes the body from the tool, else from the arguments, and a subject only when it is text', async () => {
    const fromArgs = await step(propose(() => ({ ok: true, data: null })), [call('1', 'reply__propose', { body: 'Hi there', subject: 5 })]);
    expect(fromArgs.drafts).toEqual([{ body: 'Hi there' }]);
    const notADraft = await step(propose(() => ({ ok: true, data: { body: 7 } })), [call('1', 'reply__propose', { body: 'From args', subject: 'Re: refund' })]);
    expect(notADraft.drafts).toEqual([{ body: 'From args', subject: 'Re: refund' }]);
  });

  it('proposes nothing, and still answers, when neither the tool nor the model gave a body', async () => {
    const { drafts, finished, events } = await step(propose(() => ({ ok: true, data: 'noted' })), [call('1', 'reply__propose', { note: 'no body' })]);
    expect(drafts).toEqual([]);
    expect(finished.map((e) => e.ok)).toEqual([true]);
    expect(events.some((e) => e.type === 'draft_proposed')).toBe(false);
  });

  it('tells the model which of its sources were dropped and why', async () => {
    const registry = propose(() => ({ ok: true, data: { body: 'See our guide.' } }));
    const { messages, drafts } = await step(registry, [call('1', 'reply__propose', { body: 'See our guide.', sources: ['kb-9'] })], 4, new Map([['kb-1', 'Refunds']]));
    expect(drafts[0]?.droppedSources).toEqual(['kb-9']);
    expect(messages[0]!.content).toContain('Only articles that kb.search returned in this conversation can be cited; these ids were dropped.');
  });
});
