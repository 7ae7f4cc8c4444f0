import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchChromium, openRealSidePanel, type ChromiumHarness } from './harness/chromium';
import {
  auditKindsShown,
  clickConfirm,
  openTicket,
  runTool,
  showTab,
  startDemoHelpdesk,
  theCard,
  TICKET_1,
  toolResult,
  waitForTools,
  waitIn,
  type DemoHelpdesk,
} from './harness/deskmate';
import { startModel, type ModelForExtension } from './harness/chat';
import { sendFromDraft, useModel } from './harness/drafts';
import { panelScreenshot } from './harness/screenshots';
import { poll } from './harness/wait';

/**
 * An internal note is posted at once and seen by the team: it is a send. In real Chromium
 * and the real side panel, the note goes through the confirm card, which says who sees it,
 * reaches the helpdesk only after Confirm, and every write and send shows in the Audit view.
 */
describe('runtime.note: an internal note through the confirm card, writes and sends in the audit', () => {
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

  it('adds a note only after Confirm on a card that says the customer does not see it', async () => {
    const page = await openTicket(chromium.context, helpdesk, TICKET_1.id);
    const panel = await openRealSidePanel(chromium.context, chromium.extensionId, page);
    await showTab(panel, 'Page');
    await waitForTools(panel, ['reply.fill']);

    // A write: the reply box is filled, nothing leaves, and the sidebar says it was done.
    await runTool(panel, 'reply.fill', 'Hi Maria, checking this now.');
    expect(await toolResult(panel, 'reply.fill')).toMatch(/\S/);
    expect(await helpdesk.sentLog()).toEqual([]);

    const note = 'Finance approved the duplicate refund.\nWaiting for the bank to confirm.';
    // The Internal note action's answer is the ticket's note draft; its Add as internal note… prepares the card.
    await sendFromDraft(panel, m.model, note, 'note');
    const card = await theCard(panel, ['pending']);
    expect(card.fields).toEqual([helpdesk.url, TICKET_1.label]);
    expect(card.body).toBe(note);
    const audience = await panel.text('[data-testid="confirm-audience"]');
    expect(audience).toMatch(/your team sees it, the customer does not/);
    expect(await helpdesk.sentLog()).toEqual([]);
    await panelScreenshot(chromium.context, panel, 'note-confirm-card');

    await clickConfirm(panel);
    const done = await theCard(panel, ['sent', 'refused', 'failed', 'unknown'], { timeoutMs: 20_000 });
    expect(done.state, done.status).toBe('sent');
    expect(done.status).toMatch(/note is in the ticket/i);
    const sent = await helpdesk.sentLog();
    expect(sent.map((s) => [s.kind, s.ticketId, s.text])).toEqual([['note', TICKET_1.id, note]]);
    await page.waitForFunction(
      () => document.querySelectorAll('.hd-thread > .hd-message[data-role="internal"]').length > 0,
      null,
      { timeout: 10_000 },
    );
    await panelScreenshot(chromium.context, panel, 'note-added');

    await showTab(panel, 'Audit');
    const kinds = await poll(
      async () => {
        const shown = await auditKindsShown(panel);
        return ['write', 'prepare', 'confirm', 'sent'].every((k) => shown.includes(k)) ? shown : undefined;
      },
      'the Audit view to list the write and the note',
    );
    expect(kinds).toEqual(['sent', 'confirm', 'prepare', 'write']);
    await waitIn(panel, () => document.querySelector('[data-testid="audit-entry"]')?.textContent?.includes('note.add'), null, 'the note in the audit');
    await panelScreenshot(chromium.context, panel, 'audit-after-note');

    await panel.close();
    await page.close();
  });
});
