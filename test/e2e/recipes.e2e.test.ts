import { readFileSync, writeFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchChromium, openExtensionPage, openRealSidePanel, type ChromiumHarness, type SidePanel } from './harness/chromium';
import { ask, configureChromium, startModel, waitForChat, type ModelForExtension } from './harness/chat';
import { clickConfirm, sendToBackground, startDemoHelpdesk, theCard, TICKET_1, type DemoHelpdesk } from './harness/deskmate';
import { uniqueFixtureDraft, startFixtureHelpdesk, type FixtureHelpdesk } from './harness/fixture-helpdesk';
import { recipeFileFor } from './harness/recipes';
import { importRecipeInChromium } from './harness/recipe-import';
import { poll } from './harness/wait';

let DRAFT = '';

/**
 * Site recipes in Chromium: imported as a file on the options page, shown, applied; then the
 * full send story on fixture helpdesks no code adapter knows, each post counted by the helpdesk.
 */
describe('recipes: imported on the options page, Send… → confirm card → Confirm posts exactly once', () => {
  let chromium: ChromiumHarness;
  let helpdesk: FixtureHelpdesk;
  let demo: DemoHelpdesk;
  let m: ModelForExtension;
  let page: Page | undefined;
  let panel: SidePanel | undefined;

  beforeAll(async () => {
    helpdesk = await startFixtureHelpdesk();
    demo = await startDemoHelpdesk();
    m = await startModel({ chunkDelayMs: 2 });
    chromium = await launchChromium();
    await configureChromium(chromium.context, chromium.extensionId, m);
  });
  afterAll(async () => {
    await chromium?.close();
    await m?.model.close();
    await helpdesk?.close();
    await demo?.close();
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

  /** recipe-import on the options page: the recipe is checked and shown, and applies on a click. */
  const importRecipe = (name: Parameters<typeof recipeFileFor>[0], site = helpdesk.origin) => importRecipeInChromium(chromium.context, chromium.extensionId, name, site);

  async function sendStory(path: string): Promise<{ page: Page; panel: SidePanel }> {
    page = await chromium.context.newPage();
    await page.goto(helpdesk.url(path));
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
    expect(card.body).toBe(DRAFT);
    expect(card.fields).toEqual([helpdesk.origin, '#5', 'Ines Duarte <ines@example.org>', 'Re: Parcel arrived damaged']);
    expect(helpdesk.sent()).toEqual([]);
    await clickConfirm(panel);
    const done = await theCard(panel, ['sent', 'refused', 'failed', 'unknown'], { timeoutMs: 30_000 });
    expect(done.state, done.status).toBe('sent');
    return { page, panel };
  }

  it('reply form on a separate page: posted through a hidden frame, the tab stays on the ticket', async () => {
    await importRecipe('fixture-iframe');
    const { page, panel } = await sendStory('/iframe/tickets/5');
    expect(helpdesk.sent()).toEqual([{ shape: 'iframe', ticketId: 5, text: DRAFT }]);
    expect(new URL(page.url()).pathname).toBe('/iframe/tickets/5');
    expect(await page.$$('iframe')).toHaveLength(0); // the hidden frame is gone
    await waitForChat(panel, (v) => v.drafts.length === 1, 'the draft still in the sidebar');
  });

  it('inline editor opened by a click, thread loaded after the page, posted without a page load', async () => {
    await importRecipe('fixture-inline');
    const { page } = await sendStory('/inline/tickets/5');
    expect(helpdesk.sent()).toEqual([{ shape: 'inline', ticketId: 5, text: DRAFT }]);
    await page.waitForSelector('.thread > .post[data-role="agent"]');
  });

  /** The tab's ticket as the background knows it (announced by the content script). */
  const tabTicket = (p: SidePanel) =>
    sendToBackground<{ page: { adapterId: string; ticket: { key: string } | null } | null }>(p, { type: 'view.get', tabId: p.tabId }).then((v) =>
      v.ok ? (v.value.page?.ticket?.key ?? null) : null,
    );

  it('a single-page app: a route change to another ticket without a page load is followed, and the reply goes to that ticket once', async () => {
    await importRecipe('fixture-spa');
    page = await chromium.context.newPage();
    await page.goto(helpdesk.url('/spa/'));
    await page.click('a[href="/spa/tickets/5"]');
    await page.waitForSelector('#ticket[data-id="5"] .thread .post');
    panel = await openRealSidePanel(chromium.context, chromium.extensionId, page);
    await panel.waitFor('[data-testid="chat-input"]');
    await poll(async () => ((await tabTicket(panel!)) === '5' ? true : undefined), 'the sidebar to know ticket 5');
    // Back to the list, on to ticket 6: two route changes, no page load.
    const loads: string[] = [];
    page.on('load', () => loads.push(page!.url()));
    await page.click('a[href="/spa/"]');
    await page.waitForSelector('ul.tickets');
    await poll(async () => ((await tabTicket(panel!)) === null ? true : undefined), 'the list to show no ticket');
    await page.click('a[href="/spa/tickets/6"]');
    await page.waitForSelector('#ticket[data-id="6"] .thread .post');
    await poll(async () => ((await tabTicket(panel!)) === '6' ? true : undefined), 'the sidebar to follow the route to ticket 6');
    expect(loads).toEqual([]);
    await ask(panel, 'Draft a reply to Tomas.');
    await waitForChat(panel, (v) => !v.running && v.drafts.length === 1, 'the draft card');
    await poll(
      () => panel!.evaluate(() => (document.querySelector<HTMLButtonElement>('[data-testid="draft-send"]')?.disabled === false ? true : undefined)),
      'Send… to be offered by the recipe',
    );
    await panel.click('[data-testid="draft-send"]');
    const card = await theCard(panel, ['pending']);
    expect(card.body).toBe(DRAFT);
    expect(card.fields).toEqual([helpdesk.origin, '#6', 'Tomas Berg <tomas@example.net>', 'Re: Invoice address']);
    await clickConfirm(panel);
    const done = await theCard(panel, ['sent', 'refused', 'failed', 'unknown'], { timeoutMs: 30_000 });
    expect(done.state, done.status).toBe('sent');
    expect(helpdesk.sent()).toEqual([{ shape: 'spa', ticketId: 6, text: DRAFT }]);
    expect(loads).toEqual([]);
  });

  it('a form that posts with a full page load: the page loaded next settles the card as sent, one post', async () => {
    await importRecipe('fixture-reload');
    page = await chromium.context.newPage();
    await page.goto(helpdesk.url('/reload/tickets/5'));
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
    expect(card.fields).toEqual([helpdesk.origin, '#5', 'Ines Duarte <ines@example.org>', 'Re: Parcel arrived damaged']);
    const loaded = page.waitForEvent('load', { timeout: 30_000 });
    await clickConfirm(panel);
    await loaded; // the post left the page
    // Sent only once the page loaded after the post shows the reply in its thread.
    const done = await theCard(panel, ['sent', 'refused', 'failed'], { timeoutMs: 30_000 });
    expect(done.state, done.status).toBe('sent');
    expect(helpdesk.sent()).toEqual([{ shape: 'reload', ticketId: 5, text: DRAFT }]);
    await page.waitForSelector('.thread > .post[data-role="agent"]');
  });

  it('the options page: a bad file is refused naming the field, a preview can be cancelled, export gives the recipe back, delete drops it and its tools', async () => {
    const options = await openExtensionPage(chromium.context, chromium.extensionId, 'options.html');
    const row = `[data-testid="recipe"][data-site="${helpdesk.origin}"]`;
    // Delete asks first, naming the site.
    const asked: string[] = [];
    options.on('dialog', (d) => {
      asked.push(d.message());
      void d.accept();
    });
    // Earlier tests left this site's recipe: start without one.
    await options.waitForSelector('[data-testid="recipe-import"]');
    if (await options.$(row)) {
      await options.click(`${row} [data-testid="recipe-delete"]`);
      await options.waitForSelector(row, { state: 'detached' });
    }
    // A recipe with a broken field: refused, nothing applied.
    const { path: good, recipe } = recipeFileFor('fixture-inline', helpdesk.origin);
    const badPath = good.replace(/\.json$/, '.bad.json');
    writeFileSync(badPath, JSON.stringify({ ...recipe, reply: { ...(recipe.reply as object), editorKind: 'wysiwyg' } }));
    await options.setInputFiles('[data-testid="recipe-import"]', badPath);
    const error = await options.waitForSelector('[data-testid="recipe-error"]');
    expect(await error.textContent()).toContain('recipe.reply.editorKind');
    expect(await options.$('[data-testid="recipe-preview"]')).toBeNull();
    // Shown, then cancelled: nothing applied.
    await options.setInputFiles('[data-testid="recipe-import"]', good);
    await options.waitForSelector('[data-testid="recipe-preview"]');
    await options.click('[data-testid="recipe-cancel"]');
    await options.waitForSelector('[data-testid="recipe-preview"]', { state: 'detached' });
    expect(await options.$(`[data-testid="recipe"][data-site="${helpdesk.origin}"]`)).toBeNull();
    // Applied, then the tab runs under it.
    await options.setInputFiles('[data-testid="recipe-import"]', good);
    await options.click('[data-testid="recipe-apply"]');
    await options.waitForSelector(row);
    page = await chromium.context.newPage();
    await page.goto(helpdesk.url('/inline/tickets/5'));
    panel = await openRealSidePanel(chromium.context, chromium.extensionId, page);
    const adapterOf = async () => {
      const view = await sendToBackground<{ page: { adapterId: string } | null; tools: unknown[] }>(panel!, { type: 'view.get', tabId: panel!.tabId });
      return view.ok ? (view.value.page?.adapterId ?? null) : null;
    };
    await poll(async () => ((await adapterOf()) === `recipe:${helpdesk.origin}` ? true : undefined), 'the tab to run under the recipe');
    // Export: the file is the recipe as applied.
    const [download] = await Promise.all([options.waitForEvent('download'), options.click(`${row} [data-testid="recipe-export"]`)]);
    const exported = JSON.parse(readFileSync((await download.path())!, 'utf8')) as Record<string, unknown>;
    expect(exported).toEqual(recipe);
    expect(download.suggestedFilename()).toMatch(/\.recipe\.json$/);
    // Delete: gone from the list, and the open tab loses the recipe's tools at once.
    await options.click(`${row} [data-testid="recipe-delete"]`);
    await options.waitForSelector(row, { state: 'detached' });
    expect(asked.at(-1)).toContain(helpdesk.origin);
    await poll(async () => ((await adapterOf()) !== `recipe:${helpdesk.origin}` ? true : undefined), "the tab to drop the recipe's tools");
    await options.close();
  });

  it('the demo helpdesk runs from its recipe: one post, the exact draft, seen in its thread', async () => {
    await demo.reset();
    await importRecipe('demo-helpdesk', demo.url);
    page = await chromium.context.newPage();
    await page.goto(demo.ticketUrl(TICKET_1.id));
    panel = await openRealSidePanel(chromium.context, chromium.extensionId, page);
    await panel.waitFor('[data-testid="chat-input"]');
    // The recipe serves the tab, not the code adapter (it comes first for its own site).
    await poll(async () => {
      const view = await sendToBackground<{ page: { adapterId: string } | null }>(panel!, { type: 'view.get', tabId: panel!.tabId });
      return view.ok && view.value.page?.adapterId === `recipe:${demo.url}` ? true : undefined;
    }, 'the demo tab to run under its recipe');
    await ask(panel, 'Draft a reply.');
    await waitForChat(panel, (v) => !v.running && v.drafts.length === 1, 'the draft card');
    await panel.click('[data-testid="draft-send"]');
    const card = await theCard(panel, ['pending']);
    expect(card.fields).toEqual([demo.url, TICKET_1.label, TICKET_1.recipient, expect.stringContaining(TICKET_1.subject)]);
    await clickConfirm(panel);
    const done = await theCard(panel, ['sent', 'refused', 'failed', 'unknown'], { timeoutMs: 30_000 });
    expect(done.state, done.status).toBe('sent');
    const sent = await demo.sentLog();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toBe(DRAFT);
  });
});
