import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { attack } from '../security/attack';
import { launchFirefox, openFirefoxExtensionPage, openFirefoxPage, type FirefoxHarness } from './harness/firefox';
import { tabIdsShowing } from './harness/firefox-sidebar';
import { ask, DEMO_MODEL, startModel, waitForChat, type ModelForExtension } from './harness/chat';
import { clickConfirm, confirmCards, startDemoHelpdesk, theCard, TICKET_1, waitIn, type DemoHelpdesk, type Driver } from './harness/deskmate';
import { firefoxDriver } from './harness/firefox-driver';
import { poll } from './harness/wait';

declare const browser: {
  tabs: { query(q: object): Promise<{ id?: number; url?: string }[]> };
  runtime: { sendMessage(m: object): Promise<unknown> };
  storage: { session: { get(keys: null): Promise<Record<string, unknown>> } };
};

const MODEL_TEXT = 'Hello Maria,\n\nThe duplicate charge is refunded.\n\nBest,\nSam';
const EDITED = 'Hello Maria,\n\nThe duplicate charge of EUR 89.90 is refunded today; you will see it in 3-5 days.\n\nBest,\nSam';

/**
 * Drafts in Firefox ESR (MV2 background page; the sidebar as its extension page bound to the
 * tab): the agent's edit survives a reload and a reopened sidebar and is what Confirm sends; a
 * double click on Send… opens one card and posts once; a sent draft goes again only on "Send
 * again"; a draft for ticket 1 of one site is refused on ticket 1 of another without a choice.
 */
