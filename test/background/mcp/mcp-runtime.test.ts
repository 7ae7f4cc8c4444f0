import { afterEach, describe, expect, it } from 'vitest';
import { fenceToolResult } from '../../../src/core';
import { mcpFixture } from './mcp-fixture';

let fixture: Awaited<ReturnType<typeof mcpFixture>> | undefined;
afterEach(async () => {
  await fixture?.close();
  fixture = undefined;
});

describe('MCP servers as a tool source', () => {
  it('lists the tools with the grade their annotations suggest, each new and not offered', async () => {
    fixture = await mcpFixture();
    const view = await fixture.view();
    expect(view.status).toBe('connected');
    expect(view.tools.map((t) => [t.name, t.suggested, t.standing])).toEqual([
      ['orders.get', 'read', 'new'],
      ['payments.list', 'read', 'new'],
      ['payments.refund', 'send', 'new'],
    ]);
    expect(fixture.offered()).not.toContain('orders__get');
    expect(fixture.registry.get('orders.get')).toBeUndefined();
  });

  it('offers a tool accepted as read, calls it once per call and audits each call', async () => {
    fixture = await mcpFixture();
    await fixture.decide('payments.list', 'read');
    expect(fixture.offered()).toContain('payments__list');
    expect(fixture.offered()).not.toContain('orders__get');
    const r = await fixture.modelCalls('payments__list', { order: 'NW-20931' });
    expect(r.ok).toBe(true);
    const data = r.data as { server: string; text: string };
    expect(data.server).toBe('Orders');
    expect(data.text).toContain('cap_7Q2KX94');
    expect(fixture.system.calls().map((c) => c.tool)).toEqual(['payments.list']);
    expect(fixture.audit).toMatchObject([{ kind: 'call', tool: 'payments.list', site: fixture.system.origin, confirmationId: null }]);
    expect(fixture.audit[0]!.detail).toContain('NW-20931');
  });

  it('switches a tool off again when a person chooses off', async () => {
    fixture = await mcpFixture();
    await fixture.decide('orders.get', 'read');
    await fixture.decide('orders.get', 'off');
    expect(fixture.offered()).not.toContain('orders__get');
    expect((await fixture.modelCalls('orders__get', { order: 'NW-20931' })).code).toBe('unknown_tool');
    expect(fixture.system.calls()).toEqual([]);
  });

  it('never offers a tool accepted as send to the model', async () => {
    fixture = await mcpFixture();
    await fixture.decide('payments.refund', 'send');
    expect(fixture.offered()).not.toContain('payments__refund');
    expect((await fixture.modelCalls('payments__refund', { capture: 'cap_7Q2KX94' })).ok).toBe(false);
    expect(fixture.system.refunds()).toEqual([]);
  });

  it('fences a result as untrusted data, as a page result is', async () => {
    fixture = await mcpFixture();
    await fixture.decide('orders.get', 'read');
    const r = await fixture.modelCalls('orders__get', { order: 'NW-20931' });
    const fenced = fenceToolResult('orders.get', r);
    expect(fenced.startsWith('<tool_result tool="orders.get" untrusted="true">')).toBe(true);
    expect(fenced).toContain('Ergo Task Chair');
  });

  it('says in words when a server refuses the token, and connects with the right one', async () => {
    fixture = await mcpFixture({ token: 'sekrit-42', storedToken: 'wrong' });
    const refused = await fixture.view();
    expect(refused).toMatchObject({ status: 'down', problem: 'unauthorized' });
    await fixture.close();
    fixture = await mcpFixture({ token: 'sekrit-42', storedToken: 'sekrit-42' });
    expect((await fixture.view()).status).toBe('connected');
    expect(fixture.system.authorizations().every((a) => a === 'Bearer sekrit-42')).toBe(true);
  });

  it('says when a server is down', async () => {
    fixture = await mcpFixture();
    await fixture.system.close();
    await fixture.runtime.reconnect((await fixture.view()) as never);
    expect(await fixture.view()).toMatchObject({ status: 'down', problem: 'unreachable' });
  });
});
