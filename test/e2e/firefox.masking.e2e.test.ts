import type { DemoModel } from '../../demo/model/server.mjs';
import { ask, DEMO_MODEL, waitForChat } from './harness/chat';
import { showTab, theCard } from './harness/deskmate';
import { openFirefoxExtensionPage, type FirefoxHarness } from './harness/firefox';
import { firefoxDriver } from './harness/firefox-driver';
import { describe, expect, firefoxTest } from './harness/firefox-fixtures';
import { poll } from './harness/wait';

/** #1049: a German customer with a phone, a mobile number, an IBAN and an address. */
const TICKET = { id: 9, label: '#1049' } as const;
const PERSONAL = ['Jonas', 'Becker', 'jonas.becker@example.de', '+49 30 12345678', '0171 2345678', 'DE89 3704 0044 0532 0130 00', 'DE89370400440532013000', 'Hauptstraße 5', '10115 Berlin'];

/**
 * Masking on Firefox ESR, whose background is a page: the detectors (the personal data script)
 * load there by a script element the first time a masked turn needs them.
 */
const test = firefoxTest({ configure: false });

describe('firefox.masking: personal data never reaches the model', () => {
  test.override({ ticketId: TICKET.id });
  test.beforeAll(({ firefox, model }) => configure(firefox, model));

  /** The options form: the demo model, masking on. */
  async function configure(firefox: FirefoxHarness, model: DemoModel): Promise<void> {
    const options = await openFirefoxExtensionPage(firefox, 'options.html');
    try {
      const form = firefoxDriver(options);
      await options.waitForSelector('[data-testid=settings-pii]');
      await form.fill('[data-testid=settings-base-url]', model.url);
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
  }

  test('drafts from placeholders; the draft and the confirm card hold the real values', async ({ model, helpdesk, sidebar: { page: sidebarPage, driver: sidebar } }) => {
    await showTab(sidebar, 'Chat');
    await sidebarPage.waitForSelector('[data-testid="chat-input"]');

    await ask(sidebar, 'What does the customer want? Draft a reply.');
    const view = await waitForChat(sidebar, (v) => !v.running && v.drafts.length === 1, 'the draft card', { timeoutMs: 40_000 });
    expect(view.errors).toEqual([]);
    const wire = JSON.stringify(model.requests());
    expect(model.requests().length).toBeGreaterThanOrEqual(3);
    for (const value of PERSONAL) expect(wire, `the model received "${value}"`).not.toContain(value);
    for (const placeholder of ['[CUSTOMER_1]', '[IBAN_1]', '[PHONE_1]', '[EMAIL_1]']) expect(wire).toContain(placeholder);
    const draft = view.drafts[0]!;
    expect(draft).toMatch(/^Hi Jonas,/);
    expect(draft).not.toMatch(/\[[A-Z]+_\d/);

    // The confirm card's contact list comes from the same script.
    await sidebar.click('[data-testid="draft-send"]');
    const card = await theCard(sidebar, ['pending']);
    expect(card.body).toBe(draft);
    expect(await helpdesk.sentLog()).toEqual([]);
  });
});
