import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  launchChromium,
  openRealSidePanel,
  serviceWorkerStatus,
  stopServiceWorker,
  type ChromiumHarness,
  type SidePanel,
} from './harness/chromium';
import {
  auditOf,
  clickConfirm,
  openTicket,
  replyBody,
  showTab,
  startDemoHelpdesk,
  storedConfirmation,
  theCard,
  theOfferedCard,
  TICKET_1,
  waitForTools,
  type DemoHelpdesk,
  type StoredConfirmation,
} from './harness/deskmate';
import { sendFromDraft, useModel } from './harness/drafts';
import { startModel, type ModelForExtension } from './harness/chat';

/** A pending confirmation lives in storage: a stopped worker or a closed panel does not lose it. */
describe('runtime.worker-restart: a pending send survives the worker and the panel', () => {
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

  async function confirmsOnce(panel: SidePanel, body: string, record: StoredConfirmation) {
    await clickConfirm(panel);
    const card = await theCard(panel, ['sent', 'refused', 'failed', 'unknown'], { timeoutMs: 20_000 });
    expect(card.state, card.status).toBe('sent');
    expect((await helpdesk.sentLog()).map((s) => s.text)).toEqual([body]);
    expect((await storedConfirmation(panel, panel.tabId, body)).status).toBe('used');
    expect((await auditOf(panel, record.id)).map((e) => e.kind)).toEqual(['prepare', 'confirm', 'sent']);
  }

  it('Confirm after the service worker was stopped wakes it and sends once', async () => {
    const { page, panel, body, record } = await prepared('worker stopped');

    await stopServiceWorker(chromium.context);
    expect(await serviceWorkerStatus(chromium.context)).toBe('stopped');
    expect((await theOfferedCard(panel)).canAccept).toBe(true);

    await confirmsOnce(panel, body, record);
    expect(await serviceWorkerStatus(chromium.context)).toBe('running');
    await panel.close();
    await page.close();
  });

  it('a pending card survives closing and reopening the side panel (and a stop of the worker in between)', async () => {
    const { page, panel, body, record } = await prepared('panel reopened');
    await panel.close();
    await stopServiceWorker(chromium.context);

    const reopened = await openRealSidePanel(chromium.context, chromium.extensionId, page);
    await showTab(reopened, 'Chat');

    const card = await theOfferedCard(reopened);
    expect(card.body).toBe(body);
    expect(card.fields).toEqual([helpdesk.url, TICKET_1.label, TICKET_1.recipient, `Re: ${TICKET_1.subject}`]);
    expect(card.canAccept).toBe(true);
    expect(await helpdesk.sentLog()).toEqual([]);

    await confirmsOnce(reopened, body, record);
    await reopened.close();
    await page.close();
  });
});
