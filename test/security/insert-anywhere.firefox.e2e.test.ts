import { afterAll, beforeAll, describe, expect } from 'vitest';
import { ask, startModel, waitForChat, type ModelForExtension } from '../e2e/harness/chat';
import { showTab, waitIn } from '../e2e/harness/deskmate';
import { insertStatus } from '../e2e/harness/fixture-helpdesk';
import { launchFirefox, openFirefoxPage, type FirefoxHarness } from '../e2e/harness/firefox';
import { firefoxDriver } from '../e2e/harness/firefox-driver';
import { configureFirefox, openSidebarFor } from '../e2e/harness/firefox-sidebar';
import { poll } from '../e2e/harness/wait';
import { attack } from './attack';
import { startFocusThief, type FocusThief } from './harness/focus-thief';

const DRAFT = 'Hi Ines,\n\nA new lamp ships today at no charge.\n\nBest,\nSam';

/** The Chromium attack (insert-anywhere.chromium.e2e.test.ts) in Firefox ESR, the sidebar as sidepanel.html?tab=N. */
describe('security: insert anywhere against a page that steals the focus, in Firefox', () => {
  let firefox: FirefoxHarness;
  let m: ModelForExtension;
  let thief: FocusThief;

  beforeAll(async () => {
    thief = await startFocusThief();
    m = await startModel({ chunkDelayMs: 2 });
    firefox = await launchFirefox();
    await configureFirefox(firefox, m);
  }, 90_000);
  afterAll(async () => {
    await firefox?.close();
    await m?.model.close();
    await thief?.close();
  });

  attack('Firefox: the page moves the focus to its chat widget before the agent clicks Insert', async () => {
    m.model.script([{ toolCalls: [{ name: 'reply__propose', arguments: { body: DRAFT } }] }, { text: 'The draft is in the card.' }]);
    const page = await openFirefoxPage(firefox, thief.url);
    await page.waitForSelector('#reply');
    const { sidebarPage } = await openSidebarFor(firefox, thief.url);
    const sidebar = firefoxDriver(sidebarPage);
    await showTab(sidebar, 'Chat');
    await sidebarPage.waitForSelector('[data-testid="chat-input"]');
    await ask(sidebar, 'Draft a reply to Ines.');
    await waitForChat(sidebar, (v) => !v.running && v.drafts.length === 1, 'the draft card');
    await waitIn(sidebar, () => document.querySelector<HTMLButtonElement>('[data-testid="draft-insert"]')?.disabled === false, null, 'Insert to be offered');

    // The agent's own click and keys in the reply box; then the page takes the focus.
    await page.bringToFront();
    await page.click('#reply');
    await page.keyboard.type('Dear Ines, ');
    await page.evaluate(() => document.dispatchEvent(new Event('steal-focus')));
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('chat');

    await sidebarPage.bringToFront();
    await sidebar.click('[data-testid="draft-insert"]');
    expect(await waitIn(sidebar, insertStatus, null, 'the insert status')).toMatch(/inserted/i);
    const values = () => page.evaluate(() => ['reply', 'chat'].map((id) => (document.getElementById(id) as HTMLTextAreaElement).value));
    expect(await values()).toEqual([`Dear Ines, ${DRAFT}`, '']);
    expect(thief.collected).toEqual([]);
    // The page reads its own box (its timer runs slower in a background tab): once it has, what it saw before.
    await page.bringToFront();
    const saw = await poll(async () => {
      const all = await page.evaluate(() => (window as unknown as { pageSaw: string[] }).pageSaw);
      return all.some((s) => s.includes('A new lamp')) ? all : undefined;
    }, 'the page to read its reply box');
    const inserted = saw.findIndex((s) => s.includes('A new lamp'));
    expect(inserted).toBeGreaterThan(0);
    expect(saw.slice(0, inserted).join('\n')).not.toMatch(/lamp ships|no charge/);
    await sidebarPage.close();
    await page.close();
  });
});