describe('firefox.drafts: drafts keep their edits, say when they were sent, and belong to their ticket', () => {
  let firefox: FirefoxHarness;
  let helpdesk: DemoHelpdesk;
  let m: ModelForExtension;
  const open: Page[] = [];

  beforeAll(async () => {
    helpdesk = await startDemoHelpdesk();
    m = await startModel({ chunkDelayMs: 2 });
    firefox = await launchFirefox();
    if (!m.onDefaultPort) {
      const options = await openFirefoxExtensionPage(firefox, 'options.html');
      const current = (await options.evaluate(() => browser.runtime.sendMessage({ type: 'model.get' }))) as { value: object };
      await options.evaluate((settings) => browser.runtime.sendMessage({ type: 'model.set', settings }), { ...current.value, baseURL: m.model.url, model: DEMO_MODEL });
      await options.close();
    }
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
    m.model.script([{ toolCalls: [{ name: 'reply__propose', arguments: { body: MODEL_TEXT } }] }, { text: 'The draft is in the card.' }]);
  });

  const sentTexts = async () => (await helpdesk.sentLog()).map((s) => s.text);
  /** A message to the background from the sidebar page, answered with the router's envelope. */
  const toBackground = (d: Driver, message: Record<string, unknown>) =>
    d.evaluate((msg: Record<string, unknown>) => browser.runtime.sendMessage(msg), message) as Promise<{ ok: boolean; value?: Record<string, unknown> }>;
  const pendingOf = async (d: Driver, tabId: number) => ((await toBackground(d, { type: 'view.get', tabId })).value?.pending as unknown[] | undefined) ?? [];

  /** The sidebar as a page bound to the tab that shows `url`. */
  async function sidebarFor(url: string): Promise<{ page: Page; driver: Driver; tabId: number }> {
    const ids = await tabIdsShowing(firefox, url);
    expect(ids).toHaveLength(1);
    const page = await openFirefoxExtensionPage(firefox, `sidepanel.html?tab=${ids[0]!}`);
    open.push(page);
    await page.waitForSelector('[data-testid="chat-input"]');
    return { page, driver: firefoxDriver(page), tabId: ids[0]! };
  }

  async function drafted(url = helpdesk.ticketUrl(TICKET_1.id)) {
    const ticket = await openFirefoxPage(firefox, url);
    open.push(ticket);
    await ticket.waitForSelector(`.hd-ticket[data-ticket-id="${TICKET_1.id}"]`);
    const sidebar = await sidebarFor(url);
    await ask(sidebar.driver, 'Draft a reply to Maria.');
    await waitForChat(sidebar.driver, (v) => !v.running && v.drafts.length === 1 && v.drafts[0] === MODEL_TEXT, 'the draft card');
    return { ticket, url, ...sidebar };
  }
  const showsDraft = (d: Driver, text: string, what: string) => waitForChat(d, (v) => v.drafts.length === 1 && v.drafts[0] === text, what, { timeoutMs: 20_000 });
  const sendOffered = (d: Driver) => waitIn(d, () => document.querySelector<HTMLButtonElement>('[data-testid="draft-send"]')?.disabled === false, null, 'Send… to be offered');
  /** Types over the draft; what happens next comes at once, with no pause (the edit goes to the background as it is typed). */
  async function edit(d: Driver, text: string): Promise<void> {
    await d.fill('[data-testid="draft-body"]', text);
  }
  const text = (d: Driver, selector: string) => waitIn(d, (s: string) => document.querySelector(s)?.textContent ?? undefined, selector, selector);

  it('an edited draft survives a page reload and a reopened sidebar, and Confirm sends the edit', async () => {
    const first = await drafted();
    await edit(first.driver, EDITED);

    await first.ticket.reload();
    await first.ticket.waitForSelector(`.hd-ticket[data-ticket-id="${TICKET_1.id}"]`);
    await showsDraft(first.driver, EDITED, 'the edit after the page reloaded');

    await first.page.close();
    const again = await sidebarFor(first.url);
    await showsDraft(again.driver, EDITED, 'the edit in a reopened sidebar');

    await sendOffered(again.driver);
    await again.driver.click('[data-testid="draft-send"]');
    expect((await theCard(again.driver, ['pending'])).body).toBe(EDITED);
    await clickConfirm(again.driver);
    expect((await theCard(again.driver, ['sent'], { timeoutMs: 20_000 })).state).toBe('sent');
    expect(await sentTexts()).toEqual([EDITED]);
    expect(await text(again.driver, '[data-testid="draft-state"]')).toMatch(/^Sent at \d/);
    expect(await text(again.driver, '[data-testid="draft-send"]')).toBe('Send again…');
  });

  it('a double click on Send… opens one card and posts once; a re-send needs the explicit "Send again"', async () => {
    const { page, driver, tabId } = await drafted();
    await sendOffered(driver);
    await page.click('[data-testid="draft-send"]', { count: 2 });
    expect((await theCard(driver, ['pending'])).body).toBe(MODEL_TEXT);
    await new Promise((r) => setTimeout(r, 500));
    expect(await confirmCards(driver)).toHaveLength(1);
    await clickConfirm(driver);
    await theCard(driver, ['sent'], { timeoutMs: 20_000 });
    expect(await sentTexts()).toEqual([MODEL_TEXT]);

    // Send again… on the sent draft shows its sent card; nothing new to confirm.
    await sendOffered(driver);
    await driver.click('[data-testid="draft-send"]');
    // The sent card is already on screen; the answer to this Send… marks it as shown again.
    await poll(async () => (/already confirmed for this ticket at/.test(await text(driver, '[data-testid="confirm-sent-at"]')) ? true : undefined), 'the sent card to say it was already confirmed');
    expect((await theCard(driver, ['sent'])).canAccept).toBe(false);
    await new Promise((r) => setTimeout(r, 1_000));
    expect(await sentTexts()).toEqual([MODEL_TEXT]);
    expect(await pendingOf(driver, tabId)).toEqual([]);

    await driver.click('[data-testid="confirm-send-again"]');
    await poll(async () => ((await confirmCards(driver)).some((c) => c.state === 'pending') ? true : undefined), 'a new card to confirm');
    await waitIn(
      driver,
      () => {
        const card = [...document.querySelectorAll('[data-testid="confirm-card"]')].find((c) => c.querySelector('[data-testid="confirm-accept"]'));
        const body = card?.querySelector('[data-testid="confirm-body"]');
        const accept = card?.querySelector<HTMLButtonElement>('[data-testid="confirm-accept"]');
        if (!body || !accept) return false;
        body.scrollIntoView({ block: 'nearest' });
        if (accept.disabled) return false;
        accept.click();
        return true;
      },
      null,
      'Confirm on the new card',
    );
    await poll(async () => ((await sentTexts()).length === 2 ? true : undefined), 'the second post', { timeoutMs: 20_000 });
    await new Promise((r) => setTimeout(r, 1_000));
    expect(await sentTexts()).toEqual([MODEL_TEXT, MODEL_TEXT]);
  });

  attack('Firefox: a draft for ticket 1 on one site, the tab moved to ticket 1 on another site: Send… there is refused, even on the agent\'s choice, which lets only Insert through', async () => {
    const home = helpdesk.ticketUrl(TICKET_1.id);
    const other = home.replace('127.0.0.1', 'localhost');
    const { ticket, driver, tabId } = await drafted(home);
    await edit(driver, EDITED);
    // The edit is on its way to the background as typed: its id once the background holds it.
    const callId = await poll(
      () =>
        driver.evaluate(async () => {
          const all = await browser.storage.session.get(null);
          const draft = Object.values(all).find((v) => (v as { kind?: string; text?: string })?.kind === 'draft' && (v as { text?: string }).text?.includes('EUR 89.90')) as { callId: string } | undefined;
          return draft?.callId;
        }, null),
      'the edited draft in the background',
    );

    await ticket.goto(other);
    await ticket.waitForSelector(`.hd-ticket[data-ticket-id="${TICKET_1.id}"]`);
    await waitForChat(driver, (v) => v.drafts.length === 0 && v.users.length === 0, 'the other ticket’s own (empty) conversation', { timeoutMs: 20_000 });
    await poll(async () => ((await toBackground(driver, { type: 'view.get', tabId })).value?.page as { origin?: string } | null)?.origin === new URL(other).origin || undefined, 'the other site announced');

    for (const tool of ['reply.send', 'reply.fill']) {
      const refused = await toBackground(driver, { type: 'tool.invoke', tabId, tool, input: { body: EDITED }, draft: callId });
      expect(refused).toMatchObject({ ok: true, value: { ok: false, code: 'draft_elsewhere' } });
    }
    expect(await pendingOf(driver, tabId)).toEqual([]);
    await new Promise((r) => setTimeout(r, 500));
    expect(await sentTexts()).toEqual([]);

    // The agent's explicit choice lets Insert through; a send never goes to another site's ticket.
    const chosen = await toBackground(driver, { type: 'tool.invoke', tabId, tool: 'reply.send', input: { body: EDITED }, draft: callId, anyway: true });
    expect(chosen).toMatchObject({ ok: true, value: { ok: false, code: 'draft_elsewhere' } });
    const inserted = await toBackground(driver, { type: 'tool.invoke', tabId, tool: 'reply.fill', input: { body: EDITED }, draft: callId, anyway: true });
    expect(inserted).toMatchObject({ ok: true, value: { ok: true } });
    expect(await pendingOf(driver, tabId)).toEqual([]);
    expect(await sentTexts()).toEqual([]);

    await ticket.goto(home);
    await showsDraft(driver, EDITED, 'the draft back on its own ticket');
  });
});
