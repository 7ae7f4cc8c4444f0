import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { ask, startModel, waitForChat, type ModelForExtension } from '../e2e/harness/chat';
import { showTab, startDemoHelpdesk, TICKET_1, type DemoHelpdesk, type Envelope } from '../e2e/harness/deskmate';
import { launchFirefox, openFirefoxExtensionPage, openFirefoxPage, type FirefoxHarness } from '../e2e/harness/firefox';
import { firefoxDriver } from '../e2e/harness/firefox-driver';
import { configureFirefox, openSidebarFor } from '../e2e/harness/firefox-sidebar';
import { removeFirefoxPolicy, writeFirefoxPolicyValue } from '../e2e/harness/policy-files';
import { poll } from '../e2e/harness/wait';
import { attack } from './attack';

declare const browser: { runtime: { sendMessage(m: unknown): Promise<unknown> } };

/**
 * A policies.json whose value for Deskmate is there but cannot be read: the admin wrapped the
 * policy in a list. Firefox hands it over as an object keyed "0", "1"; before, Deskmate took that
 * for no policy at all, and every site, every send and unmasked requests were back. It must fail
 * closed, in the real browser: Deskmate runs on no site (the loopback helpdesk included), asks the
 * model nothing, and the sidebar, the options page and Diagnostics say why.
 */
describe('security: an unreadable policy in Firefox fails closed', () => {
  let firefox: FirefoxHarness;
  let helpdesk: DemoHelpdesk;
  let m: ModelForExtension;

  beforeAll(async () => {
    removeFirefoxPolicy(); // one a crashed run left behind
    helpdesk = await startDemoHelpdesk();
    m = await startModel({ chunkDelayMs: 2 });
    writeFirefoxPolicyValue([{ allowedSites: ['https://desk.example.com'], sendDisabled: true, requireMasking: true }]);
    firefox = await launchFirefox({ fresh: true });
    await configureFirefox(firefox, m);
  }, 90_000);
  afterAll(async () => {
    try {
      await firefox?.close();
      await m?.model.close();
      await helpdesk?.close();
    } finally {
      removeFirefoxPolicy();
    }
  });

  attack('Firefox: a policies.json value Deskmate cannot read switches off the organisation’s sites, sending and masking', async () => {
    const ticketUrl = helpdesk.ticketUrl(TICKET_1.id);
    const ticket: Page = await openFirefoxPage(firefox, ticketUrl);
    await ticket.waitForSelector(`.hd-ticket[data-ticket-id="${TICKET_1.id}"]`);
    const { sidebarPage, tabId } = await openSidebarFor(firefox, ticketUrl);
    const sidebar = firefoxDriver(sidebarPage);
    // Firefox's `chrome.runtime.sendMessage` takes a callback: ask with `browser`.
    const send = <T,>(message: Record<string, unknown>) => sidebarPage.evaluate((msg) => browser.runtime.sendMessage(msg), message) as Promise<Envelope<T>>;

    // The loopback helpdesk runs nowhere: no page, no tools, and the sidebar says why.
    const blocked = await sidebarPage.waitForSelector('[data-testid="site-blocked"]', { timeout: 20_000 });
    expect(await blocked!.evaluate((e) => e.textContent)).toMatch(/policy could not be read/);
    expect(await sidebarPage.$('[data-testid="site-enable"]')).toBeNull();
    const view = await send<{ page: unknown; tools: unknown[] }>({ type: 'view.get', tabId });
    expect(view).toMatchObject({ ok: true, value: { page: null, tools: [] } });
    const fill = await send({ type: 'tool.invoke', tabId, tool: 'reply.fill', input: { body: 'Written anyway.' } });
    expect(fill).toMatchObject({ ok: true, value: { ok: false } });

    // Nothing reaches the model.
    await showTab(sidebar, 'Chat');
    await sidebarPage.waitForSelector('[data-testid="chat-input"]');
    await ask(sidebar, 'What does the customer want?');
    const chat = await waitForChat(sidebar, (v) => !v.running && v.errors.length > 0, 'the refusal in the chat', { timeoutMs: 30_000 });
    expect(chat.errors.at(-1)!.text).toMatch(/policy could not be read/);
    expect(m.model.requests()).toEqual([]);
    expect(await helpdesk.sentLog()).toEqual([]);
    await sidebarPage.close();

    // The options page and Diagnostics say why.
    const options = await openFirefoxExtensionPage(firefox, 'options.html');
    const alert = await options.waitForSelector('[data-testid="policy-unreadable"]');
    expect(await alert!.evaluate((e) => e.textContent)).toMatch(/could not be read \(none of its settings is one Deskmate knows: 0\)/);
    await poll(async () => {
      await options.click('[data-testid="diagnostics-refresh"]');
      const levels = await options.$$eval('[data-testid="diagnostics-entry"][data-area="policy"]', (els) => els.map((e) => e.getAttribute('data-level')));
      return levels.includes('error') ? true : undefined;
    }, 'the unreadable policy under Diagnostics');
    await options.close();
    await ticket.close();
  });
});
