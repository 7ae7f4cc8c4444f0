import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, beforeEach, describe, expect } from 'vitest';
import { chatView, startModel, waitForChat, type ModelForExtension } from '../e2e/harness/chat';
import { confirmCards, readWholeBody, startDemoHelpdesk, TICKET_1, TICKET_2, type DemoHelpdesk, type Driver } from '../e2e/harness/deskmate';
import { clickDraftSend, draftCallId, draftShown, proposeDraft } from '../e2e/harness/drafts';
import { launchFirefox, openFirefoxPage, type FirefoxHarness } from '../e2e/harness/firefox';
import { firefoxDriver } from '../e2e/harness/firefox-driver';
import { configureFirefox, openSidebarFor } from '../e2e/harness/firefox-sidebar';
import { poll } from '../e2e/harness/wait';
import { attack } from './attack';

declare const browser: {
  runtime: {
    sendMessage(m: object): Promise<{ ok: boolean; value?: any }>;
    connect(info: { name: string }): { postMessage(message: unknown): void; onMessage: { addListener(listener: (message: unknown) => void): void } };
  };
};

/**
 * Nothing that can send outlives its ticket, in Firefox ESR (MV2 background page; the sidebar as
 * its extension page bound to the tab): a reply sent on ticket 1041 and a second one prepared
 * there; the tab moves to 1042 with the helpdesk's own Next link. The sidebar shows none of
 * 1041's cards or its draft; a confirm of 1041's pending card, a "Send again" of its sent card
 * and a Send… of its draft, forged from the sidebar page while the tab shows 1042, are refused.
 */
