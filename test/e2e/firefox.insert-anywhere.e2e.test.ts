import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchFirefox, openFirefoxExtensionPage, openFirefoxPage, type FirefoxHarness } from './harness/firefox';
import { tabIdsShowing } from './harness/firefox-sidebar';
import { ask, DEMO_MODEL, startModel, waitForChat, type ModelForExtension } from './harness/chat';
import { showTab, waitIn } from './harness/deskmate';
import { firefoxDriver } from './harness/firefox-driver';
import { FIXTURE_DRAFT as DRAFT, insertStatus, pageReadResult, startFixtureHelpdesk, type FixtureHelpdesk } from './harness/fixture-helpdesk';
import { poll } from './harness/wait';

declare const browser: {
  tabs: { query(q: object): Promise<{ id?: number; url?: string }[]> };
  runtime: { sendMessage(m: object): Promise<unknown> };
};

/** Insert anywhere, no setup, in Firefox ESR: the sidebar page as moz-extension://UUID/sidepanel.html?tab=N. */
describe('firefox.insert-anywhere: zero-config insert on a separate reply page with an iframe editor', () => {
  let firefox: FirefoxHarness;
  let helpdesk: FixtureHelpdesk;
  let m: ModelForExtension;

  beforeAll(async () => {
    helpdesk = await startFixtureHelpdesk();
    m = await startModel({ chunkDelayMs: 2 });
    firefox = await launchFirefox();
    if (!m.onDefaultPort) await pointAt(m.model.url);
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

  async function pointAt(baseURL: string): Promise<void> {
    const options = await openFirefoxExtensionPage(firefox, 'options.html');
    const current = (await options.evaluate(() => browser.runtime.sendMessage({ type: 'model.get' }))) as { value: object };
    await options.evaluate((settings) => browser.runtime.sendMessage({ type: 'model.set', settings }), { ...current.value, baseURL, model: DEMO_MODEL });
    await options.close();
  }

  async function sidebarFor(url: string): Promise<Page> {
    const ids = await tabIdsShowing(firefox, url);
    expect(ids).toHaveLength(1);
    return openFirefoxExtensionPage(firefox, `sidepanel.html?tab=${ids[0]!}`);
  }

  it('click in the box, Insert, the helpdesk’s own button: the helpdesk receives exactly the draft, once', async () => {
    const ticketUrl = helpdesk.url('/iframe/tickets/5');
    const page = await openFirefoxPage(firefox, ticketUrl);
    const sidebarPage = await sidebarFor(ticketUrl);
    const sidebar = firefoxDriver(sidebarPage);
    await showTab(sidebar, 'Chat');
    await sidebarPage.waitForSelector('[data-testid="chat-input"]');
    await ask(sidebar, 'Draft a reply to Ines.');
    await waitForChat(sidebar, (v) => !v.running && v.drafts.length === 1, 'the draft card');

    await page.bringToFront();
    await Promise.all([page.waitForNavigation(), page.click('#reply-link')]);
    const frame = (await (await page.waitForSelector('#editor-frame'))!.contentFrame())!;
    await frame.waitForSelector('body[contenteditable]');
    await frame.click('body');

    await sidebarPage.bringToFront();
    await waitForChat(sidebar, (v) => v.drafts.length === 1 && v.drafts[0] === DRAFT, 'the draft after the move to the reply page');
    await waitIn(sidebar, () => document.querySelector<HTMLButtonElement>('[data-testid="draft-insert"]')?.disabled === false, null, 'Insert to be offered');
    await sidebar.click('[data-testid="draft-insert"]');
    expect(await waitIn(sidebar, insertStatus, null, 'the insert status')).toMatch(/inserted/i);
    expect(helpdesk.sent()).toEqual([]);

    await page.bringToFront();
    await Promise.all([page.waitForNavigation(), page.click('#post')]);
    const sent = await poll(async () => (helpdesk.sent().length ? helpdesk.sent() : undefined), 'the helpdesk to log the post');
    expect(sent).toEqual([{ shape: 'iframe', ticketId: 5, text: DRAFT }]);
    await sidebarPage.close();
    await page.close();
  });

  it('reads the page: Readability, which no page load parses, is loaded into the tab when the model first reads it', async () => {
    m.model.reset();
    m.model.script([{ toolCalls: [{ name: 'page__read', arguments: {} }] }, { text: 'Ines asks for a new lamp.' }]);
    const ticketUrl = helpdesk.url('/iframe/tickets/5');
    const page = await openFirefoxPage(firefox, ticketUrl);
    const sidebarPage = await sidebarFor(ticketUrl);
    const sidebar = firefoxDriver(sidebarPage);
    await showTab(sidebar, 'Chat');
    await sidebarPage.waitForSelector('[data-testid="chat-input"]');
    await ask(sidebar, 'What does this page say?');
    await waitForChat(sidebar, (v) => !v.running && v.assistants.some((a) => a.text.includes('new lamp')), 'the answer after the read');
    const read = pageReadResult(m.model.requests());
    expect(read).toContain('The box was crushed and the lamp inside is broken.');
    expect(read).not.toContain('"ok":false');
    await sidebarPage.close();
    await page.close();
  });
});
