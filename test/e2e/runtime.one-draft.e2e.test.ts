import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchChromium, openRealSidePanel, type ChromiumHarness, type SidePanel } from './harness/chromium';
import { startModel, turnEnded, waitForChat, type ModelForExtension } from './harness/chat';
import { confirmCards, openTicket, readWholeBody, startDemoHelpdesk, TICKET_1, type DemoHelpdesk } from './harness/deskmate';
import { clickDraftSend, draftShown, proposeDraft, useModel, waitForDraft } from './harness/drafts';
import { poll } from './harness/wait';

const EDITOR = '.hd-reply .hd-editor';
const TYPED = 'Hi Maria, quick note from me before the details.';

/**
 * The ticket's one draft and what Send… does around it, in real Chromium with the demo helpdesk:
 * a rewrite changes the draft in place and keeps what it read before; a second Send… on a
 * ticket already replied to says so; and text the agent typed in the helpdesk's own reply box
 * is never lost by Send…: the card says what posting would replace and waits for a choice.
 */
describe('runtime.one-draft: one draft per ticket, and Send… never loses what the agent typed', () => {
  let chromium: ChromiumHarness;
  let helpdesk: DemoHelpdesk;
  let m: ModelForExtension;
  let page: Page | undefined;
  let panel: SidePanel | undefined;
  let run = 0;
  /** This test's reply: a text sent by an earlier test would open that send's card instead. */
  let BODY = '';

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
    BODY = `Hi Maria,\n\nthe duplicate charge of EUR 89.90 is refunded (${run}).\n\nBest,\nSam`;
    page = await openTicket(chromium.context, helpdesk, TICKET_1.id);
    panel = await openRealSidePanel(chromium.context, chromium.extensionId, page);
  });

  const sentTexts = async () => (await helpdesk.sentLog()).map((s) => s.text);
  const boxText = () => page!.evaluate((s) => document.querySelector<HTMLElement>(s)!.innerText, EDITOR);
  const onlyCard = async (states: string[]) =>
    poll(async () => {
      const cards = await confirmCards(panel!);
      return cards.length === 1 && states.includes(cards[0]!.state) && !cards[0]!.reviewing ? cards[0] : undefined;
    }, `one card in ${states.join('/')}`, { timeoutMs: 20_000 });
  const testId = (id: string) => panel!.evaluate((t: string) => document.querySelector(`[data-testid="${t}"]`)?.textContent ?? null, id);
  const disabled = (id: string) => panel!.evaluate((t: string) => document.querySelector<HTMLButtonElement>(`[data-testid="${t}"]`)?.disabled ?? null, id);

  it('a rewrite leaves one draft, changed in place, with the text before it as an earlier version to go back to', async () => {
    await proposeDraft(panel!, m.model, BODY);
    const shorter = 'Hi Maria,\n\nrefunded: EUR 89.90.\n\nSam';
    m.model.script([{ toolCalls: [{ name: 'reply__propose', arguments: { body: shorter } }] }, { text: 'Shorter, in the card.' }]);
    await panel!.click('[data-testid="draft-card"] [data-testid="quick-action"][data-action="shorter"]');
    await waitForDraft(panel!, shorter);
    await turnEnded(panel!, 'the rewrite');
    expect(await panel!.evaluate(() => document.querySelectorAll('[data-testid="draft-card"]').length, null)).toBe(1);
    // The rewrite was asked with the agent's draft, and the draft before it is kept.
    expect(JSON.stringify(m.model.requests().at(-2))).toContain('Quick action: shorter');
    await panel!.click('[data-testid="draft-versions"] summary');
    const versions = await panel!.evaluate(() => [...document.querySelectorAll('[data-testid="draft-version"] .draft-version-text')].map((e) => e.textContent), null);
    expect(versions).toEqual([BODY]);
    await panel!.click('[data-testid="draft-restore"]');
    await waitForDraft(panel!, BODY);
    // One Send… for the ticket, and it sends the version shown.
    await clickDraftSend(panel!);
    expect((await onlyCard(['pending'])).body).toBe(BODY);
  });

  it('a second Send… on a ticket already replied to says so on its card, from the background’s records', async () => {
    await proposeDraft(panel!, m.model, BODY);
    await clickDraftSend(panel!);
    await onlyCard(['pending']);
    expect(await testId('confirm-replied')).toBeNull();
    await readWholeBody(panel!);
    await panel!.click('[data-testid="confirm-accept"]');
    const sent = await onlyCard(['sent']);
    expect(sent.status).toBe('Sent. The reply is in the ticket.');
    expect(await testId('confirm-send-again')).toBe('Send again…');
    // The sent card's title says so; its Send again is not the main button.
    expect(await panel!.evaluate(() => document.querySelector('[data-testid="confirm-card"] h2')?.textContent, null)).toBe('Sent');
    expect(await panel!.evaluate(() => document.querySelector('[data-testid="confirm-send-again"]')?.className, null)).not.toContain('btn-send');
    // A reopened panel knows nothing of the send but what the background says.
    await panel!.close();
    panel = await openRealSidePanel(chromium.context, chromium.extensionId, page!);
    // The reopened panel gets the conversation from the background a moment after it opens: asked
    // before that, the question would be counted against an empty chat.
    await waitForChat(panel, (v) => v.users.length === 1 && !v.running, 'the conversation in the reopened panel');
    const edited = `${BODY}\nP.S. Sorry for the trouble.`;
    await proposeDraft(panel, m.model, edited);
    await clickDraftSend(panel);
    await poll(async () => ((await confirmCards(panel!)).some((c) => c.state === 'pending' && !c.reviewing) ? true : undefined), 'the second card');
    expect(await testId('confirm-replied')).toMatch(/^You replied to this ticket at \d{1,2}:\d{2}.* — send another\?$/);
    expect(await testId('confirm-accept')).toBe('Send another reply');
    expect(await sentTexts()).toEqual([BODY]);
  });

  it("text typed in the helpdesk's box: the card shows it and holds Confirm; Insert instead keeps it and posts nothing", async () => {
    await page!.fill(EDITOR, TYPED);
    await proposeDraft(panel!, m.model, BODY);
    await clickDraftSend(panel!);
    await onlyCard(['pending']);
    expect(await testId('confirm-box-text')).toBe(TYPED);
    // Read to its end, the card still holds Confirm: the agent has not chosen yet.
    await panel!.evaluate(() => {
      const body = document.querySelector('[data-testid="confirm-body"]')!;
      body.scrollTop = body.scrollHeight;
    }, null);
    expect(await disabled('confirm-accept')).toBe(true);
    await panel!.click('[data-testid="confirm-box-instead"]');
    const withdrawn = await onlyCard(['refused']);
    expect(withdrawn.status).toMatch(/^Not sent: the draft is in the helpdesk's reply box with your text/);
    const box = await boxText();
    expect(box).toContain(TYPED);
    expect(box.replace(/\s+/g, ' ')).toContain(BODY.replace(/\s+/g, ' '));
    // The draft starts on a line of its own after the agent's text, not glued to its last word.
    const after = box.indexOf(TYPED) + TYPED.length;
    expect(box.slice(after, box.indexOf(BODY.split('\n')[0]!, after))).toContain('\n');
    expect(await sentTexts()).toEqual([]);
  });

  it("text typed in the helpdesk's box is replaced only on the agent's word, and text typed after Send… stops the send", async () => {
    await page!.fill(EDITOR, TYPED);
    await proposeDraft(panel!, m.model, BODY);
    await clickDraftSend(panel!);
    await onlyCard(['pending']);
    await panel!.click('[data-testid="confirm-box-replace"]');
    await readWholeBody(panel!);
    await panel!.click('[data-testid="confirm-accept"]');
    await onlyCard(['sent']);
    expect(await sentTexts()).toEqual([BODY]);

    // Typed between Send… and Confirm: the card did not show it, so nothing goes and it stays.
    const next = `${BODY}\n(second)`;
    await proposeDraft(panel!, m.model, next);
    await clickDraftSend(panel!);
    await poll(async () => ((await confirmCards(panel!)).some((c) => c.state === 'pending' && !c.reviewing) ? true : undefined), 'the second card');
    expect(await testId('confirm-box')).toBeNull();
    await page!.fill(EDITOR, TYPED);
    await readWholeBody(panel!);
    await panel!.click('[data-testid="confirm-accept"]');
    const failed = await poll(async () => (await confirmCards(panel!)).find((c) => c.state === 'failed'), 'the refused delivery', { timeoutMs: 20_000 });
    expect(failed.status).toContain('holds text the card did not show');
    expect(await boxText()).toBe(TYPED);
    expect(await sentTexts()).toEqual([BODY]);
    expect(await draftShown(panel!)).toBe(next);
  });
});
