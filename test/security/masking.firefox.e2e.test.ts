import { afterAll, beforeAll, describe, expect } from 'vitest';
import { launchFirefox, openFirefoxExtensionPage, openFirefoxPage, type FirefoxHarness } from '../e2e/harness/firefox';
import { ask, DEMO_MODEL, startModel, waitForChat, type ModelForExtension } from '../e2e/harness/chat';
import { showTab, type DemoHelpdesk } from '../e2e/harness/deskmate';
import { firefoxDriver } from '../e2e/harness/firefox-driver';
import { openSidebarFor } from '../e2e/harness/firefox-sidebar';
import { poll } from '../e2e/harness/wait';
import { attack } from './attack';
import { FORMS_TICKET, leakedIn, startFormsHelpdesk } from './masking-forms';

/**
 * Finding 3 in Firefox ESR, whose background is a page and reads the helpdesk's text through
 * another engine: the same ticket, what the model server received, the draft the agent gets back.
 */
describe('security: personal data in ordinary forms, in Firefox (finding 3)', () => {
  let firefox: FirefoxHarness;
  let helpdesk: DemoHelpdesk;
  let m: ModelForExtension;

  beforeAll(async () => {
    helpdesk = await startFormsHelpdesk();
    m = await startModel({ chunkDelayMs: 2 });
    firefox = await launchFirefox();
    const options = await openFirefoxExtensionPage(firefox, 'options.html');
    try {
      const form = firefoxDriver(options);
      await options.waitForSelector('[data-testid=settings-pii]');
      await form.fill('[data-testid=settings-base-url]', m.model.url);
      await form.fill('[data-testid=settings-model]', DEMO_MODEL);
      if (!(await options.evaluate(() => document.querySelector<HTMLInputElement>('[data-testid=settings-pii]')!.checked))) await form.click('[data-testid=settings-pii]');
      await form.click('[data-testid=settings-save]');
      await poll(
        async () => {
          const cls = await options.evaluate(() => document.querySelector('[data-testid=settings-status]')?.className ?? '');
          if (/\berror\b/.test(cls)) throw new Error('the options page refused the settings');
          return /\bok\b/.test(cls) ? true : undefined;
        },
        'the options page to say the settings were saved',
        { timeoutMs: 20_000 },
      );
    } finally {
      await options.close();
    }
  });
  afterAll(async () => {
    await firefox?.close();
    await m?.model.close();
    await helpdesk?.close();
  });

  attack('a ticket with names, an email, IBANs, a card, a phone and an address in ordinary forms reaches the model in no spelling', async () => {
    const ticketUrl = helpdesk.ticketUrl(FORMS_TICKET.id);
    const ticket = await openFirefoxPage(firefox, ticketUrl);
    await ticket.waitForSelector(`.hd-ticket[data-ticket-id="${FORMS_TICKET.id}"]`);
    const { sidebarPage } = await openSidebarFor(firefox, ticketUrl);
    const sidebar = firefoxDriver(sidebarPage);
    await showTab(sidebar, 'Chat');
    await sidebarPage.waitForSelector('[data-testid="chat-input"]');
    // Masking on, as the sidebar says.
    await sidebarPage.waitForSelector('[data-testid="masking-badge"]');
    expect(await sidebarPage.$eval('[data-testid="masking-badge"]', (b) => b.textContent)).toBe('Masking on');
    await ask(sidebar, 'What does the customer want? Draft a reply.');
    const view = await waitForChat(sidebar, (v) => !v.running && v.drafts.length === 1, 'the draft card', { timeoutMs: 40_000 });
    expect(view.errors).toEqual([]);

    const requests = m.model.requests();
    expect(requests.length).toBeGreaterThanOrEqual(3);
    const raw = JSON.stringify(requests);
    // The ticket was read: its order number reached the model as written, not as a postcode.
    expect(raw).toContain('order #55812');
    expect(leakedIn(raw), 'what the model received').toEqual([]);

    const draft = view.drafts[0]!;
    expect(draft).toMatch(/^Hi Maria,/);
    expect(draft).not.toMatch(/\[[A-Z]+_\d/);
    await sidebarPage.close();
    await ticket.close();
  });
});
