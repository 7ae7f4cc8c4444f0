import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchFirefox, openFirefoxPage, type FirefoxHarness } from './harness/firefox';
import { ask, messagesOf, startModel, waitForChat, type ModelForExtension } from './harness/chat';
import { startDemoHelpdesk, TICKET_1, waitIn, type DemoHelpdesk, type Driver } from './harness/deskmate';
import { configureFirefox, openSidebarFor } from './harness/firefox-sidebar';
import { firefoxDriver } from './harness/firefox-driver';

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

  async function ticketWithSidebar(): Promise<{ ticket: Page; sidebar: Page; driver: Driver }> {
    const url = helpdesk.ticketUrl(TICKET_1.id);
    const ticket = await openFirefoxPage(firefox, url);
    open.push(ticket);
    await ticket.waitForSelector(`.hd-ticket[data-ticket-id="${TICKET_1.id}"]`);
    return { ticket, ...(await sidebarFor(url)) };
  }
  async function sidebarFor(url: string): Promise<{ sidebar: Page; driver: Driver }> {
    const { sidebarPage } = await openSidebarFor(firefox, url);
    open.push(sidebarPage);
    await sidebarPage.waitForSelector('[data-testid="ticket-context"]');
    return { sidebar: sidebarPage, driver: firefoxDriver(sidebarPage) };
  }

  it('an edit typed just before the page reloads is the draft after the reload', async () => {
    m.model.script([{ toolCalls: [{ name: 'reply__propose', arguments: { body: MODEL_TEXT } }] }, { text: 'The draft is in the card.' }]);
    const { ticket, driver } = await ticketWithSidebar();
    await ask(driver, 'Draft a reply to Maria.');
    await waitForChat(driver, (v) => !v.running && v.drafts.length === 1 && v.drafts[0] === MODEL_TEXT, 'the draft card');
    // Marks the card on screen, to know when the reload has made it again from the background.
    await driver.evaluate(() => void ((document.querySelector('[data-testid="draft-body"]') as HTMLElement).dataset.before = 'reload'), null);

    await driver.fill('[data-testid="draft-body"]', EDITED);
    await ticket.reload();

    const remade = await waitIn(driver, () => {
      const box = document.querySelector<HTMLTextAreaElement>('[data-testid="draft-body"]:not([data-before])');
      return box && document.querySelector('[data-testid="ticket-context"]') ? box.value : null;
    }, null, 'the draft card made again after the reload', { timeoutMs: 20_000 });
    expect(remade).toBe(EDITED);
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
});
