import { describe, expect, it } from 'vitest';
import { ToolRegistry, type JsonSchema } from '../../src/core';
import { fakeTool, QUERY_INPUT } from '../fakes/tools';

const setup = (inputSchema: JsonSchema = QUERY_INPUT) => {
  const registry = new ToolRegistry();
  const tool = fakeTool('read', 'kb.search', { inputSchema });
  registry.register(tool);
  return { registry, tool };
};

describe('input validation', () => {
  it('refuses a missing required field with invalid_input naming it, and never runs the tool', async () => {
    const { registry, tool } = setup();
    const r = await registry.invoke('kb.search', {});
    expect(r).toMatchObject({ ok: false, code: 'invalid_input' });
    expect(r.error).toContain('query');
    expect(tool.runs).toHaveLength(0);
  });

  it('refuses a field of the wrong type, naming the field', async () => {
    const { registry, tool } = setup();
    const r = await registry.invoke('kb.search', { query: 42 });
    expect(r.code).toBe('invalid_input');
    expect(r.error).toContain('input.query');
    expect(tool.runs).toHaveLength(0);
  });

  it('applies the schema keywords (minLength, enum, additionalProperties)', async () => {
    const { registry, tool } = setup({
      type: 'object',
      properties: { query: { type: 'string', minLength: 2 }, sort: { type: 'string', enum: ['new', 'old'] } },
      required: ['query'],
      additionalProperties: false,
    });
    expect((await registry.invoke('kb.search', { query: 'x' })).code).toBe('invalid_input');
    expect((await registry.invoke('kb.search', { query: 'xy', sort: 'random' })).error).toContain('sort');
    expect((await registry.invoke('kb.search', { query: 'xy', extra: 1 })).code).toBe('invalid_input');
    expect(tool.runs).toHaveLength(0);
    expect((await registry.invoke('kb.search', { query: 'xy', sort: 'new' })).ok).toBe(true);
    expect(tool.runs).toHaveLength(1);
  });

  it.each([['a string', 'invoice'], ['null', null], ['an array', ['invoice']], ['a number', 7], ['a boolean', true]])(
    'refuses %s as input with invalid_input',
    async (_what, input) => {
      const { registry, tool } = setup({ type: 'object', properties: {} });
      const r = await registry.invoke('kb.search', input);
      expect(r).toMatchObject({ ok: false, code: 'invalid_input' });
      expect(tool.runs).toHaveLength(0);
    },
  );

  it('treats undefined input as an empty object', async () => {
    const { registry, tool } = setup({ type: 'object', properties: {} });
    const r = await registry.invoke('kb.search', undefined);
    expect(r.ok).toBe(true);
    expect(tool.runs[0]?.input).toEqual({});
  });

  it('still checks required fields when the input is undefined', async () => {
    const { registry, tool } = setup();
    const r = await registry.invoke('kb.search', undefined);
    expect(r.code).toBe('invalid_input');
    expect(r.error).toContain('query');
    expect(tool.runs).toHaveLength(0);
  });

  it('validates on the read-only exit too, telling the model what to fix', async () => {
    const { registry, tool } = setup();
    const r = await registry.invokeReadOnly('kb__search', { q: 'invoice' }, {});
    expect(r.code).toBe('invalid_input');
    expect(r.error).toContain('query');
    expect(tool.runs).toHaveLength(0);
  });

  it('validates a send tool before it prepares anything', async () => {
    const registry = new ToolRegistry();
    const send = fakeTool('send', 'reply.send', {
      inputSchema: { type: 'object', properties: { body: { type: 'string', minLength: 1 } }, required: ['body'] },
    });
    registry.register(send);
    const r = await registry.invoke('reply.send', { body: '' });
    expect(r.code).toBe('invalid_input');
    expect(send.runs).toHaveLength(0);
    expect(await registry.pending()).toHaveLength(0);
  });

  it('is not fooled when a caller changes the schema it was handed in the function list', async () => {
    const { registry, tool } = setup(structuredClone(QUERY_INPUT));
    const [fn] = registry.toFunctionSchemas({ autonomous: true });
    (fn?.parameters as { required?: string[] }).required = [];
    expect((await registry.invoke('kb.search', {})).code).toBe('invalid_input');
    expect(tool.runs).toHaveLength(0);
  });
});
