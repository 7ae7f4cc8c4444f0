import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, openRealSidePanel, type ChromiumHarness } from './harness/chromium';
import { ask, configureChromium, startModel, waitForChat, type ModelForExtension } from './harness/chat';
import { clickConfirm, openTicket, startDemoHelpdesk, theCard, type DemoHelpdesk } from './harness/deskmate';
import { setMasking } from './harness/options';
import { poll } from './harness/wait';
import { stopServiceWorker } from './harness/service-worker';

/** #1049: a German customer with a phone, a mobile number, an IBAN and an address. */
const TICKET = { id: 9, label: '#1049', recipient: 'Jonas Becker <jonas.becker@example.de>' } as const;
const PERSONAL = ['Jonas', 'Becker', 'jonas.becker@example.de', '+49 30 12345678', '0171 2345678', 'DE89 3704 0044 0532 0130 00', 'DE89370400440532013000', 'Hauptstraße 5', '10115 Berlin', 'Sam Rivera'];

/** The page's reply editor as the agent reads it. */
const editorText = (page: Page) => page.evaluate(() => document.querySelector<HTMLElement>('.hd-editor')?.innerText ?? '');

describe('agent.masking: personal data never reaches the model, the agent sees and sends real values', () => {
  let chromium: ChromiumHarness;
  let helpdesk: DemoHelpdesk;
  let m: ModelForExtension;

  beforeAll(async () => {
    helpdesk = await startDemoHelpdesk();
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

  it('drafts from placeholders, and the draft card, reply box and confirm card hold the real values', async () => {
    const page = await openTicket(chromium.context, helpdesk, TICKET.id);
    const panel = await openRealSidePanel(chromium.context, chromium.extensionId, page);
    await panel.waitFor('[data-testid="chat-input"]');
    await ask(panel, 'What does the customer want? Draft a reply.');
    const view = await waitForChat(panel, (v) => !v.running && v.drafts.length === 1, 'the draft card', { timeoutMs: 40_000 });

    // What the model server received: placeholders only.
    const wire = JSON.stringify(m.model.requests());
    expect(m.model.requests().length).toBeGreaterThanOrEqual(3);
    for (const value of PERSONAL) expect(wire, `the model received "${value}"`).not.toContain(value);
    expect(wire).toContain('[CUSTOMER_1]');
    expect(wire).toContain('[IBAN_1]');
    expect(wire).toContain('[PHONE_1]');
    expect(wire).toContain('[EMAIL_1]');

    // What the agent sees: real values, no placeholder.
    const draft = view.drafts[0]!;
    expect(draft).toMatch(/^Hi Jonas,/);
    expect(draft).not.toMatch(/\[[A-Z]+_\d/);
    expect(view.assistants.at(-1)?.text).not.toMatch(/\[[A-Z]+_\d/);

    await panel.click('[data-testid="draft-insert"]');
    let inBox = '';
    // The editor shows paragraphs as blocks: compared line by line, blank lines aside.
    const lines = (s: string) => s.split('\n').filter((l) => l.trim());
    await poll(async () => (JSON.stringify(lines((inBox = await editorText(page)))) === JSON.stringify(lines(draft)) ? true : undefined), () => `the reply box to hold the draft, not ${JSON.stringify(inBox)} (draft ${JSON.stringify(draft)})`);

    await panel.click('[data-testid="draft-send"]');
    const card = await theCard(panel, ['pending']);
    expect(card.body).toBe(draft);
    expect(card.fields).toContain(TICKET.recipient);
    expect(await helpdesk.sentLog()).toEqual([]);
    await clickConfirm(panel);
    const done = await theCard(panel, ['sent', 'refused', 'failed', 'unknown'], { timeoutMs: 20_000 });
    expect(done.state, done.status).toBe('sent');
    const sent = await helpdesk.sentLog();
    expect(sent.map((s) => [s.ticketId, s.text])).toEqual([[TICKET.id, draft]]);
    await panel.close();
    await page.close();
  });

  it('masks after the worker was stopped: the detectors load again in the restarted worker', async () => {
    const page = await openTicket(chromium.context, helpdesk, TICKET.id);
    const panel = await openRealSidePanel(chromium.context, chromium.extensionId, page);
    await panel.waitFor('[data-testid="chat-input"]');
    // Chromium lets a started worker import only what it imported while being installed.
    await stopServiceWorker(chromium.context);
    const before = m.model.requests().length;
    await ask(panel, 'What does the customer want? Draft a reply.');
    const view = await waitForChat(panel, (v) => !v.running && v.drafts.length === 1, 'the draft card', { timeoutMs: 40_000 });
    expect(view.errors).toEqual([]);
    const wire = JSON.stringify(m.model.requests().slice(before));
    expect(m.model.requests().length).toBeGreaterThan(before);
    for (const value of PERSONAL) expect(wire, `the model received "${value}"`).not.toContain(value);
    expect(wire).toContain('[IBAN_1]');
    expect(view.drafts[0]).toMatch(/^Hi Jonas,/);
    await panel.close();
    await page.close();
  });
});
