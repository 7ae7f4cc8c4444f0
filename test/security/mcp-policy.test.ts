import { afterEach, beforeEach, describe, expect } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { createServices } from '../../src/background/host';
import { managedPolicy } from '../../src/background/access/policy';
import { classifySender, route, type Sender } from '../../src/background/router';
import { MCP_CLIENT_GLOBAL } from '../../src/background/mcp/mcp-client-module';
import { mcpDecisionsItem } from '../../src/background/mcp/mcp-items';
import { createMcpRuntime } from '../../src/background/mcp/mcp-runtime';
import { MANAGED_ERROR } from '../../src/shared/policy';
import type { McpServerView } from '../../src/shared/mcp';
import { startOrderSystem, type OrderSystem } from '../../demo/mcp/server.mjs';
import { fakeHelpdesk } from '../fakes/fake-adapter';
import { createFakeTabs } from '../fakes/fake-tabs';
import { attack } from './attack';

const ID = 'abcdefghijklmnopabcdefghijklmnop';
const BASE = `chrome-extension://${ID}/`;
const options: Sender = { kind: 'extension', url: `${BASE}options.html` };
const sidebar: Sender = { kind: 'extension', url: `${BASE}sidepanel.html` };
const content = classifySender({ id: ID, url: 'http://127.0.0.1:4517/tickets/7', tab: { id: 1 } as never, frameId: 0 }, ID, BASE)!;
const POLICY_TOKEN = 'policy-bearer-91c2-secret';

/**
 * MCP servers the organisation sets: its grades per tool stand against every message (from the
 * options page, the sidebar or a page), its server is neither removed nor shadowed by a second
 * entry at its address, and a token in the policy is used nowhere.
 */
describe('security: MCP servers and grades set by the policy', () => {
  let orders: OrderSystem | undefined;
  beforeEach(() => {
    fakeBrowser.reset();
    (globalThis as Record<string, unknown>)[MCP_CLIENT_GLOBAL] = { createMcpRuntime };
    (fakeBrowser as unknown as { permissions: { contains(): Promise<boolean> } }).permissions.contains = async () => true;
  });
  afterEach(async () => {
    delete (globalThis as Record<string, unknown>)[MCP_CLIENT_GLOBAL];
    await orders?.close();
    orders = undefined;
  });

  async function setup(server: Record<string, unknown>, token?: string) {
    orders = await startOrderSystem({ port: 0, ...(token ? { token } : {}) });
    await fakeBrowser.storage.managed.set({ mcpServers: [{ name: 'Orders', url: orders.url, ...server }] });
    await managedPolicy.refresh(false);
    const { handlers, services } = await createServices([fakeHelpdesk], createFakeTabs().send);
    await route({ type: 'mcp.reconnect', id: 'policy:Orders' }, options, handlers);
    const list = async () => ((await route({ type: 'mcp.list' }, options, handlers)) as { value: McpServerView[] }).value;
    return { handlers, services, list };
  }

  attack('a settings message cannot change a grade the organisation set, loosen or tighten, from the options page, the sidebar or a page', async () => {
    const { handlers, services, list } = await setup({ tools: { 'payments.list': 'read', 'payments.refund': 'off' } });
    const [server] = await list();
    expect(server).toMatchObject({ id: 'policy:Orders', managed: true, status: 'connected' });
    const tool = (name: string) => server!.tools.find((t) => t.name === name)!;
    expect(tool('payments.refund')).toMatchObject({ standing: 'off', by: 'policy' });
    expect(tool('payments.list')).toMatchObject({ standing: 'read', by: 'policy' });
    expect(tool('orders.get')).toMatchObject({ standing: 'new' });

    for (const [sender, name, choice] of [
      [options, 'payments.refund', 'send'],
      [sidebar, 'payments.refund', 'read'],
      [options, 'payments.list', 'off'],
    ] as const) {
      const answer = await route({ type: 'mcp.grade', id: 'policy:Orders', tool: name, hash: tool(name).hash, choice }, sender, handlers);
      expect(answer).toMatchObject({ ok: true, value: { ok: false, error: MANAGED_ERROR } });
    }
    const fromPage = await route({ type: 'mcp.grade', id: 'policy:Orders', tool: 'payments.refund', hash: tool('payments.refund').hash, choice: 'send' }, content, handlers);
    expect(fromPage).toMatchObject({ ok: false, code: 'forbidden' });
    expect(await mcpDecisionsItem.get()).toEqual({});

    // Nor removed, nor shadowed by an entry of the agent's at its address, to be graded there.
    expect(await route({ type: 'mcp.remove', id: 'policy:Orders' }, options, handlers)).toMatchObject({ ok: true, value: { ok: false, error: MANAGED_ERROR } });
    const shadow = await route({ type: 'mcp.save', name: 'My orders', url: orders!.url }, options, handlers);
    expect(shadow).toMatchObject({ ok: true, value: { ok: false } });
    expect((await list()).map((s) => s.id)).toEqual(['policy:Orders']);

    // The refund is neither offered nor proposable; the read the organisation accepted is.
    const offered = services.registry.toFunctionSchemas({ autonomous: true, flags: {}, scope: null }).map((f) => f.name);
    expect(offered).toContain('payments__list');
    expect(offered).not.toContain('payments__refund');
    expect(offered).not.toContain('action__propose');
    // A tool the organisation left ungraded is the agent's to grade.
    expect(await route({ type: 'mcp.grade', id: 'policy:Orders', tool: 'orders.get', hash: tool('orders.get').hash, choice: 'read' }, options, handlers)).toMatchObject({ ok: true, value: { ok: true } });
  });

  attack('a token in the policy is used nowhere: named as a secret, not sent to the server, not in any answer', async () => {
    const { handlers, list } = await setup({ token: POLICY_TOKEN, tools: { 'payments.list': 'read' } }, POLICY_TOKEN);
    expect((await managedPolicy.get()).secrets).toEqual(['mcpServers[0].token']);
    const [server] = await list();
    expect(server).toMatchObject({ id: 'policy:Orders', managed: true, hasToken: false, status: 'down', problem: 'unauthorized' });
    const policyView = await route({ type: 'policy.get' } as never, options, handlers);
    expect(JSON.stringify({ server, policyView })).not.toContain(POLICY_TOKEN);
    // The agent's own token for the organisation's server, kept in the vault: then it connects.
    const saved = await route({ type: 'mcp.save', id: 'policy:Orders', name: 'Orders', url: orders!.url, token: POLICY_TOKEN }, options, handlers);
    expect(saved).toMatchObject({ ok: true, value: { ok: true } });
    await route({ type: 'mcp.reconnect', id: 'policy:Orders' }, options, handlers);
    expect((await list())[0]).toMatchObject({ hasToken: true, status: 'connected' });
  });
});
