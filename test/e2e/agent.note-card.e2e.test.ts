import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, openRealSidePanel, type ChromiumHarness, type SidePanel } from './harness/chromium';
import { configureChromium, startModel, toolNamesOf, waitForChat, type ModelForExtension } from './harness/chat';
import { clickConfirm, openTicket, startDemoHelpdesk, theCard, TICKET_1, waitIn, type DemoHelpdesk } from './harness/deskmate';

/**
 * The note quick action's card offers "Add as internal note": the site's own note.add, by the
 * agent's click and through the confirm card as every note goes. The model is never offered it.
 */
describe('agent.note-card: a drafted internal note is added only through the confirm card', () => {
  let chromium: ChromiumHarness;
  let helpdesk: DemoHelpdesk;
  let m: ModelForExtension;
  let panel: SidePanel;

  beforeAll(async () => {
    helpdesk = await startDemoHelpdesk();
    m = await startModel({ chunkDelayMs: 1 });
    chromium = await launchChromium();
    await configureChromium(chromium.context, chromium.extensionId, m);
  });
  afterAll(async () => {
    await chromium?.close();
    await m?.model.close();
    await helpdesk?.close();
  });

  it('posts the note card text as a note after Confirm, once, and never as a reply', async () => {
    const page = await openTicket(chromium.context, helpdesk, TICKET_1.id);
    panel = await openRealSidePanel(chromium.context, chromium.extensionId, page);
    await panel.waitFor('[data-testid="ticket-context"]');
    await panel.click('[data-testid="quick-action"][data-action="note"]:not([disabled])');
    await waitForChat(panel, (v) => !v.running && v.users.length === 1 && v.drafts.length === 1, 'the note action to finish with its draft', { timeoutMs: 40_000 });
    // The answer is the ticket's internal-note draft, editable like a reply.
    const noteText = (await waitIn(panel, () => document.querySelector<HTMLTextAreaElement>('[data-testid="draft-card"][data-audience="note"] [data-testid="draft-body"]')?.value, null, 'the note draft')).trim();
    expect(noteText).toContain('Internal note');

    await panel.click('[data-testid="draft-card"][data-audience="note"] [data-testid="note-add"]:not([disabled])');
    const card = await theCard(panel, ['pending']);
    expect(card.fields).toEqual([helpdesk.url, TICKET_1.label]);
    expect(card.body).toContain('Internal note');
    expect(card.body?.trim()).toBe(noteText);
    expect(await panel.text('[data-testid="confirm-audience"]')).toMatch(/your team sees it, the customer does not/);
    expect(await helpdesk.sentLog()).toEqual([]);

    await clickConfirm(panel);
    const done = await theCard(panel, ['sent', 'refused', 'failed', 'unknown'], { timeoutMs: 20_000 });
    expect(done.state, done.status).toBe('sent');
    const sent = await helpdesk.sentLog();
    expect(sent.map((s) => [s.kind, s.ticketId])).toEqual([['note', TICKET_1.id]]);
    expect(sent[0]!.text.trim()).toBe(card.body?.trim());
    // The model was offered read tools only, in every request of the conversation.
    for (const request of m.model.requests()) expect(toolNamesOf(request)).not.toContain('note__add');
    await page.close();
  });
});
