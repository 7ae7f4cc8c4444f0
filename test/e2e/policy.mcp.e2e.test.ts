import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOrderSystem, type OrderSystem } from '../../demo/mcp/server.mjs';
import { MANAGED_ERROR } from '../../src/shared/policy';
import type { McpServerView } from '../../src/shared/mcp';
import { attack } from '../security/attack';
import { launchChromium, openExtensionPage, type ChromiumHarness } from './harness/chromium';
import { pageDriver, waitIn, type Driver } from './harness/deskmate';
import { launchFirefox, openFirefoxExtensionPage, type FirefoxHarness } from './harness/firefox';
import { firefoxDriver } from './harness/firefox-driver';
import { removeChromiumPolicy, removeFirefoxPolicy, writeChromiumPolicy, writeFirefoxPolicy } from './harness/policy-files';

type Runtime = { runtime: { sendMessage(m: object): Promise<unknown> } };

/** The organisation's grades for the demo order system; orders.get is left to each agent. */
const GRADES = { 'payments.list': 'read', 'payments.refund': 'send' };
type Envelope<T> = { ok: boolean; value?: T };

/** A message from the options page, as any script of an extension page could send it (Firefox's promises are on `browser`). */
const message = <T>(d: Driver, m: Record<string, unknown>) =>
  d.evaluate((m: Record<string, unknown>) => ((globalThis as { browser?: Runtime }).browser ?? (globalThis as unknown as { chrome: Runtime }).chrome).runtime.sendMessage(m), m) as Promise<Envelope<T>>;

/** Waits until the options page shows the organisation's server connected, with its tools. */
const serverShown = (options: Driver) =>
  waitIn(
    options,
    () => {
      const el = document.querySelector<HTMLElement>('[data-testid="mcp-server"]');
      return el?.dataset.status === 'connected' && el.querySelectorAll('[data-testid="mcp-tool"]').length === 3 ? true : null;
    },
    null,
    "the organisation's MCP server to show connected, with its tools",
  );

/** What the options page shows of the server and each tool, and which controls it offers. */
const shown = (options: Driver) =>
  options.evaluate(() => {
    const server = document.querySelector<HTMLElement>('[data-testid="mcp-server"]')!;
    return {
      name: server.querySelector('h3')?.textContent ?? '',
      managed: server.querySelector('[data-testid="mcp-managed"]') !== null,
      removable: server.querySelector('[data-testid="mcp-remove"]') !== null,
      tools: Object.fromEntries(
        [...server.querySelectorAll<HTMLElement>('[data-testid="mcp-tool"]')].map((el) => [
          el.dataset.tool,
          { standing: el.dataset.standing, byPolicy: el.querySelector('[data-testid="mcp-managed-grade"]') !== null, gradable: el.querySelector('[data-testid="mcp-choice"]') !== null },
        ]),
      ),
    };
  }, null);

const EXPECTED = {
  managed: true,
  removable: false,
  tools: {
    'payments.list': { standing: 'read', byPolicy: true, gradable: false },
    'payments.refund': { standing: 'send', byPolicy: true, gradable: false },
    'orders.get': { standing: 'new', byPolicy: false, gradable: true },
  },
};

/** Loosens the refund to read (the model could then call it) and drops the server, by message. */
async function loosen(options: Driver): Promise<void> {
  const [server] = (await message<McpServerView[]>(options, { type: 'mcp.list' })).value!;
  const refund = server!.tools.find((t) => t.name === 'payments.refund')!;
  expect(await message(options, { type: 'mcp.grade', id: server!.id, tool: 'payments.refund', hash: refund.hash, choice: 'read' })).toEqual({ ok: true, value: { ok: false, error: MANAGED_ERROR } });
  expect(await message(options, { type: 'mcp.grade', id: server!.id, tool: 'payments.list', hash: server!.tools.find((t) => t.name === 'payments.list')!.hash, choice: 'send' })).toEqual({
    ok: true,
    value: { ok: false, error: MANAGED_ERROR },
  });
  expect(await message(options, { type: 'mcp.remove', id: server!.id })).toEqual({ ok: true, value: { ok: false, error: MANAGED_ERROR } });
  const [after] = (await message<McpServerView[]>(options, { type: 'mcp.list' })).value!;
  expect(after!.tools.find((t) => t.name === 'payments.refund')).toMatchObject({ standing: 'send', by: 'policy' });
  expect(after!.tools.find((t) => t.name === 'payments.list')).toMatchObject({ standing: 'read', by: 'policy' });
}

/**
 * MCP servers and grades set by the organisation's policy, in real Chromium (managed policy
 * folder) and Firefox ESR (policies.json): the options page shows the server and its grades as
 * set by the organisation, with no control to change them, and a settings message can loosen no
 * grade nor remove the server. The demo order system stands in for the team's system.
 */
describe('policy: MCP servers and grades set by the organisation', () => {
  let orders: OrderSystem;
  beforeAll(async () => {
    orders = await startOrderSystem({ port: 0 });
  });
  afterAll(async () => {
    await orders?.close();
  });
  const policy = () => ({ mcpServers: [{ name: 'Orders', url: orders.url, tools: GRADES }] });

  describe('Chromium', () => {
    let chromium: ChromiumHarness;
    let options: Driver;
    beforeAll(async () => {
      removeChromiumPolicy(); // one a crashed run left behind
      writeChromiumPolicy(policy());
      // Kept while the browser runs: Chromium watches the folder and drops a policy whose file goes.
      chromium = await launchChromium({ fresh: true });
      options = pageDriver(await openExtensionPage(chromium.context, chromium.extensionId, 'options.html'));
    });
    afterAll(async () => {
      try {
        await chromium?.close();
      } finally {
        removeChromiumPolicy();
      }
    });

    it('shows the server and its grades as set by the organisation, with no control to change them', async () => {
      await serverShown(options);
      expect(await shown(options)).toMatchObject(EXPECTED);
    });

    attack('a settings message loosens a grade the organisation set, or removes its server (Chromium)', async () => {
      await serverShown(options);
      await loosen(options);
    });
  });

  describe('Firefox', () => {
    let firefox: FirefoxHarness;
    let options: Driver;
    beforeAll(async () => {
      removeFirefoxPolicy(); // one a crashed run left behind
      writeFirefoxPolicy(policy());
      firefox = await launchFirefox({ fresh: true });
      options = firefoxDriver(await openFirefoxExtensionPage(firefox, 'options.html'));
    }, 90_000);
    afterAll(async () => {
      try {
        await firefox?.close();
      } finally {
        removeFirefoxPolicy();
      }
    });

    it('shows the server and its grades as set by the organisation, with no control to change them', async () => {
      await serverShown(options);
      expect(await shown(options)).toMatchObject(EXPECTED);
    });

    attack('a settings message loosens a grade the organisation set, or removes its server (Firefox)', async () => {
      await serverShown(options);
      await loosen(options);
    });
  });
});
