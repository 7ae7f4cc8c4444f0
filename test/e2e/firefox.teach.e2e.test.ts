import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchFirefox, openFirefoxPage, type FirefoxHarness } from './harness/firefox';
import { configureFirefox, openSidebarFor } from './harness/firefox-sidebar';
import { startModel, type ModelForExtension } from './harness/chat';
import { clickConfirm, readWholeBody, sendToBackground, showTab, theCard, theOfferedCard, type Driver } from './harness/deskmate';
import { firefoxDriver } from './harness/firefox-driver';
import { FIXTURE_DRAFT as DRAFT, startFixtureHelpdesk, type FixtureHelpdesk } from './harness/fixture-helpdesk';
import { currentStep, foundOf, pageHandlerRuns, pickerShown, pickIn, waitForPicker, type PointerPage } from './harness/teach';
import { draftToCard, teachHistoryShape, type TeachingPage } from './harness/teach-flows';
import { poll } from './harness/wait';

/**
 * Teach mode in Firefox ESR, on the "cards" fixture helpdesk no recipe describes: the agent's
 * clicks in the picker only (the reply box on its own page), Save, then one post.
 */
describe('firefox.teach: a recipe from clicks in the picker, then Send… → confirm card → Confirm', () => {
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

  async function openTicket(): Promise<{ page: Page; pointer: PointerPage; sidebarPage: Page; sidebar: Driver }> {
    const url = helpdesk.url('/cards/tickets/7');
    const page = await openFirefoxPage(firefox, url);
    const { sidebarPage } = await openSidebarFor(firefox, url);
    await sidebarPage.waitForSelector('[data-testid="teach-start"]');
    return { page, pointer: page as unknown as PointerPage, sidebarPage, sidebar: firefoxDriver(sidebarPage) };
  }

  it('Esc cancels: the picker goes and the page is as it was', async () => {
    const { page, pointer, sidebarPage, sidebar } = await openTicket();
    const before = await page.evaluate(() => document.documentElement.outerHTML);
    await sidebar.click('[data-testid="teach-start"]');
    await waitForPicker(pointer);
    expect(await page.evaluate(() => document.querySelector('[data-deskmate-picker]')!.shadowRoot === null)).toBe(true);
    await page.bringToFront();
    await page.mouse.move(50, 50);
    await page.keyboard.press('Escape');
    await waitForPicker(pointer, false);
    expect(await page.evaluate(() => document.documentElement.outerHTML)).toBe(before);
    expect(await pageHandlerRuns(pointer)).toBe(0);
    await sidebarPage.waitForSelector('[data-testid="teach-start"]');
    await sidebarPage.close();
    await page.close();
  });

  it('message, body, author; the reply box and its button on the reply page; Save; exactly one post', async () => {
    const { page, pointer, sidebarPage, sidebar } = await openTicket();
    await sidebar.click('[data-testid="teach-start"]');
    await page.bringToFront();
    await pickIn(pointer, '#c-102 .msg-body p');
    expect(await foundOf(sidebar, 'message')).toBe('4 messages, 1 from the customer');
    await pickIn(pointer, '#c-103 .msg-body p');
    expect(await foundOf(sidebar, 'body')).toMatch(/^Found in 4 of 4 messages: My last invoice/);
    await pickIn(pointer, '#c-101 .msg-author');
    expect(await foundOf(sidebar, 'author')).toBe('Found in 4 of 4 messages: Ines Duarte · Sam Lee · Priya Shah');
    expect(await currentStep(sidebar)).toBe('editor');
    expect(await pageHandlerRuns(pointer)).toBe(0);

    await Promise.all([page.waitForNavigation(), pickIn(pointer, 'a.reply-link')]);
    expect(new URL(page.url()).pathname).toBe('/cards/tickets/7/reply');
    await pickIn(pointer, '.editor-area');
    expect(await foundOf(sidebar, 'editor')).toBe('A rich text editor. On the reply page /cards/tickets/{key}/reply.');
    await pickIn(pointer, 'button[data-action="post-reply"]');
    expect(await foundOf(sidebar, 'send')).toBe('The control “Send reply”.');
    expect(await pageHandlerRuns(pointer)).toBe(0);
    expect(helpdesk.sent()).toEqual([]);

    await sidebarPage.bringToFront();
    await sidebar.click('[data-testid="teach-save"]');
    await waitForPicker(pointer, false);
    await page.goto(helpdesk.url('/cards/tickets/7'));
    await poll(async () => (await sidebarPage.$('[data-testid="teach-start"]')) === null && (await sidebarPage.$('[data-testid="teach"]')) === null ? true : undefined, 'the teach panel to go');

    await showTab(sidebar, 'Chat');
    await sidebarPage.waitForSelector('[data-testid="chat-input"]');
    await draftToCard(sidebar, helpdesk);
    await clickConfirm(sidebar);
    const done = await theCard(sidebar, ['sent', 'refused', 'failed', 'unknown'], { timeoutMs: 30_000 });
    expect(done.state, done.status).toBe('sent');
    expect(helpdesk.sent()).toEqual([{ shape: 'cards', ticketId: 7, text: DRAFT }]);
    expect(await pickerShown(pointer)).toBe(false);
    await sidebarPage.close();
    await page.close();
  });

  // fixture-history.ts: framing refused, events between messages, roles by a badge, Reply in a hover menu, CKEditor 4.
  it('from scratch on Request Tracker’s shape: seven clicks in the picker, Save, then one post from the reply page in the tab', async () => {
    const url = helpdesk.url('/history/tickets/7');
    const page = await openFirefoxPage(firefox, url);
    const pointer = page as unknown as PointerPage;
    const { sidebarPage } = await openSidebarFor(firefox, url);
    const sidebar = firefoxDriver(sidebarPage);
    // The fixture's other shapes share its site: a recipe taught for them in this browser goes first.
    await sendToBackground(sidebar, { type: 'recipes.remove', site: helpdesk.origin });
    await page.reload();
    await sidebarPage.waitForSelector('[data-testid="teach-start"]');
    await sidebar.click('[data-testid="teach-start"]');
    await page.bringToFront();
    const clicks = await teachHistoryShape(page as unknown as TeachingPage, sidebar, (click) => Promise.all([page.waitForNavigation(), click()]).then(() => undefined));
    expect(clicks).toBe(7);
    expect(helpdesk.sent()).toEqual([]);

    await sidebarPage.bringToFront();
    await sidebar.click('[data-testid="teach-save"]');
    await waitForPicker(pointer, false);
    await page.goto(url);
    await poll(async () => (await sidebarPage.$('[data-testid="teach-start"]')) === null && (await sidebarPage.$('[data-testid="teach"]')) === null ? true : undefined, 'the teach panel to go');
    await showTab(sidebar, 'Chat');
    await draftToCard(sidebar, helpdesk);
    await poll(async () => (new URL(page.url()).pathname === '/history/tickets/7/reply' ? true : undefined), 'the reply page in the tab (framing refused)');
    await readWholeBody(sidebar);
    expect((await theOfferedCard(sidebar)).canAccept).toBe(true);
    await clickConfirm(sidebar);
    // The post loads the ticket page again ('outcome unknown' meanwhile): that page settles the card.
    const done = await theCard(sidebar, ['sent', 'refused', 'failed'], { timeoutMs: 30_000 });
    expect(done.state, done.status).toBe('sent');
    expect(helpdesk.sent()).toEqual([{ shape: 'history', ticketId: 7, text: DRAFT }]);
    await sidebarPage.close();
    await page.close();
  });
});
