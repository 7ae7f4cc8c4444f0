import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchChromium, openRealSidePanel, type ChromeApi, type ChromiumHarness, type SidePanel } from './harness/chromium';
import {
  auditOf,
  clickConfirm,
  readWholeBody,
  openBackgroundExtensionPage,
  openTicket,
  pageDriver,
  replyBody,
  sendToBackground,
  startDemoHelpdesk,
  storedConfirmation,
  theCard,
  TICKET_1,
  type DemoHelpdesk,
  type StoredConfirmation,
  type ToolResultLike,
} from './harness/deskmate';
import { sendFromDraft, useModel } from './harness/drafts';
import { startModel, type ModelForExtension } from './harness/chat';
import { poll } from './harness/wait';

declare const chrome: ChromeApi;

/** A confirm is honoured at most once, however many times and from wherever it comes. */
describe('runtime.double-confirm: one confirmation, one reply', () => {
  let chromium: ChromiumHarness;
  let helpdesk: DemoHelpdesk;
  let m: ModelForExtension;
  let extensionPage: Page;

  beforeAll(async () => {
    helpdesk = await startDemoHelpdesk();
    m = await startModel({ chunkDelayMs: 2 });
    chromium = await launchChromium();
    await useModel(chromium.context, chromium.extensionId, m);
    extensionPage = await openBackgroundExtensionPage(chromium.context, chromium.extensionId);
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

  /** A ticket tab, the real side panel on it, and a pending confirm card for a fresh body. */
  async function prepared(tag: string): Promise<{ page: Page; panel: SidePanel; body: string; record: StoredConfirmation }> {
    const page = await openTicket(chromium.context, helpdesk, TICKET_1.id);
    const panel = await openRealSidePanel(chromium.context, chromium.extensionId, page);
    const body = replyBody(tag);
    await sendFromDraft(panel, m.model, body);
    expect((await theCard(panel, ['pending'])).body).toBe(body);
    const record = await storedConfirmation(panel, panel.tabId, body);
    expect(await helpdesk.sentLog()).toEqual([]);
    return { page, panel, body, record };
  }

  const kindsOf = async (id: string) => (await auditOf(pageDriver(extensionPage), id)).map((e) => e.kind);

  it('a double click on Confirm sends once', async () => {
    const { page, panel, body, record } = await prepared('double click');

    await readWholeBody(panel);
    await panel.dblclick('[data-testid="confirm-card"] [data-testid="confirm-accept"]');

    const card = await theCard(panel, ['sent', 'refused', 'failed', 'unknown'], { timeoutMs: 20_000 });
    expect(card.state, card.status).toBe('sent');
    const sent = await helpdesk.sentLog();
    expect(sent.map((s) => s.text)).toEqual([body]);
    expect(await kindsOf(record.id)).toEqual(['prepare', 'confirm', 'sent']);
    await panel.close();
    await page.close();
  });

  it('a click plus a direct confirm.accept from an extension page sends once; the second is already_used', async () => {
    const { page, panel, body, record } = await prepared('click plus message');
    const direct = { type: 'confirm.accept', tabId: panel.tabId, id: record.id, digest: record.digest };

    await clickConfirm(panel);
    const second = await sendToBackground<ToolResultLike>(pageDriver(extensionPage), direct);

    const card = await theCard(panel, ['sent', 'refused', 'failed', 'unknown'], { timeoutMs: 20_000 });
    // The router lets an extension page through; the registry refuses the second use.
    if (!second.ok) throw new Error(`the router refused an extension page: ${second.code}`);
    // Whichever came second was refused; the other one sent (usually the click is first).
    const byClick = card.state === 'sent' ? 'sent' : /already been used/.test(card.status) ? 'already_used' : `${card.state}: ${card.status}`;
    const byMessage = second.value.ok ? 'sent' : second.value.code;
    expect([byClick, byMessage].sort()).toEqual(['already_used', 'sent']);
    const sent = await poll(async () => {
      const log = await helpdesk.sentLog();
      return log.length ? log : undefined;
    }, 'the helpdesk to receive the reply');
    expect(sent.map((s) => s.text)).toEqual([body]);
    const kinds = await kindsOf(record.id);
    expect(kinds.filter((k) => k === 'confirm' || k === 'sent')).toEqual(['confirm', 'sent']);
    expect(kinds).toContain('refuse');
    const refusal = (await auditOf(pageDriver(extensionPage), record.id)).find((e) => e.kind === 'refuse');
    expect(refusal?.detail).toMatch(/^already_used/);

    // And a third attempt, long after: still refused, still one reply.
    const third = await sendToBackground<ToolResultLike>(pageDriver(extensionPage), direct);
    expect(third.ok && third.value).toMatchObject({ ok: false, code: 'already_used' });
    expect(await helpdesk.sentLog()).toHaveLength(1);
    await panel.close();
    await page.close();
  });

  it('two confirm.accept messages at the same moment send once', async () => {
    const { page, panel, body, record } = await prepared('two messages');
    const direct = { type: 'confirm.accept', tabId: panel.tabId, id: record.id, digest: record.digest };

    const answers = await pageDriver(extensionPage).evaluate(
      (m) => Promise.all([chrome.runtime.sendMessage(m), chrome.runtime.sendMessage(m)]),
      direct,
    );

    const results = answers.map((a) => (a as { ok: boolean; value: ToolResultLike }).value);
    expect(results.map((r) => (r.ok ? 'sent' : r.code)).sort()).toEqual(['already_used', 'sent']);
    expect((await helpdesk.sentLog()).map((s) => s.text)).toEqual([body]);
    await panel.close();
    await page.close();
  });
});
