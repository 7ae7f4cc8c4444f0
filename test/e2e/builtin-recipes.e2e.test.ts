import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, openExtensionPage, openRealSidePanel, type ChromiumHarness, type SidePanel } from './harness/chromium';
import { ask, configureChromium, startModel, waitForChat, type ModelForExtension } from './harness/chat';
import { clickConfirm, sendToBackground, showTab, theCard, waitIn } from './harness/deskmate';
import { BUILTIN_DRAFT as DRAFT, startBuiltinHelpdesks, type BuiltinHelpdesks } from './harness/builtin-helpdesks';
import { htmlToStoredText, insertStatus } from './harness/fixture-helpdesk';

/**
 * A built-in recipe in Chromium: Zammad, self-hosted (here on loopback, a site Deskmate runs
 * on), recognised by its route and page with no setup. The sidebar says the recipe is not yet
 * confirmed on a live install until the agent ticks "Works here"; then ticket.read, Insert and
 * Send… → confirm card → Confirm, which posts exactly once. The page keeps another ticket's
 * task open (hidden), as Zammad does: nothing is read from or written to it.
 */
type Read = { number: string; subject: string; requester: object; messages: { author: string; role: string; body: string }[] };

/** ticket.read as the sidebar's Page tab runs it (a human's invoke of the tab's tool). */
async function readTicket(panel: SidePanel): Promise<Read> {
  const r = await sendToBackground<{ ok: boolean; data?: Read; error?: string }>(panel, { type: 'tool.invoke', tabId: panel.tabId, tool: 'ticket.read', input: {} });
  if (!r.ok || !r.value.ok) throw new Error(`ticket.read failed: ${JSON.stringify(r)}`);
  return r.value.data!;
}

