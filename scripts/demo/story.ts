import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { openRealSidePanel, type SidePanel } from '../../test/e2e/harness/chromium';
import { poll } from '../../test/e2e/harness/wait';
import type { SentReply } from '../../demo/helpdesk/server.mjs';
import { attachPanelSession, pageScreenshot, type PanelSession } from './panel-session';
import { readConfirmCard, toolCallsOf, waitForConfirmState, waitForDone, waitForTicketInPanel, waitForTools } from './panel-reads';
import { agentEvents, installProbe } from './probe';
import type { DemoSession } from './session';
import type { Step, Transcript } from './transcript';

export const PROMPT = 'What does the customer want? Draft a reply.';
export const SIGNATURE = '— Sam from Northwind';
export const STORY_TICKET = 1;
export const STORY_TOOLS = ['ticket.read', 'kb.search', 'tickets.search', 'payments.list', 'reply.propose', 'action.propose'];

const WAIT = 20_000;
const TURN = 40_000;

export interface StoryHandles {
  page?: Page;
  panel?: SidePanel;
  raw?: PanelSession;
}

/**
 * The user story, through the real side panel: ask for a draft, watch the tools and the answer,
 * edit the draft, Send…, check the confirm card shows exactly the edited text, Confirm, and
 * check the helpdesk received exactly that, once.
 */
