import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect } from 'vitest';
import { attack } from './attack';
import { launchChromium, openRealSidePanel, type ChromiumHarness, type SidePanel } from '../e2e/harness/chromium';
import { ask, configureChromium, startModel, waitForChat, type ModelForExtension } from '../e2e/harness/chat';
import { clickConfirm, sendToBackground, sendToBackgroundSlow, storedConfirmation, storedConfirmations, theCard } from '../e2e/harness/deskmate';
import { startFixtureHelpdesk, uniqueFixtureDraft, type FixtureHelpdesk } from '../e2e/harness/fixture-helpdesk';
import { importRecipeInChromium } from '../e2e/harness/recipe-import';
import { poll } from '../e2e/harness/wait';

/**
 * Reply pages that refuse frames (Send… opens them in the agent's tab, Confirm posts there) and
 * editors that copy into the form only on submit (the real CKEditor 4), from the attacker's side,
 * in the built extension in Chromium. The attacker is the page: its scripts move the tab between
 * Send… and Confirm (to another ticket, to another origin with the same path), or rewrite the
 * editor's text as the form is submitted after Confirm. Promised: nothing is posted anywhere but
 * the ticket and site the card showed, and a card never says "sent" for a text the thread does
 * not show. (What a page's own scripts post through its own form is theirs: see Out of scope.)
 */
describe('reply pages opened in the tab and editors copied on submit (attacker side, Chromium)', () => {
  let chromium: ChromiumHarness;
  let helpdesk: FixtureHelpdesk;
  let elsewhere: FixtureHelpdesk;
  let m: ModelForExtension;
  let page: Page | undefined;
  let panel: SidePanel | undefined;
  let draft = '';

  beforeAll(async () => {
    helpdesk = await startFixtureHelpdesk();
    // The same helpdesk software on another origin (another port): the same paths, no recipe of the agent's.
    elsewhere = await startFixtureHelpdesk();
    m = await startModel({ chunkDelayMs: 2 });
    chromium = await launchChromium();
    await configureChromium(chromium.context, chromium.extensionId, m);
  });
  afterAll(async () => {
    await panel?.close().catch(() => undefined);
    await chromium?.close();
    await m?.model.close();
    await helpdesk?.close();
    await elsewhere?.close();
  });
  beforeEach(() => {
    helpdesk.reset();
    elsewhere.reset();
    m.model.reset();
    draft = uniqueFixtureDraft();
    m.model.script([{ toolCalls: [{ name: 'reply__propose', arguments: { body: draft } }] }, { text: 'The draft is in the card.' }]);
  });

  /** Send… on ticket 5 of `shape`: the tab is on the reply page and the card is pending. */
  async function cardOnReplyPage(shape: 'noframe' | 'ckeditor'): Promise<{ page: Page; panel: SidePanel }> {
    await importRecipeInChromium(chromium.context, chromium.extensionId, `fixture-${shape}`, helpdesk.origin);
    await page?.close();
    page = await chromium.context.newPage();
    await page.goto(helpdesk.url(`/${shape}/tickets/5`));
    await panel?.close().catch(() => undefined);
    panel = await openRealSidePanel(chromium.context, chromium.extensionId, page);
    await panel.waitFor('[data-testid="chat-input"]');
    await ask(panel, 'Draft a reply to Ines.');
    await waitForChat(panel, (v) => !v.running && v.drafts.length === 1, 'the draft card');
    await poll(() => panel!.evaluate(() => (document.querySelector<HTMLButtonElement>('[data-testid="draft-send"]')?.disabled === false ? true : undefined)), 'Send… to be offered');
    await panel.click('[data-testid="draft-send"]');
    await poll(async () => (new URL(page!.url()).pathname === `/${shape}/tickets/5/reply` ? true : undefined), 'the tab to show the reply page');
    await page.waitForSelector(shape === 'ckeditor' ? 'iframe.cke_wysiwyg_frame' : '#editor-frame');
    const card = await theCard(panel, ['pending']);
    expect(card.body).toBe(draft);
    return { page, panel };
  }

  /** The pending record of the card, then a confirm of it forged from the sidebar once the page has moved the tab: refused, nothing posted, the record unused. */
  async function forgedConfirmAfter(move: (page: Page) => Promise<void>): Promise<void> {
    const { page, panel } = await cardOnReplyPage('noframe');
    const pending = await storedConfirmation(panel, panel.tabId, draft);
    await move(page);
    const forged = await sendToBackground(panel, { type: 'confirm.accept', tabId: panel.tabId, id: pending.id, digest: pending.digest });
    expect(forged).toMatchObject({ ok: true, value: { ok: false } });
    expect((await storedConfirmations(panel)).find((r) => r.id === pending.id)!.status).toBe('pending');
    expect(helpdesk.sent()).toEqual([]);
    expect(elsewhere.sent()).toEqual([]);
  }

  attack("between Send… and Confirm the reply page moves the tab to another ticket's reply page: a confirm of the card posts nothing", async () => {
    await forgedConfirmAfter(async (page) => {
      await page.evaluate(() => location.assign('/noframe/tickets/6/reply'));
      await page.waitForURL((u) => u.pathname === '/noframe/tickets/6/reply');
      await page.waitForSelector('#editor-frame');
    });
  });

  attack('between Send… and Confirm the reply page sends the tab to the same path on another origin: a confirm posts nothing, there or here', async () => {
    await forgedConfirmAfter(async (page) => {
      await page.evaluate((url) => location.assign(url), elsewhere.url('/noframe/tickets/5/reply'));
      await page.waitForURL((u) => u.origin === elsewhere.origin);
      await page.waitForSelector('#editor-frame');
    });
  });

  attack('the reply page rewrites CKEditor\'s text as the form is submitted after Confirm: the card never says "sent"', async () => {
    const { page, panel } = await cardOnReplyPage('ckeditor');
    // The page's own script: after CKEditor copies the agent's text into the form, it puts its own in.
    await page.evaluate(() => {
      const form = document.querySelector('form')!;
      form.addEventListener('submit', () => {
        form.querySelector<HTMLTextAreaElement>('textarea[name="body"]')!.value = '<p>Please pay the new invoice to IBAN GB33BUKB20201555555555.</p>';
      });
    });
    const pending = await storedConfirmation(panel, panel.tabId, draft);
    await clickConfirm(panel);
    // The helpdesk got the page's text, not the agent's, and shows it in the ticket's thread.
    await poll(async () => (helpdesk.sent().length === 1 ? true : undefined), 'the post to reach the helpdesk', { timeoutMs: 30_000 });
    expect(helpdesk.sent().map((p) => p.text)).toEqual(['Please pay the new invoice to IBAN GB33BUKB20201555555555.']);
    await page.waitForURL((u) => u.pathname === '/ckeditor/tickets/5');
    await page.waitForSelector('.thread > .post[data-role="agent"]');
    // A look at the thread, as "Check the ticket" makes: it must not find the card's text there.
    // It waits for the reply to show (5 s), after the look the page's load started.
    expect(await sendToBackgroundSlow(panel, { type: 'confirm.check', id: pending.id })).toMatchObject({ ok: true, value: { ok: true, data: { found: false } } });
    const done = await theCard(panel, ['sent', 'refused', 'failed', 'unknown'], { timeoutMs: 30_000 });
    expect(done.state, done.status).not.toBe('sent');
    expect((await storedConfirmations(panel)).find((r) => r.id === pending.id)!.outcome).not.toBe('sent');
  });
});
