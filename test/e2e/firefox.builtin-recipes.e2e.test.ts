import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchFirefox, openFirefoxPage, type FirefoxHarness } from './harness/firefox';
import { configureFirefox, openSidebarFor } from './harness/firefox-sidebar';
import { ask, startModel, waitForChat, type ModelForExtension } from './harness/chat';
import { clickConfirm, showTab, theCard, waitIn } from './harness/deskmate';
import { firefoxDriver } from './harness/firefox-driver';
import { BUILTIN_DRAFT as DRAFT, startBuiltinHelpdesks, type BuiltinHelpdesks } from './harness/builtin-helpdesks';
import { htmlToStoredText, insertStatus } from './harness/fixture-helpdesk';

declare const browser: { runtime: { sendMessage(m: object): Promise<unknown> } };

const HOSTS = ['desk.example.org', 'acme.zendesk.com', 'acme.freshdesk.com', 'secure.helpscout.net'];

/**
 * The built-in recipes in Firefox ESR, each on a host name of its own (mapped to our fixture
 * server): Zammad self-hosted on any site, the SaaS helpdesks on their own domains. The agent
 * enables the site as for any site; the recipe is recognised by its host and page, labelled
 * unconfirmed, reads the ticket, inserts into that helpdesk's kind of editor, and Send… →
 * confirm card → Confirm posts exactly once.
 */
describe('firefox: the built-in recipes for Zammad, Zendesk, Freshdesk and Help Scout', () => {
  let firefox: FirefoxHarness;
  let helpdesks: BuiltinHelpdesks;
  let m: ModelForExtension;

  beforeAll(async () => {
    helpdesks = await startBuiltinHelpdesks();
    m = await startModel({ chunkDelayMs: 2 });
    firefox = await launchFirefox({ prefs: { 'extensions.webextOptionalPermissionPrompts': false, 'network.dns.localDomains': HOSTS.join(',') } });
    await configureFirefox(firefox, m);
  });
  afterAll(async () => {
    await firefox?.close();
    await m?.model.close();
    await helpdesks?.close();
  });

  const cases = [
    {
      name: 'Zammad, self-hosted (contenteditable box, another ticket’s task open in the page)',
      host: 'desk.example.org',
      path: '/#ticket/zoom/5',
      helpdesk: 'zammad',
      label: '#31005',
      editor: async (page: Page) => htmlToStoredText(await page.evaluate(() => document.querySelector('.content.active .articleNewEdit-body')?.innerHTML ?? '')).trim(),
    },
    {
      name: 'Zendesk agent workspace (CKEditor 5 composer, every open ticket in the page)',
      host: 'acme.zendesk.com',
      path: '/agent/tickets/5',
      helpdesk: 'zendesk',
      label: '#5',
      // CKEditor 5 posts its model, not the DOM: the model must hold the draft.
      editor: (page: Page) => page.evaluate(() => (window as unknown as { fixtureEditorValue(id: number): string }).fixtureEditorValue(5)),
    },
    {
      name: 'Freshdesk (Froala editor opened by Reply, mirrored into its textarea 400 ms after a change)',
      host: 'acme.freshdesk.com',
      path: '/a/tickets/5',
      helpdesk: 'freshdesk',
      label: '#5',
      editor: async (page: Page) => htmlToStoredText(await page.evaluate(() => document.querySelector('.fr-box .fr-element')?.innerHTML ?? '')).trim(),
    },
    {
      name: 'Help Scout (editor opened by Reply, thread newest first)',
      host: 'secure.helpscout.net',
      path: '/conversation/5/31005',
      helpdesk: 'helpscout',
      label: '#31005',
      editor: async (page: Page) => htmlToStoredText(await page.evaluate(() => document.querySelector('[data-cy="ConvoEditor"] [contenteditable]')?.innerHTML ?? '')).trim(),
    },
  ] as const;

  for (const c of cases) {
    it(`${c.name}: enabled, labelled unconfirmed, reads, inserts, and posts exactly once`, async () => {
      helpdesks.reset();
      m.model.reset();
      m.model.script([{ toolCalls: [{ name: 'reply__propose', arguments: { body: DRAFT } }] }, { text: 'The draft is in the card.' }]);
      const url = helpdesks.url(c.host, c.path);
      const page = await openFirefoxPage(firefox, url);
      const { sidebarPage, tabId } = await openSidebarFor(firefox, url);
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
