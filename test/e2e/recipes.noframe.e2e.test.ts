import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchChromium, openRealSidePanel, type ChromiumHarness, type SidePanel } from './harness/chromium';
import { ask, configureChromium, startModel, waitForChat, type ModelForExtension } from './harness/chat';
import { clickConfirm, theCard } from './harness/deskmate';
import { startFixtureHelpdesk, uniqueFixtureDraft, type FixtureHelpdesk } from './harness/fixture-helpdesk';
import { importRecipeInChromium } from './harness/recipe-import';
import { poll } from './harness/wait';

/**
 * Issue 29, fix 1, in Chromium: a helpdesk whose reply form is on a page of its own and that
 * refuses to be framed on every page (X-Frame-Options: DENY, frame-ancestors 'none'), with a
 * recipe in the README's "reply on its own page" shape. Send… on the ticket opens the reply page
 * in the tab, the card follows and says it posts from there, and Confirm posts exactly once.
 */
describe('recipes: a reply page the helpdesk will not show in a frame', () => {
  let chromium: ChromiumHarness;
  let helpdesk: FixtureHelpdesk;
  let m: ModelForExtension;
  let page: Page | undefined;
  let panel: SidePanel | undefined;
  let draft = '';

  beforeAll(async () => {
    helpdesk = await startFixtureHelpdesk();
    m = await startModel({ chunkDelayMs: 2 });
    chromium = await launchChromium();
    await configureChromium(chromium.context, chromium.extensionId, m);
  });
  afterAll(async () => {
    await panel?.close().catch(() => undefined);
    await chromium?.close();
    await m?.model.close();
    await helpdesk?.close();
  });
  beforeEach(() => {
    helpdesk.reset();
    m.model.reset();
    draft = uniqueFixtureDraft();
    m.model.script([{ toolCalls: [{ name: 'reply__propose', arguments: { body: draft } }] }, { text: 'The draft is in the card.' }]);
  });

  // /ckeditor/ is Request Tracker's shape: the real CKEditor 4, which copies its text into the form only on submit.
  // Request Tracker's recipe has no `role` (its entries show none): every message reads as the customer's.
  it.each([
    ['noframe', 'with roles'],
    ['ckeditor', 'with roles'],
    ['ckeditor', 'without roles'],
  ] as const)('/%s/ (%s): Send… opens the reply page in the tab, the card says so, Confirm posts there once and ends in "sent"', async (shape, roles) => {
    await importRecipeInChromium(chromium.context, chromium.extensionId, `fixture-${shape}`, helpdesk.origin, roles === 'with roles' ? undefined : (r) => delete r.read.role);
    await page?.close();
    page = await chromium.context.newPage();
    await page.goto(helpdesk.url(`/${shape}/tickets/5`));
    await panel?.close().catch(() => undefined);
    panel = await openRealSidePanel(chromium.context, chromium.extensionId, page);
    await panel.waitFor('[data-testid="chat-input"]');
    await ask(panel, 'Draft a reply to Ines.');
    await waitForChat(panel, (v) => !v.running && v.drafts.length === 1, 'the draft card');
    await poll(
      () => panel!.evaluate(() => (document.querySelector<HTMLButtonElement>('[data-testid="draft-send"]')?.disabled === false ? true : undefined)),
      'Send… to be offered by the recipe',
    );
    await panel.click('[data-testid="draft-send"]');
    const card = await theCard(panel, ['pending']);
    expect(card.body).toBe(draft);
    expect(card.fields).toEqual([helpdesk.origin, '#5', 'Ines Duarte <ines@example.org>', 'Re: Parcel arrived damaged']);
    // The tab is on the reply page now, and the card, which followed it, says it posts from there.
    await poll(async () => (new URL(page!.url()).pathname === `/${shape}/tickets/5/reply` ? true : undefined), 'the tab to show the reply page');
    await page.waitForSelector(shape === 'ckeditor' ? 'iframe.cke_wysiwyg_frame' : '#editor-frame');
    expect(await panel.text('[data-testid="confirm-from"]')).toMatch(/hidden frame\).*\/tickets\/5\/reply$/);
    expect(await panel.evaluate(() => [...document.querySelectorAll('[data-testid="confirm-effects"] li')].map((li) => li.getAttribute('data-effect')))).toEqual(['may_change']);
    expect(helpdesk.sent()).toEqual([]);
    await clickConfirm(panel);
    // The post loads the ticket page again: that page settles the card.
    const done = await theCard(panel, ['sent', 'refused', 'failed'], { timeoutMs: 30_000 });
    expect(done.state, done.status).toBe('sent');
    expect(helpdesk.sent()).toEqual([{ shape, ticketId: 5, text: draft }]);
    expect(new URL(page.url()).pathname).toBe(`/${shape}/tickets/5`);
    await page.waitForSelector('.thread > .post[data-role="agent"]');
  });
});
