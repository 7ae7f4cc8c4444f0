import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchFirefox, openFirefoxExtensionPage, openFirefoxPage, type FirefoxHarness } from './harness/firefox';
import { tabIdsShowing } from './harness/firefox-sidebar';
import { ask, DEMO_MODEL, startModel, waitForChat, type ModelForExtension } from './harness/chat';
import { clickConfirm, showTab, theCard, waitIn, type Driver } from './harness/deskmate';
import { firefoxDriver } from './harness/firefox-driver';
import { uniqueFixtureDraft, startFixtureHelpdesk, type FixtureHelpdesk } from './harness/fixture-helpdesk';
import { recipeFileFor } from './harness/recipes';

declare const browser: {
  tabs: { query(q: object): Promise<{ id?: number; url?: string }[]> };
  runtime: { sendMessage(m: object): Promise<unknown> };
};

let DRAFT = '';

/**
 * Exactly once, as the agent sees it, in Firefox ESR (MV2 background page): a send whose page
 * goes away mid-post shows as unknown and settles by itself from the page loaded next.
 */
describe('firefox.exactly-once: the page loaded after a send settles it', () => {
  let firefox: FirefoxHarness;
  let helpdesk: FixtureHelpdesk;
  let m: ModelForExtension;
  const open: Page[] = [];

  beforeAll(async () => {
    helpdesk = await startFixtureHelpdesk();
    m = await startModel({ chunkDelayMs: 2 });
    firefox = await launchFirefox();
    if (!m.onDefaultPort) {
      const options = await openFirefoxExtensionPage(firefox, 'options.html');
      const current = (await options.evaluate(() => browser.runtime.sendMessage({ type: 'model.get' }))) as { value: object };
      await options.evaluate((settings) => browser.runtime.sendMessage({ type: 'model.set', settings }), { ...current.value, baseURL: m.model.url, model: DEMO_MODEL });
      await options.close();
    }
  });
  afterAll(async () => {
    await firefox?.close();
    await m?.model.close();
    await helpdesk?.close();
  });
  beforeEach(async () => {
    for (const page of open.splice(0)) await page.close().catch(() => undefined);
    helpdesk.reset();
    m.model.reset();
    // Each test its own reply: the same reply again to the same ticket would show the sent card.
    DRAFT = uniqueFixtureDraft();
    m.model.script([{ toolCalls: [{ name: 'reply__propose', arguments: { body: DRAFT } }] }, { text: 'The draft is in the card.' }]);
  });

  async function importRecipe(name: 'fixture-next' | 'fixture-midpost', change?: Parameters<typeof recipeFileFor>[2]): Promise<void> {
    const { path } = recipeFileFor(name, helpdesk.origin, change);
    const options = await openFirefoxExtensionPage(firefox, 'options.html');
    const input = await options.waitForSelector('[data-testid="recipe-import"]');
    await (input as unknown as { uploadFile(p: string): Promise<void> }).uploadFile(path);
    await options.waitForSelector('[data-testid="recipe-preview"]');
    await options.click('[data-testid="recipe-apply"]');
    await options.waitForSelector(`[data-testid="recipe"][data-site="${helpdesk.origin}"]`);
    await options.close();
  }

  /** The sidebar as a page bound to the tab that shows `url`. */
  async function sidebarFor(url: string): Promise<{ page: Page; driver: Driver }> {
    const ids = await tabIdsShowing(firefox, url);
    expect(ids).toHaveLength(1);
    const page = await openFirefoxExtensionPage(firefox, `sidepanel.html?tab=${ids[0]!}`);
    open.push(page);
    return { page, driver: firefoxDriver(page) };
  }

  /** For /midpost/, the page the post reloads into is held until `release` is called. */
  async function confirmOn(shape: 'next' | 'midpost', roles = true): Promise<{ ticket: Page; sidebar: Driver; release: () => void }> {
    await importRecipe(`fixture-${shape}`, roles ? undefined : (r) => delete r.read.role);
    const url = helpdesk.url(`/${shape}/tickets/5`);
    const ticket = await openFirefoxPage(firefox, url);
    open.push(ticket);
    const { page, driver: sidebar } = await sidebarFor(url);
    await showTab(sidebar, 'Chat');
    await page.waitForSelector('[data-testid="chat-input"]');
    await ask(sidebar, 'Draft a reply to Ines.');
    await waitForChat(sidebar, (v) => !v.running && v.drafts.length === 1, 'the draft card');
    await waitIn(sidebar, () => document.querySelector<HTMLButtonElement>('[data-testid="draft-send"]')?.disabled === false, null, 'Send… to be offered');
    await sidebar.click('[data-testid="draft-send"]');
    expect((await theCard(sidebar, ['pending'])).body).toBe(DRAFT);
    const release = shape === 'midpost' ? helpdesk.holdMidpostPages() : () => undefined;
    await clickConfirm(sidebar);
    return { ticket, sidebar, release };
  }

  // Without `role` (Request Tracker's recipe: its entries show no role) every message reads as the
  // customer's, and the look at the ticket from the mailbox must count the reply all the same.
  it.each(['with roles', 'without roles'])('"send and next" (%s): the helpdesk lands on its mailbox, and the card ends in sent by itself', async (roles) => {
    const { ticket, sidebar } = await confirmOn('next', roles === 'with roles');
    expect((await theCard(sidebar, ['sent'], { timeoutMs: 30_000 })).state).toBe('sent');
    expect(new URL(ticket.url()).pathname).toBe('/next/mailbox');
    expect(helpdesk.sent()).toEqual([{ shape: 'next', ticketId: 5, text: DRAFT }]);
  });

  it('a reload mid-post: "Outcome unknown" with Check the ticket, then sent once the page is back', async () => {
    const { sidebar, release } = await confirmOn('midpost');
    const unknown = await theCard(sidebar, ['unknown', 'sent', 'failed'], { timeoutMs: 20_000 });
    expect(unknown.state, unknown.status).toBe('unknown');
    expect(unknown.status).toMatch(/^Outcome unknown/);
    expect(unknown.canCheck).toBe(true);
    release(); // the page comes back and settles it
    expect((await theCard(sidebar, ['sent'], { timeoutMs: 30_000 })).state).toBe('sent');
    expect(helpdesk.sent()).toEqual([{ shape: 'midpost', ticketId: 5, text: DRAFT }]);
  });
});
