import { describe, expect, it } from 'vitest';
import { systemPrompt, ToolRegistry } from '../../src/core';
import { fakeTool } from '../fakes/tools';
import { answer, calls, helpdesk, runTurn, ScriptedModel } from '../fakes/scripted-model';

describe('what the agent loop offers the model', () => {
  it('offers exactly the read tools, by wire name: no write, no send', async () => {
    const { registry } = helpdesk();
    const model = new ScriptedModel([answer('Hi')]);
    await runTurn({ model, registry, userText: 'hello' });
    expect(model.requests[0]?.tools.map((t) => t.name).sort()).toEqual(['kb__search', 'reply__propose', 'ticket__read']);
  });

  it('offers the same list as toFunctionSchemas in an autonomous context, descriptions and schemas included', async () => {
    const { registry } = helpdesk();
    const model = new ScriptedModel([answer('Hi')]);
    await runTurn({ model, registry, userText: 'hello', ctx: { autonomous: false } });
    expect(model.requests[0]?.tools).toEqual(registry.toFunctionSchemas({ autonomous: true }));
  });

  it('offers only the read tools that pass the gates of this page', async () => {
    const registry = new ToolRegistry();
    registry.register(fakeTool('read', 'ticket.read', { scopes: ['https://help.example.com'] }));
    registry.register(fakeTool('read', 'crm.lookup', { featureFlag: 'crm' }));
    registry.register(fakeTool('read', 'kb.search'));
    const model = new ScriptedModel([answer('a'), answer('b')]);
    await runTurn({ model, registry, userText: 'x', ctx: { scope: 'https://other.example.com' } });
    expect(model.requests[0]?.tools.map((t) => t.name)).toEqual(['kb__search']);
    await runTurn({ model, registry, userText: 'x', ctx: { scope: 'https://help.example.com', flags: { crm: true } } });
    expect(model.requests[1]?.tools.map((t) => t.name).sort()).toEqual(['crm__lookup', 'kb__search', 'ticket__read']);
  });

  it('sends the system prompt, then the history, then the new user message', async () => {
    const { registry } = helpdesk();
    const model = new ScriptedModel([answer('Sure.')]);
    const system = systemPrompt({ site: 'help.example.com' });
    const history = [
      { role: 'user' as const, content: 'earlier question' },
      { role: 'assistant' as const, content: 'earlier answer' },
    ];
    const { result } = await runTurn({ model, registry, system, history, userText: 'now' });
    expect(model.requests[0]?.messages).toEqual([{ role: 'system', content: system }, ...history, { role: 'user', content: 'now' }]);
    expect(result.messages).toEqual([
      { role: 'user', content: 'now' },
      { role: 'assistant', content: 'Sure.' },
    ]);
  });

  it('sends the assistant tool calls and the tool results back on the next step', async () => {
    const { registry } = helpdesk();
    const model = new ScriptedModel([calls(['c1', 'ticket__read']), answer('Done.')]);
    const { result } = await runTurn({ model, registry, userText: 'read it' });
    const second = model.requests[1]?.messages ?? [];
    expect(second.map((m) => m.role)).toEqual(['user', 'assistant', 'tool']);
    expect(second[1]).toEqual({ role: 'assistant', content: null, tool_calls: [{ id: 'c1', name: 'ticket__read', arguments: '{}' }] });
    expect(second[2]).toMatchObject({ role: 'tool', tool_call_id: 'c1' });
    expect(result.messages).toEqual([...second, { role: 'assistant', content: 'Done.' }]);
  });

  it("passes the turn's signal to the model", async () => {
    const { registry } = helpdesk();
    const model = new ScriptedModel([answer('Hi')]);
    const controller = new AbortController();
    await runTurn({ model, registry, userText: 'hello', signal: controller.signal });
    expect(model.requests[0]?.signal).toBe(controller.signal);
  });
});
