import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startModel, turnEnded, type ModelForExtension } from './harness/chat';
import { confirmCards, readWholeBody, startDemoHelpdesk, TICKET_1, type DemoHelpdesk, type Driver } from './harness/deskmate';
import { clickDraftSend, proposeDraft, waitForDraft } from './harness/drafts';
import { launchFirefox, openFirefoxPage, type FirefoxHarness } from './harness/firefox';
import { firefoxDriver } from './harness/firefox-driver';
import { configureFirefox, openSidebarFor } from './harness/firefox-sidebar';
import { poll } from './harness/wait';

const EDITOR = '.hd-reply .hd-editor';
const TYPED = 'Hi Maria, quick note from me before the details.';

/**
 * The ticket's one draft and Send… in Firefox ESR: a rewrite changes the draft in place and keeps
 * the text before as a version; a second Send… on a ticket already replied to says so; text the
 * agent typed in the helpdesk's own reply box is shown on the card, and kept unless the agent
 * chooses to replace it.
 */
describe('firefox.one-draft: one draft per ticket, and Send… never loses what the agent typed', () => {
  let firefox: FirefoxHarness;
  let helpdesk: DemoHelpdesk;
  let m: ModelForExtension;
  const open: Page[] = [];
  let run = 0;
  let BODY = '';
  let ticket: Page;
  let d: Driver;

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
    run += 1;
    BODY = `Hi Maria,\n\nthe duplicate charge of EUR 89.90 is refunded (${run}).\n\nBest,\nSam`;
    const url = helpdesk.ticketUrl(TICKET_1.id);
    ticket = await openFirefoxPage(firefox, url);
    open.push(ticket);
    await ticket.waitForSelector(`.hd-ticket[data-ticket-id="${TICKET_1.id}"]`);
    const { sidebarPage } = await openSidebarFor(firefox, url);
    open.push(sidebarPage);
    d = firefoxDriver(sidebarPage);
  });

  const sentTexts = async () => (await helpdesk.sentLog()).map((s) => s.text);
  const boxText = () => ticket.evaluate((s) => document.querySelector<HTMLElement>(s)!.innerText, EDITOR);
  const typeInBox = async (text: string) => {
    await ticket.click(EDITOR);
    await ticket.keyboard.type(text);
  };
  const pendingCard = () => poll(async () => (await confirmCards(d)).find((c) => c.state === 'pending' && !c.reviewing), 'a card to confirm', { timeoutMs: 20_000 });
  const testId = (id: string) => d.evaluate((t: string) => document.querySelector(`[data-testid="${t}"]`)?.textContent ?? null, id);

  it('a rewrite leaves one draft, with the text before it as an earlier version to go back to', async () => {
    await proposeDraft(d, m.model, BODY);
    const formal = BODY.replace('Hi Maria', 'Dear Maria');
    m.model.script([{ toolCalls: [{ name: 'reply__propose', arguments: { body: formal } }] }, { text: 'More formal, in the card.' }]);
    await d.click('[data-testid="draft-card"] [data-testid="quick-action"][data-action="formal"]');
    await waitForDraft(d, formal);
    await turnEnded(d, 'the rewrite');
    expect(await d.evaluate(() => document.querySelectorAll('[data-testid="draft-card"]').length, null)).toBe(1);
    expect(await d.evaluate(() => [...document.querySelectorAll('[data-testid="draft-version"] .draft-version-text')].map((e) => e.textContent), null)).toEqual([BODY]);
    await d.click('[data-testid="draft-versions"] summary');
    await d.click('[data-testid="draft-restore"]');
    await waitForDraft(d, BODY);
  });

  it('a second Send… on the ticket says when the first reply went, and the sent card reads Sent', async () => {
    await proposeDraft(d, m.model, BODY);
    await clickDraftSend(d);
    await pendingCard();
    await readWholeBody(d);
    await d.click('[data-testid="confirm-accept"]');
    await poll(async () => ((await confirmCards(d)).some((c) => c.state === 'sent') ? true : undefined), 'sent', { timeoutMs: 20_000 });
    expect(await d.evaluate(() => document.querySelector('[data-testid="confirm-card"] h2')?.textContent, null)).toBe('Sent');
    await proposeDraft(d, m.model, `${BODY}\nP.S.`);
    await clickDraftSend(d);
    await pendingCard();
    expect(await testId('confirm-replied')).toMatch(/^You replied to this ticket at .+ — send another\?$/);
    expect(await sentTexts()).toEqual([BODY]);
  });

  it("text typed in the helpdesk's box: shown on the card, kept by Insert instead, and never posted", async () => {
    await typeInBox(TYPED);
    await proposeDraft(d, m.model, BODY);
    await clickDraftSend(d);
    await pendingCard();
    expect(await testId('confirm-box-text')).toBe(TYPED);
    expect(await d.evaluate(() => document.querySelector<HTMLButtonElement>('[data-testid="confirm-accept"]')!.disabled, null)).toBe(true);
    await d.click('[data-testid="confirm-box-instead"]');
    await poll(async () => ((await confirmCards(d)).some((c) => c.state === 'refused') ? true : undefined), 'the card withdrawn');
    const box = await boxText();
    expect(box).toContain(TYPED);
    expect(box.replace(/\s+/g, ' ')).toContain(BODY.replace(/\s+/g, ' '));
    expect(await sentTexts()).toEqual([]);
  });
});
