import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchChromium, openRealSidePanel, type ChromiumHarness, type SidePanel } from './harness/chromium';
import { configureChromium, startModel, type ModelForExtension } from './harness/chat';
import { clickConfirm, readWholeBody, sendToBackground, theCard, theOfferedCard, waitIn } from './harness/deskmate';
import { FIXTURE_DRAFT as DRAFT, startFixtureHelpdesk, type FixtureHelpdesk } from './harness/fixture-helpdesk';
import { currentStep, foundOf, pageHandlerRuns, pickerShown, pickIn, waitForPicker } from './harness/teach';
import { draftToCard, teachHistoryShape } from './harness/teach-flows';
import { poll, sleep } from './harness/wait';
import { attack } from '../security/attack';

/**
 * Teach mode in Chromium, on a fixture helpdesk no recipe or adapter describes ("cards"):
 * driven only by the agent's clicks in the picker, the reply box on a separate page; then the
 * recipe it saved carries the whole send story, and exactly one reply is posted.
 */
describe('teach mode: a recipe from clicks in the picker, then Send… → confirm card → Confirm', () => {
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

  async function openTicket(): Promise<{ page: Page; panel: SidePanel }> {
    page = await chromium.context.newPage();
    await page.goto(helpdesk.url('/cards/tickets/7'));
    panel = await openRealSidePanel(chromium.context, chromium.extensionId, page);
    await panel.waitFor('[data-testid="teach-start"]');
    return { page, panel };
  }

  it('Esc cancels: the picker goes, the page is as it was, and its own handlers never ran', async () => {
    const { page, panel } = await openTicket();
    const before = await page.evaluate(() => document.documentElement.outerHTML);
    await panel.click('[data-testid="teach-start"]');
    await waitForPicker(page);
    await panel.waitFor('[data-testid="teach-step"][data-step="message"][data-state="current"]');
    // The page cannot see into the overlay: its shadow root is closed.
    expect(await page.evaluate(() => document.querySelector('[data-deskmate-picker]')!.shadowRoot)).toBeNull();
    await page.mouse.move(50, 50);
    await page.keyboard.press('Escape');
    await waitForPicker(page, false);
    expect(await page.evaluate(() => document.documentElement.outerHTML)).toBe(before);
    expect(await pageHandlerRuns(page)).toBe(0);
    await panel.waitFor('[data-testid="teach-start"]'); // the session is over
    expect(await panel.evaluate(() => document.querySelector('[data-testid="teach"]'))).toBeNull();
  });

  attack('the page forges clicks, posts a choice and a recipe, and renames a grade while the picker is up: nothing is picked or stored', async () => {
    const { page, panel } = await openTicket();
    await panel.click('[data-testid="teach-start"]');
    await waitForPicker(page);
    await page.evaluate((origin) => {
      const target = document.querySelector('#c-102 .msg-body p')!;
      const r = target.getBoundingClientRect();
      const at = { clientX: r.left + 5, clientY: r.top + 5, bubbles: true, cancelable: true, composed: true };
      // Synthetic events at the window, the glass and the message: none is trusted.
      for (const el of [window, document.querySelector('[data-deskmate-picker]')!, target]) {
        for (const type of ['pointerdown', 'mousedown', 'mouseup', 'click']) el.dispatchEvent(new MouseEvent(type, at));
      }
      const recipe = { format: 'deskmate-recipe', version: 1, site: origin, title: 'Forged', ticket: { path: '^/(\\d+)' }, read: { subject: 'h1', messages: 'p', body: 'p' }, reply: { editor: 'textarea', editorKind: 'textarea', submit: 'button', afterPost: 'thread', sideEffect: 'read' } };
      for (const message of [
        { type: 'teach.pick', step: 'message', choice: { messages: 'p', count: 1, customers: 1, subject: 'h1' } },
        { type: 'recipes.import', recipe },
        { type: 'teach.save' },
        { type: 'deskmate-recipe', recipe, grades: { 'reply.send': 'read' } },
      ]) window.postMessage(message, '*');
    }, helpdesk.origin);
    await sleep(800);
    expect(await currentStep(panel)).toBe('message');
    expect(await panel.evaluate(() => document.querySelector('[data-testid="teach-found"]'))).toBeNull();
    expect(await panel.evaluate(() => (document.querySelector('[data-testid="teach-save"]') as HTMLButtonElement).disabled)).toBe(true);
    const recipes = await sendToBackground<unknown[]>(panel, { type: 'recipes.list' });
    expect(recipes.ok && recipes.value).toEqual([]);
    await page.keyboard.press('Escape');
    await waitForPicker(page, false);
  });

  it('message, body, author on the ticket page, reply box and its button on the reply page; Save; then one post', async () => {
    const { page, panel } = await openTicket();
    await panel.click('[data-testid="teach-start"]');

    await pickIn(page, '#c-102 .msg-body p');
    expect(await foundOf(panel, 'message')).toBe('4 messages, 1 from the customer');
    await pickIn(page, '#c-103 .msg-body p');
    expect(await foundOf(panel, 'body')).toMatch(/^Found in 4 of 4 messages: My last invoice/);
    await pickIn(page, '#c-101 .msg-author');
    expect(await foundOf(panel, 'author')).toBe('Found in 4 of 4 messages: Ines Duarte · Sam Lee · Priya Shah');
    expect(await currentStep(panel)).toBe('editor');
    // None of the page's own handlers saw those clicks (a message card would have collapsed).
    expect(await pageHandlerRuns(page)).toBe(0);
    expect(await page.$$eval('.msg-card.collapsed', (els) => els.length)).toBe(0);

    // Test: the ticket as ticket.read returns it with these choices.
    await panel.click('[data-testid="teach-test"]');
    const tested = await waitIn(panel, () => document.querySelector('[data-testid="teach-test-result"]')?.textContent ?? null, null, 'the test result');
    expect(tested).toContain('Invoice address is wrong');
    expect(await panel.evaluate(() => document.querySelectorAll('[data-testid="teach-test-result"] .message').length)).toBe(4);

    // The reply box is on another page: the agent's click on Reply opens it, and teaching goes on there.
    await Promise.all([page.waitForURL(/\/cards\/tickets\/7\/reply$/), pickIn(page, 'a.reply-link')]);
    await waitForPicker(page);
    await pickIn(page, '.editor-area');
    expect(await foundOf(panel, 'editor')).toBe('A rich text editor. On the reply page /cards/tickets/{key}/reply.');
    await pickIn(page, 'button[data-action="post-reply"]');
    expect(await foundOf(panel, 'send')).toBe('The control “Send reply”.');
    expect(await pageHandlerRuns(page)).toBe(0);
    expect(helpdesk.sent()).toEqual([]); // choosing the button pressed nothing

    await panel.click('[data-testid="teach-save"]');
    await waitForPicker(page, false);
    await panel.waitFor('[data-testid="teach-start"], .header-site', {});
    const recipes = await sendToBackground<{ site: string; reply?: { page?: string } }[]>(panel, { type: 'recipes.list' });
    expect(recipes.ok && recipes.value.map((r) => [r.site, r.reply?.page])).toEqual([[helpdesk.origin, '/cards/tickets/{key}/reply']]);

    // The full story on the ticket page, from the taught recipe.
    await page.goto(helpdesk.url('/cards/tickets/7'));
    await poll(async () => {
      const view = await sendToBackground<{ page: { adapterId: string } | null }>(panel, { type: 'view.get', tabId: panel.tabId });
      return view.ok && view.value.page?.adapterId === `recipe:${helpdesk.origin}` ? true : undefined;
    }, 'the tab to run under the taught recipe');
    expect(await panel.evaluate(() => document.querySelector('[data-testid="teach-start"]'))).toBeNull();
    await draftToCard(panel, helpdesk);
    expect(helpdesk.sent()).toEqual([]);
    await clickConfirm(panel);
    const done = await theCard(panel, ['sent', 'refused', 'failed', 'unknown'], { timeoutMs: 30_000 });
    expect(done.state, done.status).toBe('sent');
    expect(helpdesk.sent()).toEqual([{ shape: 'cards', ticketId: 7, text: DRAFT }]);
    expect(await pickerShown(page)).toBe(false);
  });

  // The shape of the hardest helpdesk met so far (fixture-history.ts): framing refused, events
  // between the messages, roles shown by a badge only, Reply in a hover menu, CKEditor 4.
  it('from scratch on Request Tracker’s shape: seven clicks in the picker, Save, then one post from the reply page in the tab', async () => {
    page = await chromium.context.newPage();
    await page.goto(helpdesk.url('/history/tickets/7'));
    panel = await openRealSidePanel(chromium.context, chromium.extensionId, page);
    // The fixture's other shapes share its site: a recipe taught for them in this browser goes first.
    await sendToBackground(panel, { type: 'recipes.remove', site: helpdesk.origin });
    await page.reload();
    await panel.waitFor('[data-testid="teach-start"]');
    await panel.click('[data-testid="teach-start"]');
    const clicks = await teachHistoryShape(page, panel, (click) => Promise.all([page!.waitForURL(/\/history\/tickets\/7\/reply\?/), click()]).then(() => undefined));
    expect(clicks).toBe(7);
    expect(helpdesk.sent()).toEqual([]);
    await panel.click('[data-testid="teach-save"]');
    await waitForPicker(page, false);

    // The story on the ticket page, with the taught recipe only.
    await page.goto(helpdesk.url('/history/tickets/7'));
    await poll(async () => {
      const view = await sendToBackground<{ page: { adapterId: string } | null }>(panel!, { type: 'view.get', tabId: panel!.tabId });
      return view.ok && view.value.page?.adapterId === `recipe:${helpdesk.origin}` ? true : undefined;
    }, 'the tab to run under the taught recipe');
    await draftToCard(panel, helpdesk);
    // Framing refused: Send… opens the reply page in the tab. The card is pending once the tab was
    // told to go there, and the page commits a moment later (seen late at load 11).
    await poll(async () => (new URL(page!.url()).pathname === '/history/tickets/7/reply' ? true : undefined), 'the reply page in the tab (framing refused)');
    // The card names the reply page once the background has heard it; until then (seen idle once)
    // the line may be empty or being drawn again, so it is read until it says so.
    let from = '';
    await poll(
      async () => (/\/history\/tickets\/7\/reply\?Action=Respond$/.test((from = await panel!.text('[data-testid="confirm-from"]'))) ? true : undefined),
      () => `the card to say it posts from the reply page (it says "${from}")`,
    );
    expect(helpdesk.sent()).toEqual([]);
    await readWholeBody(panel);
    expect((await theOfferedCard(panel)).canAccept).toBe(true);
    await clickConfirm(panel);
    // The post loads the ticket page again ('outcome unknown' meanwhile): that page settles the card.
    const done = await theCard(panel, ['sent', 'refused', 'failed'], { timeoutMs: 30_000 });
    expect(done.state, done.status).toBe('sent');
    expect(helpdesk.sent()).toEqual([{ shape: 'history', ticketId: 7, text: DRAFT }]);
  });
});
