import { describe, expect, it } from 'vitest';
import { ToolRegistry, type InvokeCtx } from '../../src/core';
import { fakeTool } from '../fakes/tools';

const SITE = 'https://help.example.com';

describe('gate 1: the feature flag', () => {
  it('lets a flagged tool run where its flag is granted', async () => {
    const registry = new ToolRegistry();
    const tool = fakeTool('read', 'kb.search', { featureFlag: 'knowledgeBase' });
    registry.register(tool);
    const r = await registry.invoke('kb.search', {}, { flags: { knowledgeBase: true } });
    expect(r.ok).toBe(true);
    expect(tool.runs).toHaveLength(1);
  });

  it('refuses a flagged tool with not_granted where its flag is missing or false', async () => {
    const registry = new ToolRegistry();
    const tool = fakeTool('read', 'kb.search', { featureFlag: 'knowledgeBase' });
    registry.register(tool);
    const contexts: InvokeCtx[] = [{}, { flags: {} }, { flags: { knowledgeBase: false } }, { flags: { other: true } }];
    for (const ctx of contexts) {
      const r = await registry.invoke('kb.search', {}, ctx);
      expect(r).toMatchObject({ ok: false, code: 'not_granted' });
    }
    expect(tool.runs).toHaveLength(0);
  });

  it('grants a flag only for the value true, not for truthy look-alikes', async () => {
    const registry = new ToolRegistry();
    const tool = fakeTool('read', 'kb.search', { featureFlag: 'knowledgeBase' });
    registry.register(tool);
    const flags = { knowledgeBase: 'true' } as unknown as Record<string, boolean>;
    const r = await registry.invoke('kb.search', {}, { flags });
    expect(r.code).toBe('not_granted');
    expect(tool.runs).toHaveLength(0);
  });
});

describe('gate 2: the scope', () => {
  it('lets a scoped tool run in one of its scopes', async () => {
    const registry = new ToolRegistry();
    const tool = fakeTool('read', 'ticket.read', { scopes: [SITE] });
    registry.register(tool);
    const r = await registry.invoke('ticket.read', {}, { scope: SITE });
    expect(r.ok).toBe(true);
    expect(tool.runs).toHaveLength(1);
  });

  it('refuses a scoped tool with out_of_scope in another scope or an unknown one', async () => {
    const registry = new ToolRegistry();
    const tool = fakeTool('read', 'ticket.read', { scopes: [SITE] });
    registry.register(tool);
    for (const ctx of [{ scope: 'https://evil.example' }, { scope: null }, {}]) {
      const r = await registry.invoke('ticket.read', {}, ctx);
      expect(r).toMatchObject({ ok: false, code: 'out_of_scope' });
    }
    expect(tool.runs).toHaveLength(0);
  });

  it('lets a tool without scopes run anywhere', async () => {
    const registry = new ToolRegistry();
    registry.register(fakeTool('read', 'kb.search'));
    expect((await registry.invoke('kb.search', {}, { scope: SITE })).ok).toBe(true);
    expect((await registry.invoke('kb.search', {}, {})).ok).toBe(true);
  });
});

describe('gate 3: send in an autonomous context', () => {
  it('refuses a send tool in an autonomous context with requiresConfirm and needs_confirmation', async () => {
    const registry = new ToolRegistry();
    const tool = fakeTool('send', 'reply.send');
    registry.register(tool);
    const r = await registry.invoke('reply.send', { body: 'hi' }, { autonomous: true });
    expect(r).toMatchObject({ ok: false, code: 'needs_confirmation', requiresConfirm: true });
    expect(r.confirmation).toBeUndefined();
    expect(tool.runs).toHaveLength(0);
    expect(await registry.pending()).toHaveLength(0);
  });

  it('lets a person invoke a send tool, which only prepares and asks for a confirm', async () => {
    const registry = new ToolRegistry();
    const tool = fakeTool('send', 'reply.send');
    registry.register(tool);
    const r = await registry.invoke('reply.send', { body: 'hi' }, { autonomous: false });
    expect(r).toMatchObject({ ok: true, requiresConfirm: true });
    expect(tool.runs).toHaveLength(1);
    expect(tool.deliveries).toHaveLength(0);
  });

  it('lets a write tool run in an autonomous context (a fixed plan may write)', async () => {
    const registry = new ToolRegistry();
    const tool = fakeTool('write', 'reply.fill');
    registry.register(tool);
    const r = await registry.invoke('reply.fill', {}, { autonomous: true });
    expect(r.ok).toBe(true);
    expect(tool.runs).toHaveLength(1);
  });

  it('checks the flag before the scope', async () => {
    const registry = new ToolRegistry();
    registry.register(fakeTool('read', 'ticket.read', { scopes: [SITE], featureFlag: 'tickets' }));
    const r = await registry.invoke('ticket.read', {}, { scope: 'https://other.example' });
    expect(r.code).toBe('not_granted');
  });
});

