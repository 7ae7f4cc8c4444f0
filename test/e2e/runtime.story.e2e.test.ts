import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchChromium, openRealSidePanel, type ChromiumHarness } from './harness/chromium';
import {
  auditKindsShown,
  auditOf,
  clickConfirm,
  linesOf,
  openTicket,
  replyBody,
  runTool,
  showTab,
  startDemoHelpdesk,
  storedConfirmation,
  theCard,
  TICKET_1,
  toolResult,
  toolsByGrade,
  waitForTools,
  waitIn,
  type DemoHelpdesk,
} from './harness/deskmate';
import { startModel, type ModelForExtension } from './harness/chat';
import { sendFromDraft, useModel } from './harness/drafts';
import { poll } from './harness/wait';

/**
 * The whole story in real Chromium and the REAL side panel: read the ticket, fill the reply
 * box, send through the confirm card, and check what the helpdesk itself received.
 */
describe('runtime.story: read, fill and send on the demo helpdesk from the real side panel', () => {
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

  it('reads, fills without sending, then sends exactly the confirmed body once', async () => {
    const page = await openTicket(chromium.context, helpdesk, TICKET_1.id);
    const panel = await openRealSidePanel(chromium.context, chromium.extensionId, page);
    await showTab(panel, 'Page');
    await waitForTools(panel, ['ticket.read', 'reply.fill']);

    // The page actions, grouped by grade; what sends has no form here, only a line saying where it is.
    expect(await toolsByGrade(panel)).toEqual({ read: ['ticket.read', 'tickets.search'], write: ['reply.fill'] });
    expect(await panel.text('[data-testid="send-from-chat"]')).toMatch(/\S/);

    // Read: the ticket's subject and a customer's message.
    await runTool(panel, 'ticket.read');
    const read = await toolResult(panel, 'ticket.read');
    expect(read).toContain(TICKET_1.subject);
    expect(read).toContain('The card ends in 4417');

    // Write: the page's editor takes the text; nothing leaves.
    const draft = 'A draft for the reply box — not sent';
    await runTool(panel, 'reply.fill', draft);
    await toolResult(panel, 'reply.fill');
    await page.waitForFunction(
      (text) => document.querySelector('.hd-reply .hd-editor')?.textContent === text,
      draft,
      { timeout: 10_000 },
    );
    expect(await page.inputValue('.hd-reply textarea[name="body"]')).toContain('A draft for the reply box');
    expect(await helpdesk.sentLog()).toEqual([]);

    // Send, from the ticket's draft: the card shows exactly what will go out, and nothing goes before Confirm.
    const body = replyBody('story');
    await sendFromDraft(panel, m.model, body);
    const card = await theCard(panel, ['pending']);
    expect(card.fields).toEqual([helpdesk.url, TICKET_1.label, TICKET_1.recipient, `Re: ${TICKET_1.subject}`]);
    expect(card.body).toBe(body);
    expect(await helpdesk.sentLog()).toEqual([]);
    const record = await storedConfirmation(panel, panel.tabId, body);
    expect(record.status).toBe('pending');
    // The box still holds the text filled above: the card shows it, and Confirm waits for the agent's choice.
    expect(await panel.text('[data-testid="confirm-box-text"]')).toBe(draft);
    expect(card.canAccept).toBe(false);
    await panel.click('[data-testid="confirm-box-replace"]');

    await clickConfirm(panel);

    const done = await theCard(panel, ['sent', 'refused', 'failed', 'unknown'], { timeoutMs: 20_000 });
    expect(done.state, done.status).toBe('sent');
    const sent = await helpdesk.sentLog();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.ticketId).toBe(TICKET_1.id);
    expect(linesOf(sent[0]!.text)).toEqual(linesOf(body));
    expect(sent[0]!.text).toBe(body);

    // The reply is in the ticket page's thread, as the page shows it.
    const lastAgentMessage = () =>
      page.evaluate(() => {
        const agents = document.querySelectorAll<HTMLElement>('.hd-thread > .hd-message[data-role="agent"] .hd-message-body');
        return agents[agents.length - 1]?.innerText ?? '';
      });
    expect(linesOf(await lastAgentMessage()).map((l) => l.trim())).toEqual(linesOf(body));

    // The audit: prepare, confirm, sent for this confirmation, and the Audit view lists them.
    expect((await auditOf(panel, record.id)).map((e) => e.kind)).toEqual(['prepare', 'confirm', 'sent']);
    await showTab(panel, 'Audit');
    const kinds = await poll(
      async () => {
        const shown = await auditKindsShown(panel);
        return ['prepare', 'confirm', 'sent'].every((k) => shown.includes(k)) ? shown : undefined;
      },
      'the Audit view to list prepare, confirm and sent',
    );
    expect(kinds.filter((k) => ['prepare', 'confirm', 'sent'].includes(k)).sort()).toEqual(['confirm', 'prepare', 'sent']);
    await waitIn(
      panel,
      (digest: string) => [...document.querySelectorAll('[data-testid="audit-entry"]')].some((e) => e.querySelector(`[title="${digest}"]`)),
      record.digest,
      'an audit entry with the digest of the confirmed payload',
    );

    await panel.close();
    await page.close();
  });
});
