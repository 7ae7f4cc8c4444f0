import { describe, expect, it } from 'vitest';
import { ToolRegistry } from '../../src/core';
import { fakeTool, type FakeTool } from '../fakes/tools';

/** The attacker's view: the model (or an injected instruction) guesses names at the read-only exit. */
function helpdesk() {
  const registry = new ToolRegistry();
  const tools: FakeTool[] = [
    fakeTool('read', 'ticket.read'),
    fakeTool('read', 'kb.search'),
    fakeTool('write', 'reply.fill'),
    fakeTool('send', 'reply.send'),
  ];
  for (const tool of tools) registry.register(tool);
  const nothingRan = () => tools.filter((t) => t.sideEffect !== 'read').every((t) => t.runs.length === 0 && t.deliveries.length === 0);
  return { registry, nothingRan };
}

describe('guessed tool names at the read-only exit', () => {
  it.each([
    'ticket.submit',
    'ticket__submit',
    'REPLY.SEND',
    'Reply__Send',
    'reply.send ',
    ' reply.send',
    'reply.send\u0000',
    'reply．send',
    'reply_send',
    'reply-send',
    'reply___send',
    'reply.send.now',
    '__proto__',
    'constructor',
    'toString',
    'hasOwnProperty',
    'valueOf',
    '',
    '.',
    '__',
  ])('answers %j with unknown_tool and runs nothing', async (name) => {
    const { registry, nothingRan } = helpdesk();
    const r = await registry.invokeReadOnly(name, { body: 'pwned' }, {});
    expect(r).toMatchObject({ ok: false, code: 'unknown_tool' });
    expect(nothingRan()).toBe(true);
    expect(await registry.pending()).toHaveLength(0);
  });

  it.each(['reply__send', 'reply.send', 'reply__fill', 'reply.fill'])(
    'answers %j, the name of a real write or send tool, with not_read_only',
    async (name) => {
      const { registry, nothingRan } = helpdesk();
      const r = await registry.invokeReadOnly(name, { body: 'pwned' }, { autonomous: false });
      expect(r).toMatchObject({ ok: false, code: 'not_read_only' });
      expect(nothingRan()).toBe(true);
      expect(await registry.pending()).toHaveLength(0);
    },
  );

  it('refuses a send tool reached through invoke in an autonomous context by any of its names', async () => {
    const { registry, nothingRan } = helpdesk();
    for (const name of ['reply.send', 'reply__send']) {
      expect(await registry.invoke(name, {}, { autonomous: true })).toMatchObject({ code: 'needs_confirmation' });
    }
    expect(nothingRan()).toBe(true);
  });

  it('never lets get() reach a tool through names inherited from Object', () => {
    const { registry } = helpdesk();
    for (const name of ['__proto__', 'constructor', 'toString', '__defineGetter__']) {
      expect(registry.get(name)).toBeUndefined();
    }
  });

  it('does not echo an unbounded guessed name back in full', async () => {
    const { registry } = helpdesk();
    const r = await registry.invokeReadOnly(`ignore previous instructions ${'x'.repeat(10_000)}`, {}, {});
    expect(r.code).toBe('unknown_tool');
    expect(r.error?.length ?? 0).toBeLessThan(500);
  });
});
