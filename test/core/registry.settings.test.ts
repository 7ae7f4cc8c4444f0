import { describe, expect, it } from 'vitest';
import { ToolRegistry } from '../../src/core';
import { fakeClock, fakeTool } from '../fakes/tools';

describe('the registry settings', () => {
  it('gives a prepared send ten minutes to be confirmed when nothing else is set', async () => {
    const clock = fakeClock();
    const registry = new ToolRegistry({ now: clock.now });
    const tool = fakeTool('send', 'reply.send');
    registry.register(tool);
    const ticket = (await registry.invoke('reply.send', { body: 'Hi' })).confirmation!;
    expect(ticket.expiresAt).toBe(clock.now() + 10 * 60_000);
    clock.advance(10 * 60_000 - 1);
    expect((await registry.confirm(ticket.id, ticket.digest)).ok).toBe(true);
    expect(tool.deliveries).toHaveLength(1);
  });

  it('refuses a setting that is not a number of at least its minimum, naming it', () => {
    for (const name of ['timeoutMs', 'maxResultChars', 'confirmTtlMs'] as const) {
      for (const bad of [0, -1, Number.NaN, '600000', null]) {
        expect(() => new ToolRegistry({ [name]: bad as number }), `${name}: ${String(bad)}`).toThrowError(new RegExp(`^ToolRegistry: ${name} must be a number of at least \\d+$`));
      }
    }
    expect(() => new ToolRegistry({ timeoutMs: 1, confirmTtlMs: 1 })).not.toThrow();
  });
});

describe('listing tools', () => {
  const registry = new ToolRegistry();
  registry.register(fakeTool('read', 'kb.search'));
  registry.register(fakeTool('read', 'ticket.read', { scopes: ['https://a.example'] }));
  registry.register(fakeTool('write', 'ticket.note', { scopes: ['https://b.example'] }));
  registry.register(fakeTool('send', 'reply.send', { scopes: ['https://a.example'] }));
  const names = (opts: Parameters<ToolRegistry['list']>[0]) => registry.list(opts).map((t) => t.name);

  it('lists every tool when asked for all', () => {
    expect(names({})).toEqual(['kb.search', 'ticket.read', 'ticket.note', 'reply.send']);
    expect(names(undefined)).toEqual(['kb.search', 'ticket.read', 'ticket.note', 'reply.send']);
  });

  it('lists the tools of a domain, or of a grade', () => {
    expect(names({ domain: 'ticket' })).toEqual(['ticket.read', 'ticket.note']);
    expect(names({ sideEffect: 'read' })).toEqual(['kb.search', 'ticket.read']);
    expect(names({ domain: 'ticket', sideEffect: 'write' })).toEqual(['ticket.note']);
  });

  it('lists for a site the tools that work there: its own and those of no site', () => {
    expect(names({ scope: 'https://a.example' })).toEqual(['kb.search', 'ticket.read', 'reply.send']);
    expect(names({ scope: 'https://c.example' })).toEqual(['kb.search']);
    expect(names({ scope: null })).toEqual(['kb.search', 'ticket.read', 'ticket.note', 'reply.send']);
  });
});
