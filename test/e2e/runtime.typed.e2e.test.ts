import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchChromium, openRealSidePanel, type ChromiumHarness, type SidePanel } from './harness/chromium';
import { ask, configureChromium, messagesOf, startModel, waitForChat, type ModelForExtension } from './harness/chat';
import { openTicket, sendToBackground, startDemoHelpdesk, TICKET_1, waitIn, type DemoHelpdesk } from './harness/deskmate';
import { poll } from './harness/wait';

const MODEL_TEXT = 'Hello Maria,\n\nThe duplicate charge is refunded.\n\nBest,\nSam';
const EDITED = 'Hello Maria,\n\nThe duplicate charge of EUR 89.90 is refunded today.\n\nBest,\nSam';
const CONTEXT = 'The customer is on the premium plan.';
const QUESTION = 'Which plan is Maria on, and since when?';

/**
 * What the agent typed counts, in the real side panel, with no pause after typing: an edit typed
 * just before the ticket page reloads (as FreeScout reloads its page on new mail) is the draft's
 * text after it; context typed just before a quick action is in that action's first request to
 * the model; a question typed and not sent is still in the box after the panel was closed.
 */
describe('runtime.typed: text typed a moment before counts', () => {
  let chromium: ChromiumHarness;
  let helpdesk: DemoHelpdesk;
  let m: ModelForExtension;
  let page: Page | undefined;
  let panel: SidePanel | undefined;

  beforeAll(async () => {
    helpdesk = await startDemoHelpdesk();
    m = await startModel({ chunkDelayMs: 2 });
    chromium = await launchChromium();
    await configureChromium(chromium.context, chromium.extensionId, m);
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
  });

  async function panelFor(p: Page, { keepFocus = false } = {}): Promise<SidePanel> {
    panel = await openRealSidePanel(chromium.context, chromium.extensionId, p);
    // The agent's keyboard stays in the panel while the tab beside it reloads (headless Chromium
    // would move it, and the focus leaving would hand the edit over). It also keeps the panel
    // "visible" as it closes, so only the reload test asks for it.
    if (keepFocus) await panel.keepFocus();
    // The page has announced its ticket: the context box and the quick actions belong to it.
    await panel.waitFor('[data-testid="ticket-context"]');
    return panel;
  }

  /** What a panel's chat box shows once it shows anything (a question kept for the conversation). */
  const questionInBox = (p: SidePanel) =>
    poll(() => p.evaluate(() => document.querySelector<HTMLTextAreaElement>('[data-testid="chat-input"]')?.value || undefined), 'the question in the reopened panel’s box');

  it('an edit typed just before the page reloads is the draft after the reload', async () => {
    m.model.script([{ toolCalls: [{ name: 'reply__propose', arguments: { body: MODEL_TEXT } }] }, { text: 'The draft is in the card.' }]);
    page = await openTicket(chromium.context, helpdesk, TICKET_1.id);
    const p = await panelFor(page, { keepFocus: true });
    await ask(p, 'Draft a reply to Maria.');
    await waitForChat(p, (v) => !v.running && v.drafts.length === 1 && v.drafts[0] === MODEL_TEXT, 'the draft card');
    await p.fill('[data-testid="draft-body"]', EDITED);
    await page.reload();

    // The reload drops the page and its new document announces itself again. Whether the sidebar
    // shows the tab without a ticket in between (and makes the card again) depends on which of the
    // two its request for the conversation meets, so the text is what is checked: in the card once
    // the page is back, and in what the background keeps (a panel opened afresh, below). The edit
    // is at risk in the usual order, where the card is made again from the background's copy; in
    // the other, the card keeps its text and saves it itself.
    await poll(async () => {
      const view = await sendToBackground<{ page: { ticket: { key: string } | null } | null }>(p, { type: 'view.get', tabId: p.tabId });
      return view.ok && view.value.page?.ticket ? true : undefined;
    }, 'the reloaded page to announce its ticket');
    const remade = await waitIn(p, () => {
      const box = document.querySelector<HTMLTextAreaElement>('[data-testid="draft-body"]');
      return box && document.querySelector('[data-testid="ticket-context"]') ? box.value : null;
    }, null, 'the draft card after the reload', { timeoutMs: 20_000 });
    expect(remade).toBe(EDITED);
    // And what the background keeps: a panel opened afresh shows the edit.
    await p.close();
    const again = await panelFor(page);
    await waitForChat(again, (v) => v.drafts.length === 1, 'the draft in a reopened panel');
    expect((await waitForChat(again, (v) => v.drafts.length === 1, 'the draft')).drafts[0]).toBe(EDITED);
  });

  it('context typed just before Draft reply is in that action’s first request', async () => {
    page = await openTicket(chromium.context, helpdesk, TICKET_1.id);
    const p = await panelFor(page);
    await p.click('.ticket-context summary');
    await p.waitFor('[data-testid="quick-action"][data-action="draft"]:not([disabled])');

    await p.fill('[data-testid="ticket-context"]', CONTEXT);
    await p.click('[data-testid="quick-action"][data-action="draft"]');

    await waitForChat(p, (v) => v.users.length === 1 && !v.running && v.drafts.length === 1, 'the Draft reply action to finish', { timeoutMs: 40_000 });
    const [first] = m.model.requests();
    expect(messagesOf(first)[0]!.content).toContain(`Context from the agent for this ticket (the agent's own words):\n${CONTEXT}`);
    expect(await p.evaluate(() => document.querySelector('[data-testid="ticket-context"]')?.getAttribute('data-state'))).toBe('saved');
  });

  it('a question typed is with the background while the panel lives: closed at once with its leave events lost, the box has it again', async () => {
    page = await openTicket(chromium.context, helpdesk, TICKET_1.id);
    let p = await panelFor(page);
    // A message sent as a page goes away may be lost with it. Here the panel's leave events never
    // reach Deskmate at all, so what it typed counts only if it left while the panel lived.
    await p.evaluate(() => {
      const swallow = (e: Event) => e.stopImmediatePropagation();
      addEventListener('pagehide', swallow, true);
      addEventListener('visibilitychange', swallow, true);
    });
    await p.fill('[data-testid="chat-input"]', QUESTION);
    await p.close();

    p = await panelFor(page);
    expect(await questionInBox(p)).toBe(QUESTION);
  });

  it('a question typed and not sent is in the box again after the panel was closed at once', async () => {
    page = await openTicket(chromium.context, helpdesk, TICKET_1.id);
    let p = await panelFor(page);
    await p.fill('[data-testid="chat-input"]', QUESTION);
    await p.close();

    p = await panelFor(page);
    expect(await questionInBox(p)).toBe(QUESTION);
    // Sent, it is gone from the box, here and for the next panel.
    await p.click('[data-testid="chat-send"]');
    await waitForChat(p, (v) => v.users.length === 1 && v.users[0] === QUESTION && !v.running, 'the question asked', { timeoutMs: 30_000 });
    await p.close();
    p = await panelFor(page);
    await waitForChat(p, (v) => v.users.length === 1, 'the conversation in a reopened panel');
    expect(await p.evaluate(() => document.querySelector<HTMLTextAreaElement>('[data-testid="chat-input"]')?.value)).toBe('');
  });

  it('a question asked while the ticket page reloads waits for the page, and is asked once, on that ticket', async () => {
    m.model.script([{ text: 'Maria is on the premium plan.' }]);
    page = await openTicket(chromium.context, helpdesk, TICKET_1.id);
    const p = await panelFor(page, { keepFocus: true });
    await p.fill('[data-testid="chat-input"]', QUESTION);
    // The reloaded document's script is held by the network: the new page has not loaded, and has
    // not announced itself (the content script runs once the document is parsed).
    const script = `${new URL(helpdesk.ticketUrl(TICKET_1.id)).origin}/assets/app.mjs`;
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(script, async (route) => {
      await held;
      await route.continue();
    });
    const reloaded = page.reload();
    await poll(async () => {
      const view = await sendToBackground<{ page: unknown }>(p, { type: 'view.get', tabId: p.tabId });
      return view.ok && view.value.page === null ? true : undefined;
    }, 'the tab’s page gone while the next one loads');
    // Asked now, it waits: the box keeps it, and nothing reaches the model.
    await p.click('[data-testid="chat-send"]');
    await p.waitFor('[data-testid="chat-send"][aria-busy="true"]');
    expect(await p.evaluate(() => document.querySelector<HTMLTextAreaElement>('[data-testid="chat-input"]')?.value)).toBe(QUESTION);
    expect(m.model.requests()).toEqual([]);
    release();
    await reloaded;
    await page.unroute(script);
    const view = await waitForChat(p, (v) => v.users.length === 1 && !v.running && v.assistants.length === 1, 'the question asked once the page is back');
    expect(view.users).toEqual([QUESTION]);
    expect(view.assistants[0]!.text).toContain('premium plan');
    expect(m.model.requests()).toHaveLength(1);
    expect(messagesOf(m.model.requests()[0]).at(-1)!.content).toContain(QUESTION);
    expect(await p.evaluate(() => document.querySelector<HTMLTextAreaElement>('[data-testid="chat-input"]')?.value)).toBe('');
  });
});
