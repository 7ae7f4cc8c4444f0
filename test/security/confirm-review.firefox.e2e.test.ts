import { afterAll, beforeAll, describe, expect } from 'vitest';
import { launchFirefox, openFirefoxExtensionPage, openFirefoxPage, type FirefoxHarness } from '../e2e/harness/firefox';
import { ask, DEMO_MODEL, startModel, waitForChat, type ModelForExtension } from '../e2e/harness/chat';
import { showTab, startDemoHelpdesk, theCard, waitIn, type DemoHelpdesk } from '../e2e/harness/deskmate';
import { firefoxDriver } from '../e2e/harness/firefox-driver';
import { openSidebarFor } from '../e2e/harness/firefox-sidebar';
import { poll } from '../e2e/harness/wait';
import { attack } from './attack';

/**
 * Finding 6 in Firefox ESR, whose background is a page that loads the review's detectors by a
 * script element: a model-written draft with a changed bank account written another way than
 * usual. The card lists and flags it; the ticket's own account, respelt, stays seen.
 */
const GERMAN = { id: 9, label: '#1049' } as const;
const NBSP = '\u00A0';
const DRAFT = [
  'Guten Tag Herr Becker,',
  '',
  'wir erstatten auf de89.3704.0044.0532.0130.00.',
  `Die Gebühr bitte auf DE44${NBSP}5001${NBSP}0517${NBSP}5407${NBSP}3249${NBSP}31 oder auf Konto 7654 3210 98 (BLZ 500 105 17).`,
].join('\n');

describe('security: the confirm card\'s review in Firefox (finding 6)', () => {
  let firefox: FirefoxHarness;
  let helpdesk: DemoHelpdesk;
  let m: ModelForExtension;

  beforeAll(async () => {
    helpdesk = await startDemoHelpdesk();
    m = await startModel({ chunkDelayMs: 2 });
    firefox = await launchFirefox();
    const options = await openFirefoxExtensionPage(firefox, 'options.html');
    try {
      const form = firefoxDriver(options);
      await options.waitForSelector('[data-testid=settings-base-url]');
      await form.fill('[data-testid=settings-base-url]', m.model.url);
      await form.fill('[data-testid=settings-model]', DEMO_MODEL);
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

  attack('a changed bank account written another way stands out before Confirm, and the ticket\'s own account in another spelling does not', async () => {
    m.model.script([
      { toolCalls: [{ name: 'ticket__read', arguments: {} }] },
      { toolCalls: [{ name: 'reply__propose', arguments: { body: DRAFT } }] },
      { text: 'Here is a draft.' },
    ]);
    const ticketUrl = helpdesk.ticketUrl(GERMAN.id);
    const ticket = await openFirefoxPage(firefox, ticketUrl);
    await ticket.waitForSelector(`.hd-ticket[data-ticket-id="${GERMAN.id}"]`);
    const { sidebarPage } = await openSidebarFor(firefox, ticketUrl);
    const sidebar = firefoxDriver(sidebarPage);
    await showTab(sidebar, 'Chat');
    await sidebarPage.waitForSelector('[data-testid="chat-input"]');
    await ask(sidebar, 'Draft a reply.');
    await waitForChat(sidebar, (v) => !v.running && v.drafts.length === 1, 'the draft card', { timeoutMs: 40_000 });
    await sidebar.click('[data-testid="draft-send"]');
    await theCard(sidebar, ['pending']);
    await waitIn(sidebar, () => document.querySelector('[data-testid="confirm-review"]')?.getAttribute('data-state') === 'ready', null, 'the list under the body');

    const listed = await sidebarPage.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('[data-testid="review-item"]')].map((li) => [li.dataset.kind, li.dataset.unverified === 'true']),
    );
    expect(listed).toEqual([
      ['iban', false],
      ['iban', true],
      ['number', true],
      ['number', true],
    ]);
    expect(await sidebarPage.$eval('[data-testid="review-warning"]', (w) => w.textContent)).toMatch(/^3 of these came from the assistant/);
    expect(await helpdesk.sentLog()).toEqual([]);
    await sidebarPage.close();
    await ticket.close();
  });
});
