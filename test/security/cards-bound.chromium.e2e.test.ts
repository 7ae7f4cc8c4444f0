import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect } from 'vitest';
import { launchChromium, openRealSidePanel, type ChromiumHarness, type SidePanel } from '../e2e/harness/chromium';
import { chatView, startModel, waitForChat, type ModelForExtension } from '../e2e/harness/chat';
import { confirmCards, openTicket, readWholeBody, sendToBackground, startDemoHelpdesk, storedConfirmations, ticketShown, TICKET_1, TICKET_2, type DemoHelpdesk } from '../e2e/harness/deskmate';
import { clickDraftSend, draftCallId, draftShown, proposeDraft, useModel } from '../e2e/harness/drafts';
import { poll } from '../e2e/harness/wait';
import type { ChromeApi } from '../e2e/harness/chrome-api';
import { attack } from './attack';

declare const chrome: ChromeApi; // the sidebar's global, in evaluated functions

/** Each test's own texts: a text already sent to the ticket (by an earlier test) opens its sent card instead. */
let FIRST = '';
let SECOND = '';
let run = 0;

/**
 * Nothing that can send outlives its ticket, in real Chromium with the demo helpdesk: a reply
 * is sent on ticket 1041, a second one is prepared there, and the tab moves to ticket 1042. The
 * sidebar shows none of 1041's cards and drafts there; a confirm of 1041's pending card, a "Send
 * again" of its sent card and a Send… of its draft, each forged from the sidebar while the tab
 * shows 1042, are refused by the background; back on 1041 the cards are there again.
 */
