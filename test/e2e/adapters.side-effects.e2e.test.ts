import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, openExtensionPage, tabIdOf, type ChromiumHarness } from './harness/chromium';
import { startModel, type ModelForExtension } from './harness/chat';
import { pageDriver, readWholeBody, theCard, ticketShown, waitIn } from './harness/deskmate';
import { sendFromDraft, useModel } from './harness/drafts';
import { pageScreenshot } from './harness/screenshots';
import { startTestServer, type TestServer } from './harness/test-server';

/**
 * The confirm card says what the helpdesk will do besides posting, read from its own form:
 * FreeScout's saved page (status Pending and "Me" in the editor's toolbar, the conversation
 * Active and someone else's) and osTicket's (a status chosen under the reply). A change to the
 * form after the card was shown makes Confirm send nothing and say what changed.
 */
describe('adapters.side-effects: the confirm card shows what the helpdesk will also do', () => {
  let chromium: ChromiumHarness;
  let site: TestServer;
  let m: ModelForExtension;

  beforeAll(async () => {
    const [freescout, osticket] = await Promise.all([
      readFile('test/fixtures/sites/freescout/conversation.html', 'utf8'),
      readFile('test/fixtures/sites/osticket/ticket.html', 'utf8'),
    ]);
    site = await startTestServer({ '/conversation/42': freescout, '/support/scp/tickets.php': osticket });
    m = await startModel({ chunkDelayMs: 2 });
    chromium = await launchChromium();
    await useModel(chromium.context, chromium.extensionId, m);
  });
  afterAll(async () => {
    await chromium?.close();
    await m?.model.close();
    await site?.close();
  });

  /** Opens the page, lets `before` change its form as an agent would, and prepares a reply from the ticket's draft. */
  async function cardFor(path: string, label: string, body: string, before?: (page: Page) => Promise<void>) {
    const page = await chromium.context.newPage();
    await page.goto(site.url(path));
    await before?.(page);
    const tabId = await tabIdOf(page, { via: chromium.serviceWorker });
    const sidebar = await openExtensionPage(chromium.context, chromium.extensionId, `sidepanel.html?tab=${tabId}`);
    await sidebar.setViewportSize({ width: 420, height: 900 });
    const driver = pageDriver(sidebar);
    await ticketShown(driver, tabId, label);
    m.model.reset();
    await sendFromDraft(driver, m.model, body);
    const card = await theCard(driver, ['pending']);
    const effects = await waitIn(
      driver,
      () => [...document.querySelectorAll('[data-testid="confirm-effects"] li')].map((li) => `${li.getAttribute('data-effect')}: ${li.textContent}`),
      null,
      'the side effects on the card',
    );
    const heading = await sidebar.evaluate(() => document.querySelector('[data-testid="confirm-effects"] strong')?.textContent);
    return { page, sidebar, driver, card, effects, heading };
  }

  it('FreeScout: "set the status to Pending; assign it to you", and a status changed afterwards sends nothing', async () => {
    const { page, sidebar, driver, effects, heading } = await cardFor('/conversation/42', '#1057', 'Hi Ines,\n\nthe new lamp ships today.');
    expect(heading).toBe('The helpdesk will also:');
    expect(effects).toEqual(['status: set the status to Pending', 'assign_you: assign it to you']);
    await sidebar.evaluate(() => document.querySelector('[data-testid="confirm-card"]')?.scrollIntoView({ block: 'start' }));
    await pageScreenshot(sidebar, 'confirm-card-side-effects-freescout');

    // The hurried agent opens the editor and picks Closed while the card is up, then confirms.
    await page.evaluate(() => {
      document.querySelector('.conv-reply-block')!.classList.remove('hidden');
      const status = document.querySelector<HTMLSelectElement>('.form-reply select[name="status"]')!;
      status.value = '3';
      status.dispatchEvent(new Event('change', { bubbles: true }));
    });
    const posts = await page.evaluate(() => {
      (window as unknown as { clicks: number }).clicks = 0;
      document.querySelector('.form-reply .btn-send-text')!.addEventListener('click', () => (window as unknown as { clicks: number }).clicks++);
      return 0;
    });
    await readWholeBody(driver);
    await driver.click('[data-testid="confirm-card"] [data-testid="confirm-accept"]');
    const done = await theCard(driver, ['refused', 'failed', 'sent', 'unknown'], { timeoutMs: 20_000 });
    expect(done.state).toBe('refused');
    expect(done.status).toMatch(/posting now would set the status to Closed; assign it to you, the card said set the status to Pending; assign it to you\. Nothing was sent/);
    expect(await page.evaluate(() => (window as unknown as { clicks: number }).clicks)).toBe(posts);
    await pageScreenshot(sidebar, 'confirm-card-side-effects-changed');
    await page.close();
    await sidebar.close();
  });

  it('osTicket: the status chosen under the reply, and the claim of an unassigned ticket, are on the card', async () => {
    const { page, sidebar, effects } = await cardFor('/support/scp/tickets.php?id=5', '#338769', 'Hi Priya,\n\nversion 4.2.1 fixes it.', async (p) => {
      await p.selectOption('form#reply select[name="reply_status_id"]', { label: 'Resolved' });
      // As osTicket renders a ticket nobody is assigned to.
      await p.evaluate(() => (document.querySelector('#field_assign')!.innerHTML = '<span class="faded">&mdash; Unassigned &mdash;</span>'));
    });
    expect(effects).toEqual([
      'status: set the status to Resolved',
      'claim: assign it to you if it stays open (osTicket’s “claim on response”, on unless an admin turned it off)',
    ]);
    await sidebar.evaluate(() => document.querySelector('[data-testid="confirm-card"]')?.scrollIntoView({ block: 'start' }));
    await pageScreenshot(sidebar, 'confirm-card-side-effects-osticket');
    await page.close();
    await sidebar.close();
  });
});
