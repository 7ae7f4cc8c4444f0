import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchChromium, openRealSidePanel, type ChromiumHarness, type SidePanel } from './harness/chromium';
import { ask, configureChromium, startModel, waitForChat, type ModelForExtension } from './harness/chat';
import { FIXTURE_DRAFT as DRAFT, insertStatus, pageReadResult, startFixtureHelpdesk, type FixtureHelpdesk } from './harness/fixture-helpdesk';
import { waitIn } from './harness/deskmate';
import { poll } from './harness/wait';

/**
 * Insert anywhere, no setup, in Chromium: a helpdesk no adapter or recipe knows, whose reply
 * form is on a separate page with an iframe editor mirrored into a hidden field on submit.
 */
describe('insert-anywhere: zero-config insert on a separate reply page with an iframe editor', () => {
  let chromium: ChromiumHarness;
  let helpdesk: FixtureHelpdesk;
  let m: ModelForExtension;
  let page: Page | undefined;
  let panel: SidePanel | undefined;

  beforeAll(async () => {
    helpdesk = await startFixtureHelpdesk();
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
    helpdesk.reset();
    m.model.reset();
    m.model.script([{ toolCalls: [{ name: 'reply__propose', arguments: { body: DRAFT } }] }, { text: 'The draft is in the card.' }]);
  });

  async function draftOnTicketPage(): Promise<{ page: Page; panel: SidePanel }> {
    page = await chromium.context.newPage();
    await page.goto(helpdesk.url('/iframe/tickets/5'));
    panel = await openRealSidePanel(chromium.context, chromium.extensionId, page);
    await panel.waitFor('[data-testid="chat-input"]');
    await ask(panel, 'Draft a reply to Ines.');
    await waitForChat(panel, (v) => !v.running && v.drafts.length === 1, 'the draft card');
    return { page, panel };
  }

  async function openReplyPage(page: Page, panel: SidePanel): Promise<void> {
    await page.click('#reply-link');
    await page.waitForURL(/\/reply$/);
    await page.frameLocator('#editor-frame').locator('body[contenteditable]').waitFor();
    // The draft stayed in the sidebar, and Insert is offered on the new page.
    await waitForChat(panel, (v) => v.drafts.length === 1 && v.drafts[0] === DRAFT, 'the draft after the move to the reply page');
    await waitIn(panel, () => document.querySelector<HTMLButtonElement>('[data-testid="draft-insert"]')?.disabled === false, null, 'Insert to be offered');
  }

  it('click in the box, Insert, the helpdesk’s own button: the helpdesk receives exactly the draft, once', async () => {
    const { page, panel } = await draftOnTicketPage();
    await openReplyPage(page, panel);
    await page.frameLocator('#editor-frame').locator('body').click();

    await panel.click('[data-testid="draft-insert"]');
    const status = await waitIn(panel, insertStatus, null, 'the insert status');
    expect(status).toMatch(/inserted/i);
    expect(helpdesk.sent()).toEqual([]);
    // Single-spaced as typed: lines end in line breaks, not a paragraph each (which a rich editor,
    // osTicket's Redactor, shows with a blank line between every two lines).
    const shape = await page.frameLocator('#editor-frame').locator('body').evaluate((b) => ({ blocks: b.querySelectorAll('p, div').length, breaks: b.querySelectorAll('br').length }));
    expect(shape).toEqual({ blocks: 0, breaks: DRAFT.split('\n').length - 1 });

    await page.click('#post');
    await page.waitForURL(/\/iframe\/tickets\/5$/);
    const sent = await poll(async () => (helpdesk.sent().length ? helpdesk.sent() : undefined), 'the helpdesk to log the post');
    expect(sent).toEqual([{ shape: 'iframe', ticketId: 5, text: DRAFT }]);
  });

  it('goes in at the caret: what the agent typed stays, and the editor’s undo takes the insert back', async () => {
    const { page, panel } = await draftOnTicketPage();
    await openReplyPage(page, panel);
    const body = page.frameLocator('#editor-frame').locator('body');
    await body.click();
    await page.keyboard.type('Typed first. ');

    await panel.click('[data-testid="draft-insert"]');
    await waitIn(panel, insertStatus, null, 'the insert status');
    expect(await body.innerText()).toMatch(/^Typed first\. Hi Ines,/);

    await body.click();
    await page.keyboard.press('Control+z');
    expect((await body.innerText()).trim()).toBe('Typed first.');
  });

  it('reads the page: Readability, which no page load parses, is loaded into the tab when the model first reads it', async () => {
    m.model.reset();
    m.model.script([{ toolCalls: [{ name: 'page__read', arguments: {} }] }, { text: 'Ines asks for a new lamp.' }]);
    page = await chromium.context.newPage();
    await page.goto(helpdesk.url('/iframe/tickets/5'));
    panel = await openRealSidePanel(chromium.context, chromium.extensionId, page);
    await panel.waitFor('[data-testid="chat-input"]');
    await ask(panel, 'What does this page say?');
    await waitForChat(panel, (v) => !v.running && v.assistants.some((a) => a.text.includes('new lamp')), 'the answer after the read');
    const read = pageReadResult(m.model.requests());
    expect(read).toContain('The box was crushed and the lamp inside is broken.');
    expect(read).not.toContain('"ok":false');
  });
});
