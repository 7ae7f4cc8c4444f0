import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchChromium, openRealSidePanel, type ChromiumHarness, type SidePanel } from './harness/chromium';
import {
  auditOf,
  clickConfirm,
  openTicket,
  replyBody,
  runTool,
  showTab,
  startDemoHelpdesk,
  storedConfirmation,
  theCard,
  TICKET_1,
  TICKET_2,
  ticketShown,
  waitForTools,
  type DemoHelpdesk,
  type StoredConfirmation,
} from './harness/deskmate';

/** A send prepared on one ticket is never delivered to another: the tab moved on, nothing goes. */
describe('runtime.navigated: Confirm after the tab moved to another ticket', () => {
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
  beforeEach(async () => {
    await helpdesk.reset();
  });

  async function prepared(tag: string): Promise<{ page: Page; panel: SidePanel; body: string; record: StoredConfirmation }> {
    const page = await openTicket(chromium.context, helpdesk, TICKET_1.id);
    const panel = await openRealSidePanel(chromium.context, chromium.extensionId, page);
    await showTab(panel, 'Page');
    await waitForTools(panel, ['reply.send']);
    const body = replyBody(tag);
    await runTool(panel, 'reply.send', body);
    expect((await theCard(panel, ['pending'])).body).toBe(body);
    return { page, panel, body, record: await storedConfirmation(panel, panel.tabId, body) };
  }

  async function refusedAfterMove(panel: SidePanel, body: string, record: StoredConfirmation) {
    // Wait until the background knows the tab shows the other ticket: that is what Confirm checks.
    await ticketShown(panel, panel.tabId, TICKET_2.label);
    const before = await theCard(panel, ['pending']);
    expect(before.body).toBe(body);

    await clickConfirm(panel);

    const card = await theCard(panel, ['sent', 'refused', 'failed', 'unknown'], { timeoutMs: 20_000 });
    expect(card.state, card.status).toBe('refused');
    expect(card.status).toContain(TICKET_2.label);
    expect(card.status).toMatch(/nothing was sent/i);
    expect(await helpdesk.sentLog()).toEqual([]);
    // A refusal for a moved page does not burn the record, and the audit says why.
    expect((await storedConfirmation(panel, panel.tabId, body)).status).toBe('pending');
    const audit = await auditOf(panel, record.id);
    expect(audit.map((e) => e.kind)).toEqual(['prepare', 'refuse']);
    expect(audit[1]!.detail).toMatch(/^scope_changed/);
  }

  it('is refused after a full page load of ticket 2', async () => {
    const { page, panel, body, record } = await prepared('navigated by load');

    await page.goto(helpdesk.ticketUrl(TICKET_2.id));
    await page.waitForSelector(`.hd-ticket[data-ticket-id="${TICKET_2.id}"]`);

    await refusedAfterMove(panel, body, record);
    await panel.close();
    await page.close();
  });

  it("is refused after the helpdesk's own single-page Next link to ticket 2", async () => {
    const { page, panel, body, record } = await prepared('navigated by Next');
    const loads: string[] = [];
    page.on('load', () => loads.push(page.url()));

    await page.click('a[data-ticket-nav="next"]');
    await page.waitForSelector(`.hd-ticket[data-ticket-id="${TICKET_2.id}"]`);
    expect(page.url()).toBe(helpdesk.ticketUrl(TICKET_2.id));

    await refusedAfterMove(panel, body, record);
    expect(loads).toEqual([]); // it really was single-page navigation
    await panel.close();
    await page.close();
  });
});
