import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, openRealSidePanel, type ChromiumHarness } from '../e2e/harness/chromium';
import { ask, configureChromium, startModel, waitForChat, type ModelForExtension } from '../e2e/harness/chat';
import { openTicket, waitIn, type DemoHelpdesk } from '../e2e/harness/deskmate';
import { setMasking } from '../e2e/harness/options';
import { attack } from './attack';
import { FORMS_TICKET, leakedIn, startFormsHelpdesk } from './masking-forms';

/**
 * Finding 3 in the built extension in Chromium: a ticket read from the page with personal data in
 * ordinary forms, what the model server really received, and the draft the agent gets back.
 */
describe('security: personal data in ordinary forms, in Chromium (finding 3)', () => {
  let chromium: ChromiumHarness;
  let helpdesk: DemoHelpdesk;
  let m: ModelForExtension;

  beforeAll(async () => {
    helpdesk = await startFormsHelpdesk();
    m = await startModel({ chunkDelayMs: 2 });
    chromium = await launchChromium();
    await configureChromium(chromium.context, chromium.extensionId, m);
    await setMasking(chromium.context, chromium.extensionId, true);
  });
  afterAll(async () => {
    await chromium?.close();
    await m?.model.close();
    await helpdesk?.close();
  });

  attack('a ticket with names, an email, IBANs, a card, a phone and an address in ordinary forms reaches the model in no spelling', async () => {
    const page = await openTicket(chromium.context, helpdesk, FORMS_TICKET.id);
    const panel = await openRealSidePanel(chromium.context, chromium.extensionId, page);
    await panel.waitFor('[data-testid="chat-input"]');
    await ask(panel, 'What does the customer want? Draft a reply.');
    const view = await waitForChat(panel, (v) => !v.running && v.drafts.length === 1, 'the draft card', { timeoutMs: 40_000 });
    expect(view.errors).toEqual([]);

    const requests = m.model.requests();
    expect(requests.length).toBeGreaterThanOrEqual(3);
    const raw = JSON.stringify(requests);
    // The ticket was read: its order number reached the model as written, not as a postcode.
    expect(raw).toContain('order #55812');
    expect(leakedIn(raw), 'what the model received').toEqual([]);

    // The agent reads the requester's first name from "Schmidt, Maria", and no placeholder.
    const draft = view.drafts[0]!;
    expect(draft).toMatch(/^Hi Maria,/);
    expect(draft).not.toMatch(/\[[A-Z]+_\d/);
    await panel.close();
    await page.close();
  });

  it('the sidebar shows that masking is on, and stops saying so when it is turned off', async () => {
    const page = await openTicket(chromium.context, helpdesk, FORMS_TICKET.id);
    const panel = await openRealSidePanel(chromium.context, chromium.extensionId, page);
    try {
      expect(await panel.text('[data-testid="masking-badge"]')).toBe('Masking on');
      expect(await panel.evaluate(() => document.querySelector('[data-testid="masking-badge"]')?.getAttribute('title'))).toMatch(/replaced by placeholders before it reaches the model/);
      // The demo model runs on this computer: without the agent's choice, nothing is masked.
      await setMasking(chromium.context, chromium.extensionId, false);
      await waitIn(panel, () => !document.querySelector('[data-testid="masking-badge"]') && !!document.querySelector('[data-testid="chat-input"]'), null, 'the badge to go once masking is off');
      await setMasking(chromium.context, chromium.extensionId, true);
      await panel.waitFor('[data-testid="masking-badge"]');
    } finally {
      await panel.close();
      await page.close();
    }
  });
});
