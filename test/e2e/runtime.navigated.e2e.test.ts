import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchChromium, openRealSidePanel, type ChromiumHarness, type SidePanel } from './harness/chromium';
import {
  auditOf,
  clickConfirm,
  confirmCards,
  openTicket,
  readWholeBody,
  replyBody,
  sendToBackground,
  startDemoHelpdesk,
  storedConfirmation,
  theCard,
  TICKET_1,
  TICKET_2,
  ticketShown,
  type DemoHelpdesk,
  type StoredConfirmation,
} from './harness/deskmate';
import { startModel, type ModelForExtension } from './harness/chat';
import { sendFromDraft, useModel } from './harness/drafts';

import { poll } from './harness/wait';

/**
 * A send prepared on one ticket is never delivered to another: the tab moved on, the sidebar
 * shows no card of the ticket it left, a confirm sent all the same is refused, and nothing goes.
 */
describe('runtime.navigated: Confirm after the tab moved to another ticket', () => {
  let chromium: ChromiumHarness;
  let helpdesk: DemoHelpdesk;
  let m: ModelForExtension;

  beforeAll(async () => {
    helpdesk = await startDemoHelpdesk();
    m = await startModel({ chunkDelayMs: 2 });
    chromium = await launchChromium();
    await useModel(chromium.context, chromium.extensionId, m);
  });
  afterAll(async () => {
    await chromium?.close();
    await m?.model.close();
    await helpdesk?.close();
  });
  beforeEach(async () => {
    await helpdesk.reset();
    m.model.reset();
  });

  async function prepared(tag: string): Promise<{ page: Page; panel: SidePanel; body: string; record: StoredConfirmation }> {
    const page = await openTicket(chromium.context, helpdesk, TICKET_1.id);
    const panel = await openRealSidePanel(chromium.context, chromium.extensionId, page);
    const body = replyBody(tag);
    await sendFromDraft(panel, m.model, body);
    expect((await theCard(panel, ['pending'])).body).toBe(body);
    return { page, panel, body, record: await storedConfirmation(panel, panel.tabId, body) };
  }

  async function refusedAfterMove(panel: SidePanel, body: string, record: StoredConfirmation) {
    // Wait until the background knows the tab shows the other ticket: that is what Confirm checks.
    await ticketShown(panel, panel.tabId, TICKET_2.label);
    // The sidebar shows ticket 1's card no more: nothing there invites a click that must fail.
    await poll(async () => ((await confirmCards(panel)).length === 0 ? true : undefined), "ticket 1's card gone from the sidebar", { timeoutMs: 10_000 });

    // A confirm that goes all the same (a click that beat the sidebar, or sent past it) is refused.
    const forced = await sendToBackground(panel, { type: 'confirm.accept', tabId: panel.tabId, id: record.id, digest: record.digest });
    expect(forced).toMatchObject({ ok: true, value: { ok: false, code: 'scope_changed' } });
    expect(forced.ok && forced.value.error).toContain(TICKET_2.label);
    expect(forced.ok && forced.value.error).toMatch(/nothing was sent/i);
    expect(await helpdesk.sentLog()).toEqual([]);
    // A refusal for a moved page does not burn the record, and the audit says why.
    expect((await storedConfirmation(panel, panel.tabId, body)).status).toBe('pending');
    const audit = await auditOf(panel, record.id);
    expect(audit.map((e) => e.kind)).toEqual(['prepare', 'refuse']);
    expect(audit[1]!.detail).toMatch(/^scope_changed/);
  }

  /** Back on ticket 1, the same card offers Confirm again, and it sends there, once. */
  async function sendsOnceBackOnTicket1(page: Page, panel: SidePanel, body: string) {
    await page.goto(helpdesk.ticketUrl(TICKET_1.id));
    await page.waitForSelector(`.hd-ticket[data-ticket-id="${TICKET_1.id}"]`);
    await ticketShown(panel, panel.tabId, TICKET_1.label);
    // The card is back; Confirm is offered once its text has been read through again.
    await readWholeBody(panel);
    await poll(async () => (await theCard(panel, ['pending'])).canAccept || undefined, 'Confirm offered again on ticket 1', { timeoutMs: 10_000 });
    await clickConfirm(panel);
    const card = await theCard(panel, ['sent', 'refused', 'failed', 'unknown'], { timeoutMs: 20_000 });
    expect(card.state, card.status).toBe('sent');
    expect((await helpdesk.sentLog()).map((sent) => sent.text)).toEqual([body]);
  }

  it('shows no card of ticket 1 after a full page load of ticket 2, refuses a confirm sent all the same, and sends once back on ticket 1', async () => {
    const { page, panel, body, record } = await prepared('navigated by load');

    await page.goto(helpdesk.ticketUrl(TICKET_2.id));
    await page.waitForSelector(`.hd-ticket[data-ticket-id="${TICKET_2.id}"]`);

    await refusedAfterMove(panel, body, record);

    await sendsOnceBackOnTicket1(page, panel, body);
    await panel.close();
    await page.close();
  });

  it('refuses a Confirm click that beat the move to ticket 2; back on ticket 1 the card is pending again, saying why, and sends once', async () => {
    const { page, panel, body, record } = await prepared('click beat the hold');
    await readWholeBody(panel);
    // The click's message stays in the panel until the tab has moved: a click in the instant
    // the helpdesk navigated, before the card could hold Confirm.
    await panel.evaluate(() => {
      const w = window as unknown as { letGo?: () => void; held?: boolean };
      const moved = new Promise<void>((r) => (w.letGo = r));
      type Runtime = { sendMessage(m: unknown): Promise<unknown> };
      const namespaces = globalThis as unknown as { browser?: { runtime?: Runtime }; chrome?: { runtime?: Runtime } };
      for (const runtime of new Set([namespaces.browser?.runtime, namespaces.chrome?.runtime])) {
        if (!runtime) continue;
        const send = runtime.sendMessage.bind(runtime);
        runtime.sendMessage = async (message: unknown) => {
          if ((message as { type?: string })?.type === 'confirm.accept' && !w.held) {
            w.held = true;
            await moved;
          }
          return send(message);
        };
      }
    }, null);
    await clickConfirm(panel);
    await page.click('a[data-ticket-nav="next"]');
    await page.waitForSelector(`.hd-ticket[data-ticket-id="${TICKET_2.id}"]`);
    await ticketShown(panel, panel.tabId, TICKET_2.label);
    await panel.evaluate(() => (window as unknown as { letGo(): void }).letGo(), null);

    // Refused, nothing sent, the record still pending; the card is not shown on ticket 2.
    await poll(async () => ((await auditOf(panel, record.id)).map((e) => e.kind).join() === 'prepare,refuse' ? true : undefined), 'the refusal in the audit', { timeoutMs: 10_000 });
    expect(await confirmCards(panel)).toEqual([]);
    expect(await helpdesk.sentLog()).toEqual([]);
    expect((await storedConfirmation(panel, panel.tabId, body)).status).toBe('pending');

    // Back on ticket 1 the card says why the click did not send, and Confirm sends once.
    await page.goto(helpdesk.ticketUrl(TICKET_1.id));
    await page.waitForSelector(`.hd-ticket[data-ticket-id="${TICKET_1.id}"]`);
    const again = await theCard(panel, ['pending'], { timeoutMs: 10_000 });
    expect(again.status).toMatch(/^Not sent: .*#1042.*nothing was sent/i);
    await sendsOnceBackOnTicket1(page, panel, body);
    await panel.close();
    await page.close();
  });

  it("shows no card of ticket 1, and refuses, after the helpdesk's own single-page Next link to ticket 2", async () => {
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
