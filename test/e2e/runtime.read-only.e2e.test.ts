import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchChromium, openRealSidePanel, type ChromiumHarness } from './harness/chromium';
import {
  clickConfirm,
  openTicket,
  replyBody,
  runTool,
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

const toolGone = (driver: Driver, tool: string) =>
  waitIn(driver, (t: string) => !document.querySelector(`[data-testid="page-tool"][data-tool="${t}"]`), tool, `${tool} to leave the page actions`);

describe('runtime.read-only: switching sending off for the site', () => {
  let chromium: ChromiumHarness;
  let helpdesk: DemoHelpdesk;

  beforeAll(async () => {
    helpdesk = await startDemoHelpdesk();
    chromium = await launchChromium();
  });
  afterAll(async () => {
    await chromium?.close();
    await helpdesk?.close();
  });
  beforeEach(async () => {
    await helpdesk.reset();
  });

  it('takes reply.send off the page actions and makes a direct invoke not_granted, until switched on again', async () => {
    const page = await openTicket(chromium.context, helpdesk, TICKET_1.id);
    const panel = await openRealSidePanel(chromium.context, chromium.extensionId, page);
    await showTab(panel, 'Page');
    await waitForTools(panel, ['ticket.read', 'reply.fill', 'reply.send']);
    const invokeSend = () =>
      sendToBackground<ToolResultLike>(panel, { type: 'tool.invoke', tabId: panel.tabId, tool: 'reply.send', input: { body: replyBody('read-only') } });

    // A send prepared while sending was allowed...
    const early = replyBody('prepared before read-only');
    await runTool(panel, 'reply.send', early);
    expect((await theCard(panel, ['pending'])).body).toBe(early);

    // Off: a trusted click on the switch in the real panel.
    expect(await markSwitch(panel, 'send')).toBe(true);
    await panel.click('[data-e2e-switch="send"]');
    await switchIs(panel, 'send', false);
    await toolGone(panel, 'reply.send');

    const grades = await toolsByGrade(panel);
    expect(grades).toEqual({ read: ['ticket.read'], write: ['reply.fill'] });
    const stored = await sendToBackground<{ origin: string; send: boolean; write: boolean }[]>(panel, { type: 'sites.list' });
    expect(stored.ok && stored.value.find((s) => s.origin === helpdesk.url)).toMatchObject({ send: false, write: true });

    // ...is not sent once sending is off: Confirm is refused.
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

    // On again: the tool is back and prepares (it does not send).
    expect(await markSwitch(panel, 'send')).toBe(false);
    await panel.click('[data-e2e-switch="send"]');
    await switchIs(panel, 'send', true);
    await waitForTools(panel, ['reply.send']);
    expect(await toolsByGrade(panel)).toEqual({ read: ['ticket.read'], write: ['reply.fill'], send: ['note.add', 'reply.send'] });
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
