import { describe, expect, it } from 'vitest';
import { ToolRegistry, type Tool } from '../../src/core';
import { fakeTool } from '../fakes/tools';

/** A definition as a careless caller (or plain JavaScript) might write it. */
const loose = (tool: Tool, patch: Record<string, unknown>): Tool => ({ ...tool, ...patch }) as unknown as Tool;

describe('registration', () => {
  it('refuses a send tool without deliver', () => {
    const registry = new ToolRegistry();
    const send = fakeTool('send', 'reply.send');
    expect(() => registry.register(loose(send, { deliver: undefined }))).toThrowError(/needs deliver/);
    expect(registry.get('reply.send')).toBeUndefined();
  });

  it('refuses a read or write tool that has deliver', () => {
    const registry = new ToolRegistry();
    const deliver = async () => ({ ok: true });
    expect(() => registry.register(loose(fakeTool('read', 'kb.search'), { deliver }))).toThrowError(/only a send tool/);
    expect(() => registry.register(loose(fakeTool('write', 'reply.fill'), { deliver }))).toThrowError(/only a send tool/);
    expect(registry.list()).toHaveLength(0);
  });

  it.each([['publish'], ['READ'], [''], [undefined], [null]])('refuses the sideEffect %j', (grade) => {
    const registry = new ToolRegistry();
    expect(() => registry.register(loose(fakeTool('read', 'kb.search'), { sideEffect: grade }))).toThrowError(/sideEffect/);
  });

  it('refuses a tool without run', () => {
    const registry = new ToolRegistry();
    expect(() => registry.register(loose(fakeTool('read', 'kb.search'), { run: undefined }))).toThrowError(/run must be a function/);
    expect(() => registry.register(loose(fakeTool('read', 'kb.search'), { run: 'search' }))).toThrowError(/run must be a function/);
  });

  it.each([[undefined], [null], ['object'], [42], [{ type: 'string' }], [{ type: 'object' }], [{ type: 'object', properties: null }]])(
    'refuses the inputSchema %j',
    (inputSchema) => {
      const registry = new ToolRegistry();
      expect(() => registry.register(loose(fakeTool('read', 'kb.search'), { inputSchema }))).toThrowError(/inputSchema/);
    },
  );

  it('refuses a tool that is not an object', () => {
    const registry = new ToolRegistry();
    for (const tool of [null, undefined, 'kb.search', 7]) {
      expect(() => registry.register(tool as unknown as Tool)).toThrowError(Error);
    }
  });

  it('refuses an empty description, bad scopes and a bad timeout', () => {
    const registry = new ToolRegistry();
    const base = fakeTool('read', 'kb.search');
    expect(() => registry.register(loose(base, { description: '  ' }))).toThrowError(/description/);
    expect(() => registry.register(loose(base, { scopes: 'https://a.example' }))).toThrowError(/scopes/);
    for (const timeoutMs of [0, -5, Number.NaN, Number.POSITIVE_INFINITY, '100']) {
      expect(() => registry.register(loose(base, { timeoutMs }))).toThrowError(/timeoutMs/);
    }
  });

  it('refuses an empty feature flag, which would otherwise gate nothing', () => {
    const registry = new ToolRegistry();
    const tool = fakeTool('write', 'reply.fill', { featureFlag: '' });
    expect(() => registry.register(tool)).toThrowError(/featureFlag/);
  });

  it('registers a tool whose input schema is frozen', async () => {
    const registry = new ToolRegistry();
    const inputSchema = Object.freeze({
      type: 'object' as const,
      properties: Object.freeze({ query: Object.freeze({ type: 'string' as const }) }),
      required: Object.freeze(['query']),
    });
    registry.register(fakeTool('read', 'kb.search', { inputSchema }));
    expect((await registry.invoke('kb.search', { query: 'x' })).ok).toBe(true);
    expect((await registry.invoke('kb.search', {})).code).toBe('invalid_input');
  });

  it('returns an unregister function that removes exactly that tool', async () => {
    const registry = new ToolRegistry();
    const unregisterSearch = registry.register(fakeTool('read', 'kb.search'));
    registry.register(fakeTool('read', 'ticket.read'));
    unregisterSearch();
    expect(registry.get('kb.search')).toBeUndefined();
    expect(registry.get('ticket.read')).toBeDefined();
    expect((await registry.invoke('kb.search', {})).code).toBe('unknown_tool');
    expect(registry.toFunctionSchemas({ autonomous: true }).map((f) => f.name)).toEqual(['ticket__read']);
  });

  it('leaves a later tool of the same name alone when an old unregister runs again', () => {
    const registry = new ToolRegistry();
    const unregisterOld = registry.register(fakeTool('read', 'kb.search'));
    unregisterOld();
    const fresh = fakeTool('read', 'kb.search');
    registry.register(fresh);
    unregisterOld();
    expect(registry.get('kb.search')).toBe(fresh);
  });
});
