import { afterEach, beforeEach, describe, expect } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { createServices } from '../../src/background/host';
import { classifySender, route, type Sender } from '../../src/background/router';
import { vault } from '../../src/background/storage/vault';
import { MCP_CLIENT_GLOBAL } from '../../src/background/mcp/mcp-client-module';
import { createMcpRuntime } from '../../src/background/mcp/mcp-runtime';
import { fakeHelpdesk } from '../fakes/fake-adapter';
import { createFakeTabs } from '../fakes/fake-tabs';
import { attack } from './attack';

const ID = 'abcdefghijklmnopabcdefghijklmnop';
const BASE = `chrome-extension://${ID}/`;
const TOKEN = 'mcp-bearer-7f3a9c-secret';
const options: Sender = { kind: 'extension', url: `${BASE}options.html` };
const content = classifySender({ id: ID, url: 'http://127.0.0.1:4517/tickets/7', tab: { id: 1 } as never, frameId: 0 }, ID, BASE)!;

/** An MCP server's bearer token is the agent's credential for another system: it goes to that server and nowhere else. */
describe('security: an MCP server token never reaches a page', () => {
  // The MCP client script as the worker runs it (its module on the global object), not its fallback.
  beforeEach(() => {
    fakeBrowser.reset();
    (globalThis as Record<string, unknown>)[MCP_CLIENT_GLOBAL] = { createMcpRuntime };
  });
  afterEach(() => {
    delete (globalThis as Record<string, unknown>)[MCP_CLIENT_GLOBAL];
  });

  attack('a token kept for a server is in the vault only: not in storage a content script can read, not in any answer', async () => {
    const { handlers } = await createServices([fakeHelpdesk], createFakeTabs().send);
    const saved = await route({ type: 'mcp.save', name: 'Orders', url: 'http://127.0.0.1:9/mcp', token: TOKEN }, options, handlers);
    expect(saved).toMatchObject({ ok: true, value: { ok: true } });
    expect(JSON.stringify(saved)).not.toContain(TOKEN);

    const listed = await route({ type: 'mcp.list' }, options, handlers);
    expect(listed).toMatchObject({ ok: true, value: [{ name: 'Orders', hasToken: true }] });
    expect(JSON.stringify(listed)).not.toContain(TOKEN);

    // Firefox lets a content script read storage.local (and storage.managed): the token is in neither.
    const local = await fakeBrowser.storage.local.get(null);
    const session = await fakeBrowser.storage.session.get(null);
    expect(JSON.stringify({ local, session })).not.toContain(TOKEN);
    expect(JSON.stringify(await vault.get('mcpTokens'))).toContain(TOKEN);

    // A content script asking is refused before any handler runs.
    for (const type of ['mcp.list', 'mcp.save', 'mcp.remove', 'mcp.grade', 'mcp.reconnect'] as const) {
      const answer = await route({ type, id: 'x', name: 'x', url: 'http://127.0.0.1:9/mcp', tool: 'x', hash: '0'.repeat(64), choice: 'read' } as never, content, handlers);
      expect(answer).toMatchObject({ ok: false, code: 'forbidden' });
      expect(JSON.stringify(answer)).not.toContain(TOKEN);
    }
  });

  attack('removing a server removes its token', async () => {
    const { handlers } = await createServices([fakeHelpdesk], createFakeTabs().send);
    const saved = (await route({ type: 'mcp.save', name: 'Orders', url: 'http://127.0.0.1:9/mcp', token: TOKEN }, options, handlers)) as { value: { servers: { id: string }[] } };
    await route({ type: 'mcp.remove', id: saved.value.servers[0]!.id }, options, handlers);
    expect(JSON.stringify(await vault.get('mcpTokens'))).not.toContain(TOKEN);
  });
});
