import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { attack } from '../security/attack';
import { launchChromium, type ChromiumHarness } from './harness/chromium';
import { contentScriptWorld, openTicket, startDemoHelpdesk, TICKET_1, type DemoHelpdesk } from './harness/deskmate';
import { openExtensionPage } from './harness/extension-pages';
import { poll } from './harness/wait';

interface Shown {
  level: string;
  area: string;
  text: string;
}

const entries = (options: Page): Promise<Shown[]> =>
  options.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('[data-testid="diagnostics-entry"]')].map((li) => ({
      level: li.dataset.level ?? '',
      area: li.dataset.area ?? '',
      text: li.textContent ?? '',
    })),
  );

/**
 * The options page's diagnostics view in real Chromium, fed by a real failure: a content script
 * (the isolated world of the demo helpdesk's tab, over CDP) tries to read and to clear the log.
 * Both are refused, the refusals show in the view, Export downloads them as JSON, Clear empties it.
 */
describe('options: diagnostics in Chromium', () => {
  let chromium: ChromiumHarness;
  let helpdesk: DemoHelpdesk;

  beforeAll(async () => {
    helpdesk = await startDemoHelpdesk();
    chromium = await launchChromium();
  });
  afterAll(async () => {
    await chromium?.close();
    await helpdesk?.close();
  });

  attack('a content script reads or clears the diagnostics; the agent sees it tried, exports and clears', async () => {
    const page = await openTicket(chromium.context, helpdesk, TICKET_1.id);
    const world = await contentScriptWorld(chromium.context, page, chromium.extensionId);
    const send = (m: object) => world.evaluate<{ ok: boolean; code?: string; value?: unknown }>(`chrome.runtime.sendMessage(${JSON.stringify(m)})`);
    try {
      expect(await send({ type: 'diagnostics.list' })).toMatchObject({ ok: false, code: 'forbidden' });
      expect(await send({ type: 'diagnostics.clear' })).toMatchObject({ ok: false, code: 'forbidden' });
    } finally {
      await world.detach();
    }

    const options = await openExtensionPage(chromium.context, chromium.extensionId, 'options.html');
    await options.waitForSelector('[data-testid="diagnostics"]');
    // For whoever sets Deskmate up, not the agent: under the page's Advanced heading, at its end.
    expect(await options.evaluate(() => {
      const advanced = document.querySelector('[data-testid="diagnostics"]')!.closest('section#advanced');
      return { heading: advanced?.querySelector('h2')?.textContent, last: advanced === document.querySelector('main')!.lastElementChild };
    })).toEqual({ heading: 'Advanced', last: true });
    const shown = await poll(async () => {
      await options.click('[data-testid="diagnostics-refresh"]');
      const list = await entries(options);
      return list.length >= 2 ? list : undefined;
    }, 'the refusals in the diagnostics view');
    const refusals = shown.filter((e) => e.area === 'router');
    expect(refusals.map((e) => e.level)).toEqual(['warn', 'warn']);
    // Newest first; a web page's attempt, named by type and the page's site, never by its text.
    expect(refusals[0]!.text).toContain('diagnostics.clear');
    expect(refusals[1]!.text).toContain('diagnostics.list');
    expect(refusals[0]!.text).toContain(new URL(helpdesk.url).host);
    expect(JSON.stringify(shown)).not.toMatch(/maria|Lindqvist|NW-20931/i);

    // Export: a JSON download of what the view lists, oldest first.
    const download = options.waitForEvent('download');
    await options.click('[data-testid="diagnostics-export"]');
    const file = await (await download).path();
    const exported = JSON.parse(await readFile(file, 'utf8')) as { level: string; area: string; message: string; time: number }[];
    expect(exported.map((e) => e.area)).toEqual(shown.map((e) => e.area).reverse());
    expect(exported.every((e) => typeof e.time === 'number' && e.level && e.message)).toBe(true);
    expect((await download).suggestedFilename()).toMatch(/^deskmate-diagnostics-\d{4}-\d\d-\d\d\.json$/);

    // Clear: the view is empty, and stays so after a reload.
    await options.click('[data-testid="diagnostics-clear"]');
    await options.waitForSelector('[data-testid="diagnostics-empty"]');
    await options.reload();
    await options.waitForSelector('[data-testid="diagnostics-empty"]');
    expect(await entries(options)).toEqual([]);
    await options.close();
    await page.close();
  });
});
