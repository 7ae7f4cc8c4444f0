import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchChromium, openRealSidePanel, type ChromiumHarness } from './harness/chromium';
import {
  clickConfirm,
  openTicket,
  replyBody,
  sendToBackground,
  showTab,
  startDemoHelpdesk,
  storedConfirmations,
  theCard,
  TICKET_1,
  toolsByGrade,
  waitForTools,
  waitIn,
  type Driver,
  type DemoHelpdesk,
  type ToolResultLike,
} from './harness/deskmate';
import { startModel, type ModelForExtension } from './harness/chat';
import { draftCallId, sendFromDraft, useModel } from './harness/drafts';

/** Marks the site switch whose label speaks of `word` ("send", "write"), and says if it is on. */
async function markSwitch(driver: Driver, word: string): Promise<boolean> {
  const on = await driver.evaluate((word: string) => {
    const labels = [...document.querySelectorAll('label')].filter((l) => l.querySelector('input[type="checkbox"]'));
    const label = labels.find((l) => new RegExp(`\\b${word}`, 'i').test(l.textContent ?? ''));
    if (!label) return null;
    for (const l of document.querySelectorAll('[data-e2e-switch]')) l.removeAttribute('data-e2e-switch');
    label.setAttribute('data-e2e-switch', word);
    return label.querySelector<HTMLInputElement>('input[type="checkbox"]')!.checked;
  }, word);
  if (on === null) throw new Error(`the sidebar has no site switch about "${word}"`);
  return on;
}

const switchIs = (driver: Driver, word: string, on: boolean) =>
  waitIn(
    driver,
    ({ word, on }: { word: string; on: boolean }) =>
      document.querySelector<HTMLInputElement>(`[data-e2e-switch="${word}"] input[type="checkbox"]`)?.checked === on,
    { word, on },
    `the ${word} switch to be ${on ? 'on' : 'off'}`,
  );

/** The Page tab's Send section says a send goes from the chat's draft (on), or that sending is off. */
const sendsFromChat = (driver: Driver, on: boolean) =>
  waitIn(driver, (on: boolean) => (document.querySelector('[data-testid="send-from-chat"]') !== null) === on, on, `the page actions to say sending is ${on ? 'on' : 'off'}`);

describe('runtime.read-only: switching sending off for the site', () => {
  let chromium: ChromiumHarness;
  let helpdesk: DemoHelpdesk;
  let m: ModelForExtension;

  beforeAll(async () => {
    helpdesk = await startDemoHelpdesk();
    m = await startModel({ chunkDelayMs: 2 });
    chromium = await launchChromium();
    await useModel(chromium.context, chromium.extensionId, m);
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

  it("takes sending off the page and the draft, and makes the draft's Send… not_granted, until switched on again", async () => {
    const page = await openTicket(chromium.context, helpdesk, TICKET_1.id);
    const panel = await openRealSidePanel(chromium.context, chromium.extensionId, page);

    // A send prepared from the ticket's draft while sending was allowed...
    const early = replyBody('prepared before read-only');
    await sendFromDraft(panel, m.model, early);
    expect((await theCard(panel, ['pending'])).body).toBe(early);
    const callId = await draftCallId(panel, panel.tabId);
    const invokeSend = () =>
      sendToBackground<ToolResultLike>(panel, { type: 'tool.invoke', tabId: panel.tabId, tool: 'reply.send', input: { body: replyBody('read-only') }, draft: callId });

    // Off: a trusted click on the switch in the real panel.
    await showTab(panel, 'Page');
    await waitForTools(panel, ['ticket.read', 'reply.fill']);
    await sendsFromChat(panel, true);
    expect(await markSwitch(panel, 'send')).toBe(true);
    await panel.click('[data-e2e-switch="send"]');
    await switchIs(panel, 'send', false);
    await sendsFromChat(panel, false);

    const grades = await toolsByGrade(panel);
    expect(grades).toEqual({ read: ['ticket.read', 'tickets.search'], write: ['reply.fill'] });
    const stored = await sendToBackground<{ origin: string; send: boolean; write: boolean }[]>(panel, { type: 'sites.list' });
    expect(stored.ok && stored.value.find((s) => s.origin === helpdesk.url)).toMatchObject({ send: false, write: true });

    // ...is not sent once sending is off: Confirm is refused, and the draft's Send… says why it is off.
    await showTab(panel, 'Chat');
    await waitIn(panel, () => document.querySelector<HTMLButtonElement>('[data-testid="draft-send"]')?.disabled === true, null, "the draft's Send… off");
    await clickConfirm(panel);
    const card = await theCard(panel, ['sent', 'refused', 'failed', 'unknown'], { timeoutMs: 20_000 });
    expect(card.state, card.status).toBe('refused');
    expect(card.status).toMatch(/switched off/i);
    expect(await helpdesk.sentLog()).toEqual([]);

    const refused = await invokeSend();
    expect(refused).toMatchObject({ ok: true, value: { ok: false, code: 'not_granted' } });
    expect((await storedConfirmations(panel)).filter((r) => r.payload.body === replyBody('read-only'))).toEqual([]);
    // Write and read are untouched by the send switch.
    const read = await sendToBackground<ToolResultLike>(panel, { type: 'tool.invoke', tabId: panel.tabId, tool: 'ticket.read', input: {} });
    expect(read.ok && read.value.ok).toBe(true);

    // On again: the draft's Send… is back and prepares (it does not send).
    await showTab(panel, 'Page');
    expect(await markSwitch(panel, 'send')).toBe(false);
    await panel.click('[data-e2e-switch="send"]');
    await switchIs(panel, 'send', true);
    await sendsFromChat(panel, true);
    expect(await toolsByGrade(panel)).toEqual({ read: ['ticket.read', 'tickets.search'], write: ['reply.fill'] });
    const prepared = await invokeSend();
    expect(prepared).toMatchObject({ ok: true, value: { ok: true, requiresConfirm: true } });
    expect(await helpdesk.sentLog()).toEqual([]);

    // Leave nothing pending behind for this tab.
    const ids = [prepared.ok ? prepared.value.confirmation?.id : undefined, ...(await storedConfirmations(panel)).filter((r) => r.payload.body === early).map((r) => r.id)];
    for (const id of ids) {
      expect(await sendToBackground(panel, { type: 'confirm.cancel', id })).toMatchObject({ ok: true, value: { ok: true } });
    }
    expect(await helpdesk.sentLog()).toEqual([]);
    await panel.close();
    await page.close();
  });
});
