import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchChromium, openRealSidePanel, type ChromiumHarness, type SidePanel } from './harness/chromium';
import { ask, configureChromium, startModel, waitForChat, type ModelForExtension } from './harness/chat';
import { clickConfirm, theCard } from './harness/deskmate';
import { uniqueFixtureDraft, startFixtureHelpdesk, type FixtureHelpdesk } from './harness/fixture-helpdesk';
import { importRecipeInChromium } from './harness/recipe-import';
import { poll } from './harness/wait';

let DRAFT = '';

/**
 * Exactly once, as the agent sees it, in Chromium: a send whose page goes away mid-post is
 * shown as unknown, never failed, and settles by itself from the page loaded next, whichever
 * page that is; each helpdesk counts what it received.
 */
describe('runtime.exactly-once: the page loaded after a send settles it', () => {
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
    // Each test its own reply: the same reply again to the same ticket would show the sent card.
    DRAFT = uniqueFixtureDraft();
    m.model.script([{ toolCalls: [{ name: 'reply__propose', arguments: { body: DRAFT } }] }, { text: 'The draft is in the card.' }]);
  });

  /**
   * Draft, Send…, Confirm on a ticket of `shape`, with the shape's recipe applied. For
   * /midpost/, the page the post reloads into is held until the returned release is called.
   */
  async function confirmOn(shape: 'next' | 'midpost'): Promise<() => void> {
    await importRecipeInChromium(chromium.context, chromium.extensionId, `fixture-${shape}`, helpdesk.origin);
    page = await chromium.context.newPage();
    await page.goto(helpdesk.url(`/${shape}/tickets/5`));
    panel = await openRealSidePanel(chromium.context, chromium.extensionId, page);
    await panel.waitFor('[data-testid="chat-input"]');
    await ask(panel, 'Draft a reply to Ines.');
    await waitForChat(panel, (v) => !v.running && v.drafts.length === 1, 'the draft card');
    await poll(
      () => panel!.evaluate(() => (document.querySelector<HTMLButtonElement>('[data-testid="draft-send"]')?.disabled === false ? true : undefined)),
      'Send… to be offered by the recipe',
    );
    await panel.click('[data-testid="draft-send"]');
    expect((await theCard(panel, ['pending'])).body).toBe(DRAFT);
    const release = shape === 'midpost' ? helpdesk.holdMidpostPages() : () => undefined;
    await clickConfirm(panel);
    return release;
  }

  it('"send and next": the helpdesk lands on its mailbox, and the card ends in sent by itself', async () => {
    await confirmOn('next');
    const done = await theCard(panel!, ['sent'], { timeoutMs: 30_000 });
    expect(done.state).toBe('sent');
    expect(new URL(page!.url()).pathname).toBe('/next/mailbox');
    expect(helpdesk.sent()).toEqual([{ shape: 'next', ticketId: 5, text: DRAFT }]);
    expect(await page!.$$('iframe')).toHaveLength(0); // the frame the thread was read in is gone
  });

  it('a reload mid-post: "Outcome unknown" with Check the ticket, then sent once the page is back', async () => {
    const release = await confirmOn('midpost');
    const unknown = await theCard(panel!, ['unknown', 'sent', 'failed'], { timeoutMs: 20_000 });
    expect(unknown.state, unknown.status).toBe('unknown');
    expect(unknown.status).toMatch(/^Outcome unknown/);
    expect(unknown.canCheck).toBe(true);
    release(); // the page comes back and settles it
    const done = await theCard(panel!, ['sent'], { timeoutMs: 30_000 });
    expect(done.state).toBe('sent');
    expect(helpdesk.sent()).toEqual([{ shape: 'midpost', ticketId: 5, text: DRAFT }]);
  });

  it('no second card: a double click on Send…, then Send… again on the draft, open one card, and Confirm posts once', async () => {
    await importRecipeInChromium(chromium.context, chromium.extensionId, 'fixture-midpost', helpdesk.origin);
    page = await chromium.context.newPage();
    await page.goto(helpdesk.url('/midpost/tickets/5'));
    panel = await openRealSidePanel(chromium.context, chromium.extensionId, page);
    await panel.waitFor('[data-testid="chat-input"]');
    await ask(panel, 'Draft a reply to Ines.');
    await waitForChat(panel, (v) => !v.running && v.drafts.length === 1, 'the draft card');
    await poll(
      () => panel!.evaluate(() => (document.querySelector<HTMLButtonElement>('[data-testid="draft-send"]')?.disabled === false ? true : undefined)),
      'Send… to be offered by the recipe',
    );
    await panel.dblclick('[data-testid="draft-send"]');
    await theCard(panel, ['pending']);
    await poll(
      () => panel!.evaluate(() => (document.querySelector<HTMLButtonElement>('[data-testid="draft-send"]')?.disabled === false ? true : undefined)),
      'Send… to be offered again',
    );
    await panel.click('[data-testid="draft-send"]');
    await new Promise((r) => setTimeout(r, 500));
    expect((await theCard(panel, ['pending'])).body).toBe(DRAFT); // theCard insists on exactly one card
    await clickConfirm(panel);
    await theCard(panel, ['sent'], { timeoutMs: 30_000 });
    expect(helpdesk.sent()).toEqual([{ shape: 'midpost', ticketId: 5, text: DRAFT }]);
  });
});
