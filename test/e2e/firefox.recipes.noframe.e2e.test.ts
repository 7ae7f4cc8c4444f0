import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchFirefox, openFirefoxExtensionPage, openFirefoxPage, type FirefoxHarness } from './harness/firefox';
import { configureFirefox, openSidebarFor } from './harness/firefox-sidebar';
import { ask, startModel, waitForChat, type ModelForExtension } from './harness/chat';
import { clickConfirm, showTab, theCard, waitIn } from './harness/deskmate';
import { firefoxDriver } from './harness/firefox-driver';
import { startFixtureHelpdesk, uniqueFixtureDraft, type FixtureHelpdesk } from './harness/fixture-helpdesk';
import { recipeFileFor } from './harness/recipes';
import { poll } from './harness/wait';

/**
 * Issue 29, fix 1, in Firefox ESR: the reply page refuses frames (X-Frame-Options: DENY,
 * frame-ancestors 'none'); Send… opens it in the tab, the card says it posts from there, and
 * Confirm posts exactly once, settled as sent by the ticket page the post leads back to.
 */
describe('firefox.recipes: a reply page the helpdesk will not show in a frame', () => {
  let firefox: FirefoxHarness;
  let helpdesk: FixtureHelpdesk;
  let m: ModelForExtension;
  let draft = '';

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
    draft = uniqueFixtureDraft();
    m.model.script([{ toolCalls: [{ name: 'reply__propose', arguments: { body: draft } }] }, { text: 'The draft is in the card.' }]);
  });

  // /ckeditor/ is Request Tracker's shape: the real CKEditor 4, which copies its text into the form only on submit.
  it.each(['noframe', 'ckeditor'] as const)('/%s/: Send… opens the reply page in the tab, Confirm posts there once and ends in "sent"', async (shape) => {
    const { path } = recipeFileFor(`fixture-${shape}`, helpdesk.origin);
    const options = await openFirefoxExtensionPage(firefox, 'options.html');
    const input = await options.waitForSelector('[data-testid="recipe-import"]');
    await (input as unknown as { uploadFile(p: string): Promise<void> }).uploadFile(path);
    await options.waitForSelector('[data-testid="recipe-preview"]');
    await options.click('[data-testid="recipe-apply"]');
    await options.waitForSelector(`[data-testid="recipe"][data-site="${helpdesk.origin}"]`);
    await options.close();
    const ticketUrl = helpdesk.url(`/${shape}/tickets/5`);
    const page = await openFirefoxPage(firefox, ticketUrl);
    const { sidebarPage } = await openSidebarFor(firefox, ticketUrl);
    const sidebar = firefoxDriver(sidebarPage);
    await showTab(sidebar, 'Chat');
    await sidebarPage.waitForSelector('[data-testid="chat-input"]');
    await ask(sidebar, 'Draft a reply to Ines.');
    await waitForChat(sidebar, (v) => !v.running && v.drafts.length === 1, 'the draft card');
    await waitIn(sidebar, () => document.querySelector<HTMLButtonElement>('[data-testid="draft-send"]')?.disabled === false, null, 'Send… to be offered');
    await sidebar.click('[data-testid="draft-send"]');
    const card = await theCard(sidebar, ['pending']);
    expect(card.body).toBe(draft);
    await poll(async () => (new URL(page.url()).pathname === `/${shape}/tickets/5/reply` ? true : undefined), 'the tab to show the reply page');
    await page.waitForSelector(shape === 'ckeditor' ? 'iframe.cke_wysiwyg_frame' : '#editor-frame');
    const from = await sidebarPage.$eval('[data-testid="confirm-from"]', (el) => el.textContent ?? '');
    expect(from).toMatch(/\/tickets\/5\/reply$/);
    expect(helpdesk.sent()).toEqual([]);
    await clickConfirm(sidebar);
    const done = await theCard(sidebar, ['sent', 'refused', 'failed'], { timeoutMs: 30_000 });
    expect(done.state, done.status).toBe('sent');
    expect(helpdesk.sent()).toEqual([{ shape, ticketId: 5, text: draft }]);
    expect(new URL(page.url()).pathname).toBe(`/${shape}/tickets/5`);
    await sidebarPage.close();
    await page.close();
  });
});