export async function playStory(session: DemoSession, outDir: string, step: Step, t: Transcript, h: StoryHandles): Promise<void> {
  const { context, extensionId } = session.browser;
  const shot = async (name: string, take: (file: string) => Promise<void>) => {
    await take(join(outDir, name));
    t.screenshots.push(name);
  };

  const page = await step('open-ticket', `open ticket ${STORY_TICKET} in the demo helpdesk`, async (d) => {
    const tab = (h.page = await context.newPage());
    await tab.goto(session.ticketUrl(STORY_TICKET), { timeout: WAIT });
    await tab.waitForSelector('.hd-reply', { timeout: WAIT });
    Object.assign(d, { url: tab.url(), title: await tab.title() });
    await shot('01-ticket.png', (f) => pageScreenshot(tab, f));
    return tab;
  });

  const panel = await step('open-side-panel', "open Deskmate's real side panel for the ticket tab", async (d) => {
    const opened = (h.panel = await openRealSidePanel(context, extensionId, page, { timeoutMs: WAIT }));
    h.raw = await attachPanelSession(context, opened, WAIT);
    await opened.waitFor('[data-testid="chat-input"]', { timeoutMs: WAIT });
    Object.assign(d, { panel: opened.url, tabId: opened.tabId, ...(await waitForTicketInPanel(opened, WAIT)) });
    await installProbe(context, opened, WAIT);
    return opened;
  });
  const raw = h.raw!;

  await step('ask', `type "${PROMPT}" and click Send`, async (d) => {
    await panel.fill('[data-testid="chat-input"]', PROMPT, { timeoutMs: WAIT });
    await panel.click('[data-testid="chat-send"]', { timeoutMs: WAIT });
    await panel.waitFor('[data-testid="user-message"]', { timeoutMs: WAIT });
    t.typed = PROMPT;
    d.userMessage = await panel.text('[data-testid="user-message"]');
  });

  await step('tool-calls', `wait for ${STORY_TOOLS.join(', ')} to finish ok`, async (d) => {
    const state = await waitForTools(panel, STORY_TOOLS, TURN);
    d.shown = state.tools;
  });

  await step('answer', 'wait for the streamed answer and the end of the turn', async (d) => {
    const { done, data } = await waitForDone(panel, TURN);
    const events = agentEvents(data);
    t.toolCalls = toolCallsOf(events);
    const deltas = events.filter((e) => e.event.type === 'text_delta').length;
    Object.assign(d, { done: done.event, textDeltas: deltas, modelRequests: session.servers.model.requests().length });
    if (done.event.reason !== 'stop') throw new Error(`the turn ended with ${String(done.event.reason)}: ${String(done.event.message ?? '')}`);
    const texts = await panel.evaluate(() => [...document.querySelectorAll('[data-testid="assistant-message"]')].map((el) => el.textContent ?? ''));
    t.assistantText = texts.join('\n\n');
    if (!t.assistantText.trim()) throw new Error('no assistant-message text after the turn');
    if (deltas === 0) throw new Error('the answer was not streamed (no text_delta events)');
  });

  const proposed = await step('draft', 'wait for the draft card', async (d) => {
    await panel.waitFor('[data-testid="draft-card"] [data-testid="draft-body"]', { timeoutMs: WAIT });
    const body = await panel.evaluate(() => (document.querySelector('[data-testid="draft-body"]') as HTMLTextAreaElement).value);
    t.draft.proposed = body;
    t.draft.subject = (await panel.evaluate(() => document.querySelector('[data-testid="draft-card"] .draft-subject')?.textContent ?? '')) || undefined;
    d.chars = body.length;
    if (!body.trim()) throw new Error('the draft is empty');
    // The question and the tool calls first (the top of the conversation), then the draft.
    await panel.evaluate(() => document.querySelector('[data-testid="user-message"]')?.scrollIntoView({ block: 'start' }));
    await shot('02-panel-question-tools.png', (f) => raw.screenshot(f));
    await panel.evaluate(() => document.querySelector('[data-testid="draft-card"]')?.scrollIntoView({ block: 'center' }));
    await shot('03-panel-draft.png', (f) => raw.screenshot(f));
    return body;
  });

  const edited = await step('edit-draft', `append "${SIGNATURE}" to the draft`, async (d) => {
    const appended = `\n${SIGNATURE}`;
    await panel.evaluate(() => {
      const box = document.querySelector('[data-testid="draft-body"]') as HTMLTextAreaElement;
      box.scrollIntoView({ block: 'center' });
      box.focus();
      box.setSelectionRange(box.value.length, box.value.length);
    });
    await raw.insertText(appended);
    const value = await panel.evaluate(() => (document.querySelector('[data-testid="draft-body"]') as HTMLTextAreaElement).value);
    Object.assign(t.draft, { appended, edited: value });
    d.chars = value.length;
    if (value !== proposed + appended) throw new Error(`the draft box holds ${JSON.stringify(value.slice(-80))}, not the draft plus the signature`);
    return value;
  });

  await step('send', 'click Send… and wait for the confirm card', async (d) => {
    await panel.click('[data-testid="draft-send"]', { timeoutMs: WAIT });
    await waitForConfirmState(panel, ['pending'], WAIT);
    const card = await readConfirmCard(panel);
    Object.assign(t.confirm, { fields: card.fields, body: card.body ?? undefined, state: card.state ?? undefined, bodyEqualsEditedDraft: card.body === edited });
    d.status = card.status;
    // The card from its heading, where its body starts.
    await panel.evaluate(() => document.querySelector('[data-testid="confirm-card"]')?.scrollIntoView({ block: 'start' }));
    await shot('04-panel-confirm.png', (f) => raw.screenshot(f));
    if (card.body !== edited) throw new Error(`confirm-body differs from the edited draft:\n${JSON.stringify(card.body)}\nvs\n${JSON.stringify(edited)}`);
  });

  await step('confirm', 'click Confirm and wait for data-state="sent"', async (d) => {
    // Confirm is offered once the body has been in view to its end and the list under it is in.
    // The body scrolls with the conversation: read down to its end, where the edit is.
    await poll(
      async () =>
        (await panel.evaluate(() => {
          document.querySelector('[data-testid="confirm-body"]')?.scrollIntoView({ block: 'end' });
          return document.querySelector<HTMLButtonElement>('[data-testid="confirm-accept"]')?.disabled === false;
        })) || undefined,
      'Confirm to be offered',
      { timeoutMs: WAIT },
    );
    await panel.click('[data-testid="confirm-accept"]', { timeoutMs: WAIT });
    const state = await waitForConfirmState(panel, ['sent', 'failed', 'refused', 'unknown'], WAIT);
    const card = await readConfirmCard(panel);
    t.confirm.state = state;
    d.status = card.status;
    await shot('05-panel-sent.png', (f) => raw.screenshot(f));
    if (state !== 'sent') throw new Error(`the confirm card says ${state}: ${card.status}`);
  });

  await step('helpdesk', 'check GET /api/sent: exactly one reply, exactly the edited text', async (d) => {
    const sent = (await (await fetch(`${session.servers.helpdesk.url}/api/sent`)).json()) as SentReply[];
    const mine = sent.filter((r) => r.ticketId === STORY_TICKET);
    const record = mine[0];
    Object.assign(t.helpdesk, {
      ticketId: STORY_TICKET,
      sentForTicket: mine.length,
      record,
      textEqualsEditedDraft: record?.text === edited,
      sentOnce: mine.length === 1 && record?.text === edited,
    });
    Object.assign(d, { sentTotal: sent.length, sentForTicket: mine.length });
    // The new reply is the last agent message, at the bottom of the thread.
    await page.locator('.hd-message[data-role="agent"]').last().scrollIntoViewIfNeeded({ timeout: WAIT }).catch(() => undefined);
    await shot('06-ticket-after-send.png', (f) => pageScreenshot(page, f));
    if (mine.length !== 1) throw new Error(`the helpdesk has ${mine.length} replies for ticket ${STORY_TICKET}, not 1`);
    if (record!.text !== edited) throw new Error(`the helpdesk got ${JSON.stringify(record!.text)}, not the edited draft ${JSON.stringify(edited)}`);
  });

  await step('refund', 'review the refund the assistant proposed on its action card, confirm it, and check the order system refunded once', async (d) => {
    const card = '[data-testid="action-card"][data-tool="payments.refund"]';
    await panel.evaluate(() => document.querySelector('[data-testid="action-card"]')?.scrollIntoView({ block: 'center' }));
    const proposal = await panel.text(card, { timeoutMs: WAIT });
    await panel.click(`${card} [data-testid="action-review"]`, { timeoutMs: WAIT });
    await panel.waitFor(`${card} [data-testid="action-confirm-button"]`, { timeoutMs: WAIT });
    await shot('07-panel-action-card.png', (f) => raw.screenshot(f));
    // A hurried agent's double click: still one refund.
    await panel.dblclick(`${card} [data-testid="action-confirm-button"]`, { timeoutMs: WAIT });
    await panel.waitFor(`${card}[data-phase="sent"]`, { timeoutMs: WAIT });
    await shot('08-panel-refunded.png', (f) => raw.screenshot(f));
    const refunds = session.servers.orders.refunds();
    t.orders = { proposal, refunds };
    Object.assign(d, { refunds: refunds.length, capture: refunds[0]?.capture });
    if (refunds.length !== 1) throw new Error(`the order system made ${refunds.length} refunds, not 1`);
    if (!t.draft.proposed?.includes(refunds[0]!.capture)) throw new Error(`the draft does not state the refunded capture ${refunds[0]!.capture}`);
  });
}
