import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchFirefox, openFirefoxPage, type FirefoxHarness } from './harness/firefox';
import { ask, messagesOf, startModel, waitForChat, type ModelForExtension } from './harness/chat';
import { startDemoHelpdesk, TICKET_1, waitIn, type DemoHelpdesk, type Driver } from './harness/deskmate';
import { configureFirefox, openSidebarFor } from './harness/firefox-sidebar';
import { firefoxDriver } from './harness/firefox-driver';
import { poll } from './harness/wait';

declare const browser: { runtime: { sendMessage(m: object): Promise<{ value: { page: unknown } }> } };

const MODEL_TEXT = 'Hello Maria,\n\nThe duplicate charge is refunded.\n\nBest,\nSam';
const EDITED = 'Hello Maria,\n\nThe duplicate charge of EUR 89.90 is refunded today.\n\nBest,\nSam';
const CONTEXT = 'The customer is on the premium plan.';
const QUESTION = 'Which plan is Maria on, and since when?';

/**
 * What the agent typed counts, in Firefox ESR (the sidebar as its page bound to the tab), with no
 * pause after typing: an edit typed just before the ticket page reloads is the draft after it;
 * context typed just before Draft reply is in that action's first request; a question typed and
 * not sent is in the box of a sidebar opened again after it was closed at once.
 */
