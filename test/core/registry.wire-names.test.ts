import { describe, expect, it } from 'vitest';
import { fromWireName, toWireName, ToolRegistry } from '../../src/core';
import { fakeTool } from '../fakes/tools';

const OPENAI_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

const LEGAL = ['kb.search', 'ticket.read', 'a.b.c', 'x1.y2', 'kb_search', 'kb-search', 'A.B', 'a', 'reply.send-now', 'crm.contact_lookup'];

// 60 characters of dotted name whose wire form (each dot becomes two characters) passes 64.
const TOO_LONG_ON_THE_WIRE = 'abcdefghij.abcdefghij.abcdefghij.abcdefghij.abcdefghij.abcde';

const ILLEGAL: [string, unknown][] = [
  ['a double dot', 'a..b'],
  ['a double underscore', 'a__b'],
  ['a leading underscore', '_a'],
  ['a trailing dot', 'a.'],
  ['a leading dot', '.a'],
  ['a space', 'kb search'],
  ['a trailing space', 'kb.search '],
  ['the empty string', ''],
  ['non-ASCII letters', 'kb.sökning'],
  ['a full-width dot', 'kb．search'],
  ['a trailing hyphen', 'kb-'],
  ['a hyphen next to a dot', 'kb.-search'],
  ['a slash', 'kb/search'],
  ['a newline', 'kb.search\n'],
  ['a number instead of a string', 42],
];

describe('wire names', () => {
  it('registers each legal name and round-trips it through its wire name', () => {
    const registry = new ToolRegistry();
    for (const name of LEGAL) {
      registry.register(fakeTool('read', name));
      expect(fromWireName(toWireName(name))).toBe(name);
      expect(toWireName(name)).toMatch(OPENAI_NAME);
    }
    expect(registry.list().map((t) => t.name).sort()).toEqual([...LEGAL].sort());
  });

  it('gives the model only names that OpenAI accepts, and each maps back to its tool', () => {
    const registry = new ToolRegistry();
    for (const name of LEGAL) registry.register(fakeTool('read', name));
    const schemas = registry.toFunctionSchemas({ autonomous: true });
    expect(schemas).toHaveLength(LEGAL.length);
    for (const { name } of schemas) {
      expect(name).toMatch(OPENAI_NAME);
      expect(registry.get(name)?.name).toBe(fromWireName(name));
    }
    expect(new Set(schemas.map((s) => s.name)).size).toBe(LEGAL.length);
  });

  it('accepts a name whose wire form is exactly 64 characters', () => {
    const name = 'abcdefghij.abcdefghij.abcdefghij.abcdefghij.abcdefghij.abc';
    expect(toWireName(name)).toHaveLength(63);
    const exact = `${name}d`;
    expect(toWireName(exact)).toHaveLength(64);
    const registry = new ToolRegistry();
    registry.register(fakeTool('read', exact));
    expect(registry.get(toWireName(exact))?.name).toBe(exact);
  });

  it.each(ILLEGAL)('refuses at register a name with %s, saying why', (_why, name) => {
    const registry = new ToolRegistry();
    const tool = { ...fakeTool('read', 'kb.search'), name: name as string };
    expect(() => registry.register(tool)).toThrowError(/tool name/);
    expect(registry.list()).toHaveLength(0);
  });

  it('refuses a name whose wire form is longer than 64 characters, saying so', () => {
    expect(TOO_LONG_ON_THE_WIRE.length).toBeLessThanOrEqual(64);
    expect(toWireName(TOO_LONG_ON_THE_WIRE).length).toBeGreaterThan(64);
    const registry = new ToolRegistry();
    expect(() => registry.register(fakeTool('read', TOO_LONG_ON_THE_WIRE))).toThrowError(/too long.*64/);
  });

  it('refuses to register the same name twice', () => {
    const registry = new ToolRegistry();
    registry.register(fakeTool('read', 'kb.search'));
    expect(() => registry.register(fakeTool('write', 'kb.search'))).toThrowError(/already registered/);
    expect(registry.get('kb.search')?.sideEffect).toBe('read');
  });

  it('finds a tool by its name and by its wire name', () => {
    const registry = new ToolRegistry();
    const tool = fakeTool('read', 'ticket.read');
    registry.register(tool);
    expect(registry.get('ticket.read')).toBe(tool);
    expect(registry.get('ticket__read')).toBe(tool);
    expect(registry.get('ticket_read')).toBeUndefined();
    expect(registry.get('ticket')).toBeUndefined();
  });

  it('keeps a name with single underscores and hyphens apart from the dotted one', () => {
    const registry = new ToolRegistry();
    const dotted = fakeTool('read', 'kb.search');
    const underscored = fakeTool('write', 'kb_search');
    const hyphened = fakeTool('write', 'kb-search');
    registry.register(dotted);
    registry.register(underscored);
    registry.register(hyphened);
    expect(registry.get('kb__search')).toBe(dotted);
    expect(registry.get('kb_search')).toBe(underscored);
    expect(registry.get('kb-search')).toBe(hyphened);
  });
});
