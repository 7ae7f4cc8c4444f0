import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchFirefox, openFirefoxExtensionPage, openFirefoxPage, type FirefoxHarness } from './harness/firefox';
import { configureFirefox, openSidebarFor } from './harness/firefox-sidebar';
import { ask, startModel, waitForChat, type ModelForExtension } from './harness/chat';
import { clickConfirm, showTab, theCard, waitIn } from './harness/deskmate';
import { firefoxDriver } from './harness/firefox-driver';
import { FIXTURE_DRAFT as DRAFT, startFixtureHelpdesk, type FixtureHelpdesk } from './harness/fixture-helpdesk';
import { recipeFileFor } from './harness/recipes';

/** Site recipes in Firefox ESR: recipe-import on the options page, then Send… → confirm card → Confirm. */
describe('firefox.recipes: an imported recipe on a helpdesk no code adapter knows', () => {
  let firefox: FirefoxHarness;
  let helpdesk: FixtureHelpdesk;
  let m: ModelForExtension;

  beforeAll(async () => {
    helpdesk = await startFixtureHelpdesk();
    m = await startModel({ chunkDelayMs: 2 });
    firefox = await launchFirefox();
    await configureFirefox(firefox, m);
  });
  afterAll(async () => {
    await firefox?.close();
    await m?.model.close();
    await helpdesk?.close();
  });
  beforeEach(() => {
    helpdesk.reset();
    m.model.reset();
    m.model.script([{ toolCalls: [{ name: 'reply__propose', arguments: { body: DRAFT } }] }, { text: 'The draft is in the card.' }]);
  });

  async function importRecipe(): Promise<void> {
    const { path } = recipeFileFor('fixture-iframe', helpdesk.origin);
    const options = await openFirefoxExtensionPage(firefox, 'options.html');
    const input = await options.waitForSelector('[data-testid="recipe-import"]');
    await (input as unknown as { uploadFile(p: string): Promise<void> }).uploadFile(path);
    const preview = await options.waitForSelector('[data-testid="recipe-preview"]');
    expect(await preview!.evaluate((el) => el.textContent)).toContain(helpdesk.origin);
    await options.click('[data-testid="recipe-apply"]');
    await options.waitForSelector(`[data-testid="recipe"][data-site="${helpdesk.origin}"]`);
    await options.close();
  }

  const sidebarFor = async (url: string): Promise<Page> => (await openSidebarFor(firefox, url)).sidebarPage;

  it('reply form on a separate page: exactly one post, through a hidden frame', async () => {
    await importRecipe();
    const ticketUrl = helpdesk.url('/iframe/tickets/5');
    const page = await openFirefoxPage(firefox, ticketUrl);
    const sidebarPage = await sidebarFor(ticketUrl);
    const sidebar = firefoxDriver(sidebarPage);
    await showTab(sidebar, 'Chat');
    await sidebarPage.waitForSelector('[data-testid="chat-input"]');
    await ask(sidebar, 'Draft a reply to Ines.');
    await waitForChat(sidebar, (v) => !v.running && v.drafts.length === 1, 'the draft card');
    await waitIn(sidebar, () => document.querySelector<HTMLButtonElement>('[data-testid="draft-send"]')?.disabled === false, null, 'Send… to be offered');

    await sidebar.click('[data-testid="draft-send"]');
    const card = await theCard(sidebar, ['pending']);
    expect(card.body).toBe(DRAFT);
    expect(helpdesk.sent()).toEqual([]);
    await clickConfirm(sidebar);
    const done = await theCard(sidebar, ['sent', 'refused', 'failed', 'unknown'], { timeoutMs: 30_000 });
    expect(done.state, done.status).toBe('sent');
    expect(helpdesk.sent()).toEqual([{ shape: 'iframe', ticketId: 5, text: DRAFT }]);
    expect(new URL(page.url()).pathname).toBe('/iframe/tickets/5');
    await sidebarPage.close();
    await page.close();
  });
});