describe('firefox.typed: text typed a moment before counts', () => {
  let firefox: FirefoxHarness;
  let helpdesk: DemoHelpdesk;
  let m: ModelForExtension;
  const open: Page[] = [];

  beforeAll(async () => {
    helpdesk = await startDemoHelpdesk();
    m = await startModel({ chunkDelayMs: 2 });
    firefox = await launchFirefox();
    await configureFirefox(firefox, m);
  });
  afterAll(async () => {
    await firefox?.close();
    await m?.model.close();
    await helpdesk?.close();
  });
  beforeEach(async () => {
    for (const page of open.splice(0)) await page.close().catch(() => undefined);
    await helpdesk.reset();
    m.model.reset();
  });

  async function ticketWithSidebar(): Promise<{ ticket: Page; sidebar: Page; driver: Driver; tabId: number }> {
    const url = helpdesk.ticketUrl(TICKET_1.id);
    const ticket = await openFirefoxPage(firefox, url);
    open.push(ticket);
    await ticket.waitForSelector(`.hd-ticket[data-ticket-id="${TICKET_1.id}"]`);
    return { ticket, ...(await sidebarFor(url)) };
  }
  async function sidebarFor(url: string): Promise<{ sidebar: Page; driver: Driver; tabId: number }> {
    const { sidebarPage, tabId } = await openSidebarFor(firefox, url);
    open.push(sidebarPage);
    await sidebarPage.waitForSelector('[data-testid="ticket-context"]');
    return { sidebar: sidebarPage, driver: firefoxDriver(sidebarPage), tabId };
  }

  it('an edit typed just before the page reloads is the draft after the reload', async () => {
    m.model.script([{ toolCalls: [{ name: 'reply__propose', arguments: { body: MODEL_TEXT } }] }, { text: 'The draft is in the card.' }]);
    const { ticket, driver, tabId } = await ticketWithSidebar();
    await ask(driver, 'Draft a reply to Maria.');
    await waitForChat(driver, (v) => !v.running && v.drafts.length === 1 && v.drafts[0] === MODEL_TEXT, 'the draft card');

    await driver.fill('[data-testid="draft-body"]', EDITED);
    await ticket.reload();

    // The sidebar keeps the conversation while the page reloads; whether it made the card again
    // depends on which its request met (the page gone, or back), so the text is what is checked:
    // in the card once the page is back, and in what the background keeps (a sidebar opened afresh).
    await poll(async () => ((await driver.evaluate((id: number) => browser.runtime.sendMessage({ type: 'view.get', tabId: id }).then((r) => r.value.page !== null), tabId)) ? true : undefined), 'the reloaded page to announce its ticket');
    const after = await waitIn(driver, () => {
      const box = document.querySelector<HTMLTextAreaElement>('[data-testid="draft-body"]');
      return box && document.querySelector('[data-testid="ticket-context"]') ? box.value : null;
    }, null, 'the draft card after the reload', { timeoutMs: 20_000 });
    expect(after).toBe(EDITED);
    const again = await sidebarFor(ticket.url());
    expect((await waitForChat(again.driver, (v) => v.drafts.length === 1, 'the draft in a sidebar opened afresh')).drafts[0]).toBe(EDITED);
  });

  it('context typed just before Draft reply is in that action’s first request', async () => {
    const { driver } = await ticketWithSidebar();
    await driver.click('.ticket-context summary');
    await waitIn(driver, () => !!document.querySelector('[data-testid="quick-action"][data-action="draft"]:not([disabled])'), null, 'Draft reply to be offered');

    await driver.fill('[data-testid="ticket-context"]', CONTEXT);
    await driver.click('[data-testid="quick-action"][data-action="draft"]');

    await waitForChat(driver, (v) => v.users.length === 1 && !v.running && v.drafts.length === 1, 'the Draft reply action to finish', { timeoutMs: 40_000 });
    expect(messagesOf(m.model.requests()[0])[0]!.content).toContain(`Context from the agent for this ticket (the agent's own words):\n${CONTEXT}`);
  });

  it('a question typed and not sent is in the box of a sidebar opened again after it was closed at once', async () => {
    const { ticket, sidebar, driver } = await ticketWithSidebar();
    await driver.fill('[data-testid="chat-input"]', QUESTION);
    await sidebar.close();

    const again = await sidebarFor(ticket.url());
    const shown = await waitIn(again.driver, () => document.querySelector<HTMLTextAreaElement>('[data-testid="chat-input"]')?.value || null, null, 'the question in the reopened sidebar’s box');
    expect(shown).toBe(QUESTION);
  });

  it('a question asked while the ticket page reloads waits for the page, and is asked once, on that ticket', async () => {
    m.model.script([{ text: 'Maria is on the premium plan.' }]);
    const { ticket, driver, tabId } = await ticketWithSidebar();
    await driver.fill('[data-testid="chat-input"]', QUESTION);
    // The reloaded document is held by the network: Firefox counts the tab as loading from the
    // request on (Chromium once the document comes, see runtime.typed), and the old page is gone.
    const script = helpdesk.ticketUrl(TICKET_1.id);
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await ticket.setRequestInterception(true);
    ticket.on('request', (request) => {
      if (request.url() === script) void held.then(() => request.continue());
      else void request.continue();
    });
    const reloaded = ticket.reload();
    // The background has dropped the tab's page: the next one loads.
    await poll(async () => ((await driver.evaluate((id: number) => browser.runtime.sendMessage({ type: 'view.get', tabId: id }).then((r) => r.value.page === null), tabId)) ? true : undefined), 'the tab’s page gone while the next one loads');
    await driver.click('[data-testid="chat-send"]');
    await waitIn(driver, () => document.querySelector('[data-testid="chat-send"][aria-busy="true"]') !== null, null, 'the question waiting for the page');
    expect(await driver.evaluate(() => document.querySelector<HTMLTextAreaElement>('[data-testid="chat-input"]')?.value, null)).toBe(QUESTION);
    expect(m.model.requests()).toEqual([]);
    release();
    await reloaded;
    await ticket.setRequestInterception(false);
    const view = await waitForChat(driver, (v) => v.users.length === 1 && !v.running && v.assistants.length === 1, 'the question asked once the page is back');
    expect(view.users).toEqual([QUESTION]);
    expect(m.model.requests()).toHaveLength(1);
    expect(messagesOf(m.model.requests()[0]).at(-1)!.content).toContain(QUESTION);
  });
});