describe('built-in recipes in Chromium: Zammad', () => {
  let chromium: ChromiumHarness;
  let helpdesks: BuiltinHelpdesks;
  let m: ModelForExtension;
  let page: Page;
  let panel: SidePanel;
  /** The reply box's content as Zammad would store it. */
  const editorText = async () => htmlToStoredText(await page.evaluate(() => document.querySelector('.content.active .articleNewEdit-body')!.innerHTML)).trim();

  beforeAll(async () => {
    helpdesks = await startBuiltinHelpdesks();
    m = await startModel({ chunkDelayMs: 2 });
    m.model.script([{ toolCalls: [{ name: 'reply__propose', arguments: { body: DRAFT } }] }, { text: 'The draft is in the card.' }]);
    chromium = await launchChromium();
    await configureChromium(chromium.context, chromium.extensionId, m);
    page = await chromium.context.newPage();
    await page.goto(helpdesks.url('127.0.0.1', '/#ticket/zoom/5'));
    panel = await openRealSidePanel(chromium.context, chromium.extensionId, page);
  });
  afterAll(async () => {
    await chromium?.close();
    await m?.model.close();
    await helpdesks?.close();
  });

  it('is labelled "not yet confirmed on a live install", and ticket.read gives the shown ticket’s thread with its roles', async () => {
    await panel.waitFor('[data-testid="recipe-unconfirmed"]');
    expect(await panel.evaluate(() => document.querySelector('.header-site')?.textContent)).toContain('Zammad');
    expect(await panel.evaluate(() => (document.querySelector('[data-testid="recipe-works-here"]') as HTMLInputElement).checked)).toBe(false);
    const read = await readTicket(panel);
    expect(read.number).toBe('#31005');
    expect(read.subject).toBe('Parcel arrived damaged');
    expect(read.requester).toEqual({ name: 'Ines Duarte', email: 'ines@example.org' });
    expect(read.messages.map(({ author, role, body }) => ({ author, role, body }))).toEqual([
      { author: 'Ines Duarte', role: 'customer', body: 'The box was crushed and the lamp inside is broken.\nCan you send a new one?' },
      { author: 'Sam Lee', role: 'internal', body: 'Courier claim opened.' },
      { author: 'Sam Lee', role: 'agent', body: 'Sorry to hear that, Ines. Could you send a photo of the box?' },
    ]);
  });

  it('Insert puts the draft in Zammad’s reply box; Send… → confirm card → Confirm posts it exactly once', async () => {
    await showTab(panel, 'Chat');
    await panel.waitFor('[data-testid="chat-input"]');
    await ask(panel, 'Draft a reply to Ines.');
    await waitForChat(panel, (v) => !v.running && v.drafts.length === 1, 'the draft card');
    await waitIn(panel, () => document.querySelector<HTMLButtonElement>('[data-testid="draft-insert"]')?.disabled === false, null, 'Insert to be offered');
    await panel.click('[data-testid="draft-insert"]');
    await waitIn(panel, insertStatus, null, 'the insert status');
    expect(await editorText()).toBe(DRAFT);
    expect(helpdesks.sent()).toEqual([]);

    await panel.click('[data-testid="draft-send"]');
    const card = await theCard(panel, ['pending']);
    expect(card.body).toBe(DRAFT);
    expect(card.fields).toEqual([new URL(helpdesks.url('127.0.0.1', '/')).origin, '#31005', 'Ines Duarte <ines@example.org>', 'Re: Parcel arrived damaged']);
    expect(helpdesks.sent()).toEqual([]);
    await clickConfirm(panel);
    const done = await theCard(panel, ['sent', 'refused', 'failed', 'unknown'], { timeoutMs: 30_000 });
    expect(done.state, done.status).toBe('sent');
    expect(helpdesks.sent()).toEqual([{ helpdesk: 'zammad', ticketId: 5, text: DRAFT }]);
    // The other open ticket's task was left alone; the reply is in the shown ticket's thread.
    expect(await page.evaluate(() => document.querySelectorAll('#content_permanent_TicketZoom4 .ticket-article-item').length)).toBe(1);
    expect(await page.evaluate(() => document.querySelectorAll('.content.active .ticket-article-item').length)).toBe(4);
  });

  it('"Works here" takes the label away for the recipe, in the sidebar and on the options page, and keeps it after a reload', async () => {
    await panel.click('[data-testid="recipe-works-here"]');
    await waitIn(panel, () => document.querySelector('[data-testid="recipe-unconfirmed"]') === null, null, 'the label to go');
    const options = await openExtensionPage(chromium.context, chromium.extensionId, 'options.html');
    await options.waitForSelector('[data-testid="builtin-recipe"][data-recipe="zammad"]');
    const rows = await options.$$eval('[data-testid="builtin-recipe"]', (els) =>
      els.map((el) => [el.getAttribute('data-recipe'), !!el.querySelector('[data-testid="recipe-unconfirmed"]'), (el.querySelector('[data-testid="recipe-works-here"]') as HTMLInputElement).checked]),
    );
    expect(rows).toEqual([
      ['zammad', false, true],
      ['zendesk', true, false],
      ['freshdesk', true, false],
      ['helpscout', true, false],
    ]);
    // Unticked on the options page: back on the ticket, the sidebar labels it again.
    await options.click('[data-testid="builtin-recipe"][data-recipe="zammad"] [data-testid="recipe-works-here"]');
    await options.waitForSelector('[data-testid="builtin-recipe"][data-recipe="zammad"] [data-testid="recipe-unconfirmed"]');
    await options.close();
    await page.bringToFront();
    await panel.waitFor('[data-testid="recipe-unconfirmed"]');
    // Ticked again in the sidebar: a new options page (the state is the background's) agrees.
    await panel.click('[data-testid="recipe-works-here"]');
    await waitIn(panel, () => document.querySelector('[data-testid="recipe-unconfirmed"]') === null, null, 'the label to go again');
    const fresh = await openExtensionPage(chromium.context, chromium.extensionId, 'options.html');
    await fresh.waitForSelector('[data-testid="builtin-recipe"][data-recipe="zendesk"] [data-testid="recipe-unconfirmed"]');
    expect(await fresh.$('[data-testid="builtin-recipe"][data-recipe="zammad"] [data-testid="recipe-unconfirmed"]')).toBeNull();
    await fresh.close();
  });
});