describe('security: cards and drafts bound to their ticket (Chromium)', () => {
  let chromium: ChromiumHarness;
  let helpdesk: DemoHelpdesk;
  let m: ModelForExtension;
  let page: Page | undefined;
  let panel: SidePanel | undefined;

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
    await panel?.close().catch(() => undefined);
    await page?.close().catch(() => undefined);
    await helpdesk.reset();
    m.model.reset();
    run += 1;
    FIRST = `Hi Maria,\n\nthe duplicate charge of EUR 89.90 is refunded (${run}).\n\nBest,\nSam`;
    SECOND = `Hi Maria,\n\none more thing: the refund shows in 3-5 days (${run}).\n\nBest,\nSam`;
  });

  const sentTexts = async () => (await helpdesk.sentLog()).map((s) => s.text);
  const cardStates = async (p: SidePanel) => (await confirmCards(p)).map((c) => c.state);

  /** Ticket 1041: FIRST sent, SECOND prepared (its card pending). Returns both records. */
  async function sentAndPending() {
    page = await openTicket(chromium.context, helpdesk, TICKET_1.id);
    panel = await openRealSidePanel(chromium.context, chromium.extensionId, page);
    await proposeDraft(panel, m.model, FIRST);
    await clickDraftSend(panel);
    await poll(async () => ((await cardStates(panel!)).join() === 'pending' ? true : undefined), 'the first card');
    await readWholeBody(panel);
    await panel.click('[data-testid="confirm-accept"]');
    await poll(async () => ((await cardStates(panel!)).join() === 'sent' ? true : undefined), 'the first reply sent', { timeoutMs: 20_000 });
    expect(await sentTexts()).toEqual([FIRST]);
    // The one draft's next version, and its Send…: the card says the ticket has a reply already.
    await proposeDraft(panel, m.model, SECOND);
    await clickDraftSend(panel);
    await poll(async () => ((await cardStates(panel!)).includes('pending') ? true : undefined), 'the second card');
    const replied = await panel.evaluate(() => document.querySelector('[data-testid="confirm-replied"]')?.textContent ?? null, null);
    expect(replied).toMatch(/^You replied to this ticket at .+ — send another\?$/);
    const records = await storedConfirmations(panel);
    const sent = records.find((r) => r.payload.body === FIRST)!;
    const pending = records.find((r) => r.payload.body === SECOND)!;
    expect([sent.status, pending.status]).toEqual(['used', 'pending']);
    return { sent, pending };
  }

  /** The tab moves to ticket 1042 with the helpdesk's own Next link (single-page navigation). */
  async function moveToTicket2() {
    await page!.click('a[data-ticket-nav="next"]');
    await page!.waitForSelector(`.hd-ticket[data-ticket-id="${TICKET_2.id}"]`);
    await ticketShown(panel!, panel!.tabId, TICKET_2.label);
    await poll(
      async () => ((await confirmCards(panel!)).length === 0 && (await draftShown(panel!)) === null ? true : undefined),
      "the sidebar on ticket 1042, without ticket 1041's cards and draft",
    );
  }

  /**
   * From the sidebar's page, a chat port of its own, as a sidebar that still shows an older page
   * holds: each message posted on it, and everything the background answers.
   */
  async function staleSidebarPort(p: SidePanel, messages: Record<string, unknown>[]) {
    const slot = `__deskmateStale${Math.random().toString(36).slice(2)}`;
    await p.evaluate(
      ({ slot, messages }) => {
        const got: unknown[] = [];
        (window as unknown as Record<string, unknown>)[slot] = got;
        const port = chrome.runtime.connect({ name: 'chat' });
        port.onMessage.addListener((m: unknown) => void got.push(m));
        for (const m of messages) port.postMessage(m);
      },
      { slot, messages },
    );
    type Got = { type: string; [field: string]: unknown }[];
    return (wanted: (got: Got) => boolean, what: string): Promise<Got> =>
      poll(async () => {
        const got = await p.evaluate((name: string) => (window as unknown as Record<string, Got>)[name]!, slot);
        return wanted(got) ? got : undefined;
      }, what);
  }

  const chatBox = (p: SidePanel) => p.evaluate(() => document.querySelector<HTMLTextAreaElement>('[data-testid="chat-input"]')?.value ?? null);

  attack('a question asked on 1041 that reaches the background once the tab shows 1042 asks nothing there, and is back in 1041’s box', async () => {
    const QUESTION = `Tell the customer the refund is approved (${run}).`;
    page = await openTicket(chromium.context, helpdesk, TICKET_1.id);
    panel = await openRealSidePanel(chromium.context, chromium.extensionId, page);
    await ticketShown(panel, panel.tabId, TICKET_1.label);
    // The conversation the sidebar shows on 1041, as the background names it.
    const opened = await staleSidebarPort(panel, [{ type: 'chat.open', tabId: panel.tabId }]);
    const on1041 = (await opened((got) => got.some((m) => m.type === 'chat.snapshot'), 'the conversation of 1041')).find((m) => m.type === 'chat.snapshot')!.key as string;
    await moveToTicket2();
    const requests = m.model.requests().length;
    // The question leaves a sidebar that still shows 1041, and arrives after the move.
    const stale = await staleSidebarPort(panel, [{ type: 'chat.send', tabId: panel.tabId, key: on1041, text: QUESTION }]);
    expect(await stale((got) => got.some((m) => m.type === 'chat.refused'), 'the question refused')).toContainEqual({ type: 'chat.refused', key: on1041, text: QUESTION });
    expect(m.model.requests().length).toBe(requests);
    expect((await chatView(panel)).users).toEqual([]);
    expect(await chatBox(panel)).toBe('');
    // Back on 1041, the question waits in its box; asked from there, it goes to 1041's conversation.
    await page.click('a[data-ticket-nav="prev"]');
    await page.waitForSelector(`.hd-ticket[data-ticket-id="${TICKET_1.id}"]`);
    await ticketShown(panel, panel.tabId, TICKET_1.label);
    await poll(async () => ((await chatBox(panel!)) === QUESTION ? true : undefined), 'the question back in 1041’s box');
    await panel.click('[data-testid="chat-send"]');
    await waitForChat(panel, (v) => v.users.at(-1) === QUESTION, 'the question asked on 1041');
    await poll(async () => (m.model.requests().length > requests ? true : undefined), 'the model asked');
  });

  attack("ticket 1041's cards are not shown on 1042, and a forged confirm of its pending card from there is refused", async () => {
    const { pending } = await sentAndPending();
    await moveToTicket2();
    const forged = await sendToBackground(panel!, { type: 'confirm.accept', tabId: panel!.tabId, id: pending.id, digest: pending.digest });
    expect(forged).toMatchObject({ ok: true, value: { ok: false, code: 'scope_changed' } });
    expect(await sentTexts()).toEqual([FIRST]);
    expect((await storedConfirmations(panel!)).find((r) => r.id === pending.id)!.status).toBe('pending');
    // Back on 1041: the draft and both cards again, and the pending one still sends, once.
    await page!.click('a[data-ticket-nav="prev"]');
    await page!.waitForSelector(`.hd-ticket[data-ticket-id="${TICKET_1.id}"]`);
    await poll(async () => ((await cardStates(panel!)).sort().join() === 'pending,sent' ? true : undefined), "ticket 1041's cards again", { timeoutMs: 15_000 });
    expect(await draftShown(panel!)).toBe(SECOND);
  });

  attack("a forged \"Send again\" of 1041's sent card from 1042 prepares nothing: not 1041's text for 1042's customer", async () => {
    const { sent } = await sentAndPending();
    await moveToTicket2();
    const before = (await storedConfirmations(panel!)).length;
    const forged = await sendToBackground(panel!, { type: 'tool.invoke', tabId: panel!.tabId, tool: 'reply.send', input: { body: FIRST }, again: sent.id });
    expect(forged).toMatchObject({ ok: true, value: { ok: false, code: 'scope_changed' } });
    expect((await storedConfirmations(panel!)).length).toBe(before);
    expect(await sentTexts()).toEqual([FIRST]);
  });

  attack("a forged Send… of 1041's draft from 1042 prepares nothing, even \"anyway\"; a send naming no draft neither", async () => {
    await sentAndPending();
    // The draft's call id, from the conversation the background keeps for the tab.
    const callId = await draftCallId(panel!, panel!.tabId);
    await moveToTicket2();
    const before = (await storedConfirmations(panel!)).length;
    for (const message of [
      { type: 'tool.invoke', tabId: panel!.tabId, tool: 'reply.send', input: { body: SECOND }, draft: callId, anyway: true },
      { type: 'tool.invoke', tabId: panel!.tabId, tool: 'reply.send', input: { body: SECOND } },
    ]) {
      const forged = await sendToBackground(panel!, message);
      expect(forged.ok && forged.value.ok).toBe(false);
    }
    expect((await storedConfirmations(panel!)).length).toBe(before);
    expect(await sentTexts()).toEqual([FIRST]);
  });
});
