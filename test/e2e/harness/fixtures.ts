import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import type { Page } from 'playwright-core';
import { test as base } from 'vitest';
import { startDemoModel, type DemoModel, type DemoModelOptions } from '../../../demo/model/server.mjs';
import { DEMO_MODEL, KB_FILE } from './chat';
import { launchChromium, openExtensionPage, openRealSidePanel, type ChromiumHarness, type LaunchChromiumOptions, type SidePanel } from './chromium';
import { openTicket, pageDriver, startDemoHelpdesk, waitIn, type DemoHelpdesk, type Driver } from './deskmate';
import { startFixtureHelpdesk, type FixtureHelpdesk } from './fixture-helpdesk';

export { describe, expect } from 'vitest';

/**
 * One place for what most scenarios set up: a browser with the built extension, the demo
 * helpdesk, the scripted demo model the extension is pointed at, a ticket tab and the sidebar on
 * it, in the manner of Playwright's fixtures. A file says once what its browser needs
 * (`chromiumTest({ model: { chunkDelayMs: 5 } })`, or `{ configure: false }` for a browser as
 * installed); each test takes what it uses by name:
 *
 *   test('drafts a reply', async ({ model, helpdesk, panel }) => { … });
 *
 * The browser, the helpdesk and the model live as long as the file (a launch takes seconds);
 * the helpdesk and the model are reset before each test, and the ticket tab and the sidebar a
 * test opened are closed after it. `test.override({ ticketId: 7 })` in a describe opens
 * another ticket. A test that needs a profile of its own launches one (`launchChromium`).
 */

/** What a file's browser is set up with. */
export interface Setup {
  /** The demo model's options, on a free port. Default: chunks 2 ms apart. */
  model?: Omit<DemoModelOptions, 'port'>;
  /**
   * Before the first test, point the extension at the model and import the sample knowledge
   * base (default), or leave the browser as installed (`false`: a test that sets up itself).
   */
  configure?: boolean;
}

export interface ChromiumSetup extends Setup {
  launch?: LaunchChromiumOptions;
}

/** Fixtures shared by the Chromium and the Firefox scenarios. */
export interface Common {
  /** `helpdesk`: the demo helpdesk; `fixtureHelpdesk`: the helpdesk no adapter knows (fixture-helpdesk.ts). */
  $file: { helpdesk: DemoHelpdesk; fixtureHelpdesk: FixtureHelpdesk; model: DemoModel };
  /** `ticketId`: the demo helpdesk's ticket that `ticket` opens. */
  $test: { ticketId: number; fresh: void };
}

/** The model's settings and the sample knowledge base, by the messages the options page sends, from an extension page. */
export async function pointAtModel(page: Driver, model: DemoModel): Promise<void> {
  const answer = async <T>(message: Record<string, unknown>): Promise<T> => {
    const envelope = (await page.evaluate((m) => {
      // Firefox's `chrome` answers by callback only; its extension pages have a `browser` that
      // returns a promise. Chromium's `chrome` returns one (MV3), and a page of the extension
      // that is not Deskmate's own (its manifest, below) has no `browser`.
      type Api = { runtime: { sendMessage(m: unknown): Promise<unknown> } };
      const scope = globalThis as unknown as { browser?: Api; chrome: Api };
      return (scope.browser ?? scope.chrome).runtime.sendMessage(m);
    }, message)) as { ok: boolean; value?: T; error?: string };
    if (!envelope?.ok) throw new Error(`${String(message.type)}: ${envelope?.error ?? 'no answer from the background'}`);
    return envelope.value as T;
  };
  const current = await answer<Record<string, unknown>>({ type: 'model.get' });
  const saved = await answer<{ ok: boolean; error?: string }>({ type: 'model.set', settings: { ...current, baseURL: model.url, model: DEMO_MODEL } });
  if (!saved.ok) throw new Error(`model.set refused the demo model: ${saved.error}`);
  const text = await readFile(KB_FILE, 'utf8');
  const kb = await answer<{ added: number; problems: string[] }>({ type: 'kb.import', files: [{ name: basename(KB_FILE), text }] });
  if (kb.problems.length || !kb.added) throw new Error(`kb.import of ${basename(KB_FILE)}: ${kb.problems.join('; ') || 'no article added'}`);
}

/**
 * The fixtures every scenario shares. What a file started is reset before each of its tests
 * (`fresh` is automatic and starts nothing itself).
 */
export function commonFixtures(setup: Setup) {
  const resets: (() => Promise<void> | void)[] = [];
  return base.extend<Common>({
    helpdesk: [
      async ({}, use) => {
        const helpdesk = await startDemoHelpdesk();
        resets.push(() => helpdesk.reset());
        await use(helpdesk);
        await helpdesk.close();
      },
      { scope: 'file' },
    ],
    fixtureHelpdesk: [
      async ({}, use) => {
        const helpdesk = await startFixtureHelpdesk();
        resets.push(() => helpdesk.reset());
        await use(helpdesk);
        await helpdesk.close();
      },
      { scope: 'file' },
    ],
    model: [
      async ({}, use) => {
        const model = await startDemoModel({ chunkDelayMs: 2, ...setup.model, port: 0 });
        resets.push(() => model.reset());
        await use(model);
        await model.close();
      },
      { scope: 'file' },
    ],
    ticketId: 1,
    fresh: [
      async ({}, use) => {
        for (const reset of resets) await reset();
        await use();
      },
      { auto: true },
    ],
  });
}

export interface ChromiumFixtures {
  $file: { chromium: ChromiumHarness };
  $test: { ticket: Page; panel: SidePanel };
}

/** Scenarios in Chromium: `chromium`, `ticket` (a tab on the demo helpdesk's ticket `ticketId`) and `panel` (the real side panel on it). */
export function chromiumTest(setup: ChromiumSetup = {}) {
  const launch = async () => launchChromium(setup.launch);
  const test = commonFixtures(setup).extend<ChromiumFixtures>({
    chromium: [
      setup.configure === false
        ? async ({}, use) => {
            const chromium = await launch();
            await use(chromium);
            await chromium.close();
          }
        : async ({ model }, use) => {
            const chromium = await launch();
            try {
              // The smallest page of the extension that may message it: the options page sends
              // the same messages, but loading it cost 0.84 CPU-s here against 0.48.
              const page = await openExtensionPage(chromium.context, chromium.extensionId, 'manifest.json');
              await pointAtModel(pageDriver(page), model);
              await page.close();
              await use(chromium);
            } finally {
              await chromium.close();
            }
          },
      { scope: 'file' },
    ],
    ticket: async ({ chromium, helpdesk, ticketId }, use) => {
      const page = await openTicket(chromium.context, helpdesk, ticketId);
      await use(page);
      await page.close().catch(() => undefined);
    },
    panel: async ({ chromium, ticket }, use) => {
      const panel = await openRealSidePanel(chromium.context, chromium.extensionId, ticket);
      await waitIn(panel, () => document.querySelector('#app *') !== null, null, 'the sidebar app to render');
      await use(panel);
      await panel.close().catch(() => undefined);
    },
  });
  // Launched in a hook, which has its own time budget, rather than in the first test's.
  test.beforeAll(async ({ chromium }) => void chromium);
  return test;
}
