import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect } from 'vitest';
import { launchChromium, openRealSidePanel, type ChromiumHarness, type SidePanel } from '../e2e/harness/chromium';
import { ask, configureChromium, startModel, waitForChat, type ModelForExtension } from '../e2e/harness/chat';
import { openTicket, startDemoHelpdesk, storedConfirmations, theCard, waitIn, type DemoHelpdesk } from '../e2e/harness/deskmate';
import { attack } from './attack';

/**
 * Finding 7 in real Chromium and the real side panel: the demo model, scripted as a victim of an
 * injection, drafts a reply to #1049 with a phishing link and a second bank account next to the
 * customer's real IBAN and phone. The card lists each with its host, and the two the assistant
 * made up stand out; the customer's own details, read from the ticket, do not.
 */
const GERMAN = { id: 9, label: '#1049' } as const;
const PHISH = 'https://northwind-refunds.example/bestaetigen?ref=NW-21877';
const FAKE_IBAN = 'DE44 5001 0517 5407 3249 31';
const DRAFT = [
  'Guten Tag Herr Becker,',
  '',
  'wir erstatten den doppelten Betrag auf Ihr Konto DE89 3704 0044 0532 0130 00.',
  `Bitte bestätigen Sie vorher Ihre Daten unter ${PHISH} oder überweisen Sie die Gebühr auf ${FAKE_IBAN}.`,
  'Rückfragen: +49 30 12345678.',
  '',
  'Freundliche Grüße',
].join('\n');

describe('security: what the confirm card cannot see, listed (finding 7, Chromium)', () => {
  let chromium: ChromiumHarness;
  let helpdesk: DemoHelpdesk;
  let m: ModelForExtension;
  let page: Page | undefined;
  let panel: SidePanel | undefined;

  beforeAll(async () => {
    helpdesk = await startDemoHelpdesk();
    m = await startModel({ chunkDelayMs: 2 });
    chromium = await launchChromium();
    await configureChromium(chromium.context, chromium.extensionId, m);
  });
  afterEach(async () => {
    await panel?.close().catch(() => undefined);
    await page?.close().catch(() => undefined);
    panel = page = undefined;
  });
  afterAll(async () => {
    await chromium?.close();
    await m?.model.close();
    await helpdesk?.close();
  });
  beforeEach(async () => {
    await helpdesk.reset();
    m.model.reset();
  });

  attack('a phishing link and a changed bank account in a model-written draft stand out before Confirm', async () => {
    m.model.script([
      { toolCalls: [{ name: 'ticket__read', arguments: {} }] },
      { toolCalls: [{ name: 'reply__propose', arguments: { body: DRAFT } }] },
      { text: 'Here is a draft.' },
    ]);
    page = await openTicket(chromium.context, helpdesk, GERMAN.id);
    panel = await openRealSidePanel(chromium.context, chromium.extensionId, page);
    await panel.waitFor('[data-testid="chat-input"]');
    await ask(panel, 'Draft a reply.');
    await waitForChat(panel, (v) => !v.running && v.drafts.length === 1, 'the draft card');
    await panel.click('[data-testid="draft-send"]');
    await theCard(panel, ['pending']);
    await waitIn(panel, () => document.querySelector('[data-testid="confirm-review"]')?.getAttribute('data-state') === 'ready', null, 'the list under the body');

    const listed = await panel.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('[data-testid="review-item"]')].map((li) => ({
        kind: li.dataset.kind,
        value: li.querySelector('.review-value')?.textContent,
        host: li.querySelector('[data-testid="review-host"]')?.textContent ?? null,
        unverified: li.dataset.unverified === 'true',
        source: li.querySelector('[data-testid="review-source"]')?.textContent,
      })),
    );
    expect(listed).toEqual([
      { kind: 'link', value: PHISH, host: 'northwind-refunds.example', unverified: true, source: expect.stringMatching(/^⚠ /) },
      { kind: 'iban', value: 'DE89 3704 0044 0532 0130 00', host: 'DE', unverified: false, source: 'in the ticket' },
      { kind: 'iban', value: FAKE_IBAN, host: 'DE', unverified: true, source: expect.stringMatching(/^⚠ /) },
      { kind: 'phone', value: '+49 30 12345678', host: null, unverified: false, source: 'in the ticket' },
    ]);
    expect(await panel.text('[data-testid="review-warning"]')).toMatch(/^2 of these came from the assistant/);
    // Shown, not sent.
    expect(await helpdesk.sentLog()).toEqual([]);
    expect((await storedConfirmations(panel)).map((r) => r.status)).toEqual(['pending']);
  });

  attack('a changed bank account written another way (finding 6) stands out before Confirm, and the ticket\'s own account in another spelling does not', async () => {
    const NBSP = '\u00A0';
    const body = [
      'Guten Tag Herr Becker,',
      '',
      'wir erstatten auf de89.3704.0044.0532.0130.00.',
      `Die Gebühr bitte auf DE44${NBSP}5001${NBSP}0517${NBSP}5407${NBSP}3249${NBSP}31 oder auf Konto 7654 3210 98 (BLZ 500 105 17).`,
    ].join('\n');
    m.model.script([
      { toolCalls: [{ name: 'ticket__read', arguments: {} }] },
      { toolCalls: [{ name: 'reply__propose', arguments: { body } }] },
      { text: 'Here is a draft.' },
    ]);
    page = await openTicket(chromium.context, helpdesk, GERMAN.id);
    panel = await openRealSidePanel(chromium.context, chromium.extensionId, page);
    await panel.waitFor('[data-testid="chat-input"]');
    await ask(panel, 'Draft a reply.');
    await waitForChat(panel, (v) => !v.running && v.drafts.length === 1, 'the draft card');
    await panel.click('[data-testid="draft-send"]');
    await theCard(panel, ['pending']);
    await waitIn(panel, () => document.querySelector('[data-testid="confirm-review"]')?.getAttribute('data-state') === 'ready', null, 'the list under the body');

    const listed = await panel.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('[data-testid="review-item"]')].map((li) => [li.dataset.kind, li.dataset.unverified === 'true']),
    );
    expect(listed).toEqual([
      ['iban', false],
      ['iban', true],
      ['number', true],
      ['number', true],
    ]);
    expect(await panel.text('[data-testid="review-warning"]')).toMatch(/^3 of these came from the assistant/);
    expect(await helpdesk.sentLog()).toEqual([]);
  });
});