describe('the function list the model is given', () => {
  const setup = () => {
    const registry = new ToolRegistry();
    registry.register(fakeTool('read', 'kb.search'));
    registry.register(fakeTool('read', 'ticket.read', { scopes: [SITE] }));
    registry.register(fakeTool('read', 'crm.lookup', { featureFlag: 'crm' }));
    registry.register(fakeTool('write', 'reply.fill', { scopes: [SITE] }));
    registry.register(fakeTool('send', 'reply.send', { scopes: [SITE] }));
    return registry;
  };

  it('holds only read tools that pass the gates in an autonomous context: no write, no send', () => {
    const names = setup()
      .toFunctionSchemas({ scope: SITE, flags: {}, autonomous: true })
      .map((f) => f.name)
      .sort();
    expect(names).toEqual(['kb__search', 'ticket__read']);
  });

  it('adds a read tool once its flag is granted', () => {
    const names = setup()
      .toFunctionSchemas({ scope: SITE, flags: { crm: true }, autonomous: true })
      .map((f) => f.name);
    expect(names).toContain('crm__lookup');
    expect(names).not.toContain('reply__send');
  });

  it('lists write and send tools only for a person', () => {
    const names = setup()
      .toFunctionSchemas({ scope: SITE, autonomous: false })
      .map((f) => f.name);
    expect(names).toEqual(expect.arrayContaining(['reply__fill', 'reply__send']));
  });

  it('gives each function its description and input schema', () => {
    const registry = new ToolRegistry();
    const tool = fakeTool('read', 'kb.search');
    registry.register(tool);
    expect(registry.toFunctionSchemas({ autonomous: true })).toEqual([
      { name: 'kb__search', description: tool.description, parameters: tool.inputSchema },
    ]);
  });
});

describe('the read-only exit', () => {
  it('refuses a write tool with not_read_only and never runs it', async () => {
    const registry = new ToolRegistry();
    const tool = fakeTool('write', 'reply.fill');
    registry.register(tool);
    const r = await registry.invokeReadOnly('reply__fill', {}, {});
    expect(r).toMatchObject({ ok: false, code: 'not_read_only' });
    expect(tool.runs).toHaveLength(0);
  });

  it('refuses a send tool with not_read_only and never runs it', async () => {
    const registry = new ToolRegistry();
    const tool = fakeTool('send', 'reply.send');
    registry.register(tool);
    const r = await registry.invokeReadOnly('reply__send', { body: 'x' }, {});
    expect(r).toMatchObject({ ok: false, code: 'not_read_only' });
    expect(tool.runs).toHaveLength(0);
    expect(await registry.pending()).toHaveLength(0);
  });

  it('runs a read tool by its wire name, autonomously', async () => {
    const registry = new ToolRegistry();
    const tool = fakeTool('read', 'kb.search');
    registry.register(tool);
    const r = await registry.invokeReadOnly('kb__search', {}, { autonomous: false });
    expect(r.ok).toBe(true);
    expect(tool.runs[0]?.ctx.autonomous).toBe(true);
  });

  it('still applies the flag and scope gates', async () => {
    const registry = new ToolRegistry();
    registry.register(fakeTool('read', 'ticket.read', { scopes: [SITE], featureFlag: 'tickets' }));
    expect((await registry.invokeReadOnly('ticket__read', {}, { scope: SITE })).code).toBe('not_granted');
    expect((await registry.invokeReadOnly('ticket__read', {}, { flags: { tickets: true } })).code).toBe('out_of_scope');
  });

  it('answers a hallucinated name with unknown_tool instead of throwing', async () => {
    const registry = new ToolRegistry();
    registry.register(fakeTool('read', 'kb.search'));
    const r = await registry.invokeReadOnly('ticket__submit', {}, {});
    expect(r).toMatchObject({ ok: false, code: 'unknown_tool' });
    expect(r.error).toContain('ticket__submit');
  });
});

describe('running a tool', () => {
  it('turns a run that throws into a tool_failed result carrying the message', async () => {
    const registry = new ToolRegistry();
    registry.register(
      fakeTool('read', 'kb.search', {
        run: () => {
          throw new Error('index offline');
        },
      }),
    );
    const r = await registry.invoke('kb.search', {}, {});
    expect(r).toMatchObject({ ok: false, code: 'tool_failed' });
    expect(r.error).toContain('index offline');
  });

  it('gives a failure without a code the code tool_failed and keeps a code the tool chose', async () => {
    const registry = new ToolRegistry();
    registry.register(fakeTool('read', 'a.plain', { run: () => ({ ok: false, error: 'nothing there' }) }));
    registry.register(fakeTool('read', 'a.coded', { run: () => ({ ok: false, code: 'no_ticket', error: 'no ticket' }) }));
    expect(await registry.invoke('a.plain', {})).toMatchObject({ ok: false, code: 'tool_failed', error: 'nothing there' });
    expect(await registry.invoke('a.coded', {})).toMatchObject({ ok: false, code: 'no_ticket' });
  });

  it('passes the invoke ctx to run as its third argument, tabId and extra fields intact', async () => {
    const registry = new ToolRegistry();
    const tool = fakeTool('read', 'ticket.read', { scopes: [SITE] });
    registry.register(tool);
    const ctx = { scope: SITE, tabId: 17, frameId: 3, requestId: 'req-9' } as InvokeCtx;
    await registry.invoke('ticket.read', { }, ctx);
    expect(tool.runs[0]?.ctx).toMatchObject({ scope: SITE, tabId: 17, frameId: 3, requestId: 'req-9' });
    expect(tool.runs[0]?.signal).toBeInstanceOf(AbortSignal);
  });

  it('passes the validated input to run', async () => {
    const registry = new ToolRegistry();
    const tool = fakeTool('read', 'kb.search');
    registry.register(tool);
    await registry.invoke('kb.search', { query: 'invoice' });
    expect(tool.runs[0]?.input).toEqual({ query: 'invoice' });
  });
});
