import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { launchChromium, openRealSidePanel, type ChromiumHarness, type SidePanel } from '../e2e/harness/chromium';
import { openTicket, startDemoHelpdesk, TICKET_1, type DemoHelpdesk } from '../e2e/harness/deskmate';
import { poll } from '../e2e/harness/wait';
import { attack } from './attack';

declare const chrome: { runtime: { sendMessage(message: unknown): Promise<unknown> } };

/**
 * The content script stops when its context is invalidated (an extension update, a newer copy
 * of itself). A hostile page must not be able to switch it off by faking the signal a newer copy
 * sends, nor to get a second copy answering the background (a delivery clicked twice).
 */
describe('content script lifetime, from a hostile page (Chromium)', () => {
  let chromium: ChromiumHarness;
  let demo: DemoHelpdesk;
  let page: Page;
  let panel: SidePanel;

  beforeAll(async () => {
    demo = await startDemoHelpdesk();
    chromium = await launchChromium();
    page = await openTicket(chromium.context, demo, TICKET_1.id);
    panel = await openRealSidePanel(chromium.context, chromium.extensionId, page);
    await panel.waitFor('[data-testid="chat-input"]');
  });
  afterAll(async () => {
    await panel?.close().catch(() => undefined);
    await chromium?.close();
    await demo?.close();
  });

  /** ticket.read through the background and the tab's content script, as the model's call goes. */
  const readTicket = () =>
    panel.evaluate(async (tabId: number) => {
      const envelope = (await chrome.runtime.sendMessage({ type: 'tool.invoke', tabId, tool: 'ticket.read', input: {} })) as { ok: boolean; value?: { ok: boolean; error?: string } };
      return envelope.ok && envelope.value?.ok ? 'ok' : (envelope.value?.error ?? 'no answer');
    }, panel.tabId);

  attack("the page fakes the 'newer content script started' signal to switch Deskmate off on it", async () => {
    await poll(async () => ((await readTicket()) === 'ok' ? true : undefined), 'the tab to have its tools');
    const extensionId = chromium.extensionId;
    await page.evaluate((id: string) => {
      // Exactly what a newer copy of the script sends, from the page's own world.
      const type = `${id}:content:wxt:content-script-started`;
      const detail = { contentScriptName: 'content', messageId: 'forged' };
      document.dispatchEvent(new CustomEvent(type, { detail }));
      window.postMessage({ type, contentScriptName: 'content', messageId: 'forged' }, '*');
    }, extensionId);
    await page.waitForTimeout(500);
    expect(await readTicket()).toBe('ok');
  });
});