describe('security: cards and drafts bound to their ticket (Firefox)', () => {
  let firefox: FirefoxHarness;
  let helpdesk: DemoHelpdesk;
  let m: ModelForExtension;
  const open: Page[] = [];
  let run = 0;
  let FIRST = '';
  let SECOND = '';

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
    // Each test's own texts: a text already sent to the ticket opens that send's card instead.
    run += 1;
    FIRST = `Hi Maria,\n\nthe duplicate charge of EUR 89.90 is refunded (${run}).\n\nBest,\nSam`;
    SECOND = `Hi Maria,\n\none more thing: the refund shows in 3-5 days (${run}).\n\nBest,\nSam`;
  });

  const sentTexts = async () => (await helpdesk.sentLog()).map((s) => s.text);
  const toBackground = (d: Driver, message: Record<string, unknown>) => d.evaluate((msg: Record<string, unknown>) => browser.runtime.sendMessage(msg), message);
  const records = async (d: Driver) => {
    const stored = await d.evaluate(() => browser.runtime.sendMessage({ type: 'audit.list' }), null);
    return (stored.value as { kind: string; confirmationId: string | null; digest: string | null }[]).filter((e) => e.kind === 'prepare');
  };
  const cardStates = async (d: Driver) => (await confirmCards(d)).map((c) => c.state);

  /** Ticket 1041 in a tab, and its sidebar. */
  async function ticket1WithSidebar() {
    const url = helpdesk.ticketUrl(TICKET_1.id);
    const ticket = await openFirefoxPage(firefox, url);
    open.push(ticket);
    await ticket.waitForSelector(`.hd-ticket[data-ticket-id="${TICKET_1.id}"]`);
    const { sidebarPage, tabId } = await openSidebarFor(firefox, url);
    open.push(sidebarPage);
    return { ticket, tabId, d: firefoxDriver(sidebarPage) };
  }

  /** Ticket 1041 in a tab, its sidebar: FIRST sent, SECOND's card pending. */
  async function sentAndPending() {
    const { ticket, tabId, d } = await ticket1WithSidebar();
    await proposeDraft(d, m.model, FIRST);
    await clickDraftSend(d);
    await poll(async () => ((await cardStates(d)).join() === 'pending' ? true : undefined), 'the first card');
    await readWholeBody(d);
    await d.click('[data-testid="confirm-accept"]');
    await poll(async () => ((await cardStates(d)).join() === 'sent' ? true : undefined), 'the first reply sent', { timeoutMs: 20_000 });
    await proposeDraft(d, m.model, SECOND);
    await clickDraftSend(d);
    await poll(async () => ((await cardStates(d)).includes('pending') ? true : undefined), 'the second card');
    expect(await d.evaluate(() => document.querySelector('[data-testid="confirm-replied"]')?.textContent ?? null, null)).toMatch(/^You replied to this ticket at .+ — send another\?$/);
    const [sent, pending] = await records(d);
    const callId = await draftCallId(d, tabId);
    return { ticket, d, tabId, sent: sent!, pending: pending!, callId };
  }

  async function moveToTicket2(ticket: Page, d: Driver) {
    await ticket.click('a[data-ticket-nav="next"]');
    await ticket.waitForSelector(`.hd-ticket[data-ticket-id="${TICKET_2.id}"]`);
    await poll(
      async () => ((await confirmCards(d)).length === 0 && (await draftShown(d)) === null && (await d.evaluate(() => document.body.textContent?.includes('#1042'), null)) ? true : undefined),
      "the sidebar on ticket 1042, without ticket 1041's cards and draft",
    );
  }

  type Got = { type: string; [field: string]: unknown }[];
  /** From the sidebar's page, a chat port of its own, as a sidebar that still shows an older page holds; what the background answers on it, once `wanted` holds. */
  async function staleSidebarPort(d: Driver, messages: Record<string, unknown>[], wanted: (got: Got) => boolean, what: string): Promise<Got> {
    const slot = `__deskmateStale${Math.random().toString(36).slice(2)}`;
    await d.evaluate(
      ({ slot, messages }: { slot: string; messages: Record<string, unknown>[] }) => {
        const got: unknown[] = [];
        (window as unknown as Record<string, unknown>)[slot] = got;
        const port = browser.runtime.connect({ name: 'chat' });
        port.onMessage.addListener((m: unknown) => void got.push(m));
        for (const m of messages) port.postMessage(m);
      },
      { slot, messages },
    );
    return poll(async () => {
      const got = await d.evaluate((name: string) => JSON.parse(JSON.stringify((window as unknown as Record<string, Got>)[name])) as Got, slot);
      return wanted(got) ? got : undefined;
    }, what);
  }
  const onTicket1 = (d: Driver) => poll(async () => ((await d.evaluate(() => document.body.textContent?.includes('#1041'), null)) ? true : undefined), 'the sidebar on ticket 1041');
  const chatBox = (d: Driver) => d.evaluate(() => document.querySelector<HTMLTextAreaElement>('[data-testid="chat-input"]')?.value ?? null, null);

  attack('a question asked on 1041 that reaches the background once the tab shows 1042 asks nothing there, and is back in 1041’s box', async () => {
    const QUESTION = `Tell the customer the refund is approved (${run}).`;
    const { ticket, tabId, d } = await ticket1WithSidebar();
    await onTicket1(d);
    const opened = await staleSidebarPort(d, [{ type: 'chat.open', tabId }], (got) => got.some((m) => m.type === 'chat.snapshot'), 'the conversation of 1041');
    const on1041 = opened.find((m) => m.type === 'chat.snapshot')!.key as string;
    await moveToTicket2(ticket, d);
    const requests = m.model.requests().length;
    const got = await staleSidebarPort(d, [{ type: 'chat.send', tabId, key: on1041, text: QUESTION }], (got) => got.some((m) => m.type === 'chat.refused'), 'the question refused');
    expect(got).toContainEqual({ type: 'chat.refused', key: on1041, text: QUESTION });
    expect(m.model.requests().length).toBe(requests);
    expect((await chatView(d)).users).toEqual([]);
    expect(await chatBox(d)).toBe('');
    await ticket.click('a[data-ticket-nav="prev"]');
    await ticket.waitForSelector(`.hd-ticket[data-ticket-id="${TICKET_1.id}"]`);
    await onTicket1(d);
    await poll(async () => ((await chatBox(d)) === QUESTION ? true : undefined), 'the question back in 1041’s box');
    await d.click('[data-testid="chat-send"]');
    await waitForChat(d, (v) => v.users.at(-1) === QUESTION, 'the question asked on 1041');
    await poll(async () => (m.model.requests().length > requests ? true : undefined), 'the model asked');
  });

  attack("1041's cards are not shown on 1042; a forged confirm, Send again or Send… of them from there prepares and sends nothing", async () => {
    const { ticket, d, tabId, sent, pending, callId } = await sentAndPending();
    await moveToTicket2(ticket, d);
    const before = (await records(d)).length;
    const confirm = await toBackground(d, { type: 'confirm.accept', tabId, id: pending.confirmationId, digest: pending.digest });
    expect(confirm).toMatchObject({ ok: true, value: { ok: false, code: 'scope_changed' } });
    const again = await toBackground(d, { type: 'tool.invoke', tabId, tool: 'reply.send', input: { body: FIRST }, again: sent.confirmationId });
    expect(again).toMatchObject({ ok: true, value: { ok: false, code: 'scope_changed' } });
    const draft = await toBackground(d, { type: 'tool.invoke', tabId, tool: 'reply.send', input: { body: SECOND }, draft: callId, anyway: true });
    expect(draft).toMatchObject({ ok: true, value: { ok: false, code: 'draft_elsewhere' } });
    const loose = await toBackground(d, { type: 'tool.invoke', tabId, tool: 'reply.send', input: { body: SECOND } });
    expect(loose).toMatchObject({ ok: true, value: { ok: false, code: 'unbound_send' } });
    expect((await records(d)).length).toBe(before);
    expect(await sentTexts()).toEqual([FIRST]);
    // Back on 1041: its draft and both its cards again.
    await ticket.click('a[data-ticket-nav="prev"]');
    await ticket.waitForSelector(`.hd-ticket[data-ticket-id="${TICKET_1.id}"]`);
    await poll(async () => ((await cardStates(d)).sort().join() === 'pending,sent' ? true : undefined), "ticket 1041's cards again", { timeoutMs: 15_000 });
    expect(await draftShown(d)).toBe(SECOND);
  });
});
