import { describe, expect } from 'vitest';
import { MemoryConfirmationStore, ToolRegistry } from '../../src/core';
import { fakeTool } from '../fakes/tools';
import { attackEach } from './attack';

/**
 * The scope gate compares whole origins. A page at an origin that merely resembles the
 * helpdesk's (a longer host, another port, another scheme) gets none of its tools: not by
 * invoke, not at the model's exit, and not in the function list the model is given.
 */
const SITE = 'https://desk.example';
const NEAR_MISSES = [
  'https://desk.example.evil.test', // longer host
  'https://desk.example.com', // the same name under another suffix
  'https://evil-desk.example',
  'https://sub.desk.example',
  'https://desk.exampl', // shorter
  'https://desk.example:8443', // other port
  'https://desk.example:443', // the default port spelled out is another string
  'http://desk.example', // other scheme
  'wss://desk.example',
  'https://desk.example/', // a trailing slash
  'https://desk.example.', // a trailing dot
  'https://DESK.EXAMPLE',
  'https://desk.example@evil.test',
  'https://desk.example\u0000',
  'null',
  '*',
];

function helpdesk() {
  const store = new MemoryConfirmationStore();
  const registry = new ToolRegistry({ store });
  const tools = [fakeTool('read', 'ticket.read', { scopes: [SITE] }), fakeTool('write', 'reply.fill', { scopes: [SITE] }), fakeTool('send', 'reply.send', { scopes: [SITE] })];
  for (const tool of tools) registry.register(tool);
  const nothingRan = () => tools.every((t) => t.runs.length === 0 && t.deliveries.length === 0);
  return { registry, store, nothingRan };
}

describe('security: near-miss origins at the scope gate', () => {
  attackEach(NEAR_MISSES, (o) => `invokes the helpdesk's tools from ${JSON.stringify(o)}`, async (origin) => {
    const h = helpdesk();
    for (const name of ['ticket.read', 'reply.fill', 'reply.send']) {
      expect(await h.registry.invoke(name, { body: 'x' }, { scope: origin, flags: { 'page.write': true, 'page.send': true } })).toMatchObject({
        ok: false,
        code: 'out_of_scope',
      });
    }
    expect(h.nothingRan()).toBe(true);
    expect(await h.store.list()).toEqual([]);
  });

  attackEach(NEAR_MISSES, (o) => `reads the ticket at the model's exit from ${JSON.stringify(o)}`, async (origin) => {
    const h = helpdesk();
    expect(await h.registry.invokeReadOnly('ticket__read', {}, { scope: origin })).toMatchObject({ ok: false, code: 'out_of_scope' });
    expect(h.nothingRan()).toBe(true);
  });

  attackEach(NEAR_MISSES, (o) => `gets the helpdesk's tools offered to the model on ${JSON.stringify(o)}`, async (origin) => {
    const h = helpdesk();
    expect(h.registry.toFunctionSchemas({ scope: origin, autonomous: true })).toEqual([]);
    expect(h.registry.toFunctionSchemas({ scope: origin, autonomous: false })).toEqual([]);
    // The control: the real origin is offered its read tool.
    expect(h.registry.toFunctionSchemas({ scope: SITE, autonomous: true }).map((f) => f.name)).toEqual(['ticket__read']);
  });
});
