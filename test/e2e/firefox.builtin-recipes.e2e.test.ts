import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchFirefox, openFirefoxExtensionPage, openFirefoxPage, type FirefoxHarness } from './harness/firefox';
import { ask, DEMO_MODEL, startModel, waitForChat, type ModelForExtension } from './harness/chat';
import { clickConfirm, showTab, theCard, waitIn } from './harness/deskmate';
import { firefoxDriver } from './harness/firefox-driver';
import { BUILTIN_DRAFT as DRAFT, startBuiltinHelpdesks, type BuiltinHelpdesks } from './harness/builtin-helpdesks';
import { htmlToStoredText, insertStatus } from './harness/fixture-helpdesk';

declare const browser: {
  tabs: { query(q: object): Promise<{ id?: number; url?: string }[]> };
  runtime: { sendMessage(m: object): Promise<unknown> };
};

const HOSTS = ['acme.zendesk.com', 'acme.freshdesk.com', 'secure.helpscout.net'];

/**
 * A built-in recipe for a SaaS helpdesk in Firefox ESR, on its own host name (mapped to our
 * fixture server): the agent enables the site as for any site, the recipe is recognised by its
 * host and page, labelled unconfirmed, reads the ticket, inserts into that helpdesk's kind of
 * editor, and Send… → confirm card → Confirm posts exactly once.
 */
describe('firefox: the built-in Freshdesk recipe', () => {
  let firefox: FirefoxHarness;
  let helpdesks: BuiltinHelpdesks;
  let m: ModelForExtension;

  beforeAll(async () => {
    helpdesks = await startBuiltinHelpdesks();
    m = await startModel({ chunkDelayMs: 2 });
    firefox = await launchFirefox({ prefs: { 'extensions.webextOptionalPermissionPrompts': false, 'network.dns.localDomains': HOSTS.join(',') } });
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
    await helpdesks?.close();
  });

  async function sidebarFor(url: string): Promise<{ sidebarPage: Page; tabId: number }> {
    const finder = await openFirefoxExtensionPage(firefox, 'sidepanel.html');
    const ids = await finder.evaluate((u) => browser.tabs.query({}).then((tabs) => tabs.filter((t) => t.url === u).map((t) => t.id)), url);
    await finder.close();
    expect(ids).toHaveLength(1);
    return { sidebarPage: await openFirefoxExtensionPage(firefox, `sidepanel.html?tab=${ids[0]!}`), tabId: ids[0]! };
  }

  const cases = [
    {
      name: 'Freshdesk (Froala editor opened by Reply, mirrored into its textarea)',
      host: 'acme.freshdesk.com',
      path: '/a/tickets/5',
      helpdesk: 'freshdesk',
      label: '#5',
      editor: async (page: Page) => htmlToStoredText(await page.evaluate(() => document.querySelector<HTMLTextAreaElement>('.fr-box textarea')?.value ?? '')).trim(),
    },
  ] as const;

  for (const c of cases) {
    it(`${c.name}: enabled, labelled unconfirmed, reads, inserts, and posts exactly once`, async () => {
      helpdesks.reset();
      m.model.reset();
      m.model.script([{ toolCalls: [{ name: 'reply__propose', arguments: { body: DRAFT } }] }, { text: 'The draft is in the card.' }]);
      const url = helpdesks.url(c.host, c.path);
      const page = await openFirefoxPage(firefox, url);
      const { sidebarPage, tabId } = await sidebarFor(url);
      const sidebar = firefoxDriver(sidebarPage);
      await sidebarPage.waitForSelector('[data-testid="site-enable"]', { timeout: 15_000 });
      await sidebarPage.click('[data-testid="site-enable"]');
      await sidebarPage.waitForSelector('[data-testid="recipe-unconfirmed"]', { timeout: 20_000 });

      const read = (await sidebarPage.evaluate((t) => browser.runtime.sendMessage({ type: 'tool.invoke', tabId: t, tool: 'ticket.read', input: {} }), tabId)) as {
        ok: boolean;
        value: { ok: boolean; data: { number: string; subject: string; requester: object; messages: { author: string; role: string; body: string }[] } };
      };
      expect(read.value.ok, JSON.stringify(read)).toBe(true);
      const t = read.value.data;
      expect([t.number, t.subject, t.requester]).toEqual([c.label, 'Parcel arrived damaged', { name: 'Ines Duarte', email: 'ines@example.org' }]);
      expect(t.messages.map((x) => `${x.role}: ${x.author}: ${x.body}`)).toEqual([
        'customer: Ines Duarte: The box was crushed and the lamp inside is broken.\nCan you send a new one?',
        'internal: Sam Lee: Courier claim opened.',
        'agent: Sam Lee: Sorry to hear that, Ines. Could you send a photo of the box?',
      ]);

      await showTab(sidebar, 'Chat');
      await sidebarPage.waitForSelector('[data-testid="chat-input"]');
      await ask(sidebar, 'Draft a reply to Ines.');
      await waitForChat(sidebar, (v) => !v.running && v.drafts.length === 1, 'the draft card');
      await waitIn(sidebar, () => document.querySelector<HTMLButtonElement>('[data-testid="draft-insert"]')?.disabled === false, null, 'Insert to be offered');
      await sidebar.click('[data-testid="draft-insert"]');
      await waitIn(sidebar, insertStatus, null, 'the insert status');
      expect(await c.editor(page)).toBe(DRAFT);
      expect(helpdesks.sent()).toEqual([]);

      await sidebar.click('[data-testid="draft-send"]');
      const card = await theCard(sidebar, ['pending']);
      expect(card.body).toBe(DRAFT);
      expect(card.fields).toEqual([new URL(url).origin, c.label, 'Ines Duarte <ines@example.org>', 'Re: Parcel arrived damaged']);
      expect(helpdesks.sent()).toEqual([]);
      await clickConfirm(sidebar);
      const done = await theCard(sidebar, ['sent', 'refused', 'failed', 'unknown'], { timeoutMs: 30_000 });
      expect(done.state, done.status).toBe('sent');
      expect(helpdesks.sent()).toEqual([{ helpdesk: c.helpdesk, ticketId: 5, text: DRAFT }]);
      await sidebarPage.close();
      await page.close();
    });
  }
});
