import { writeFile } from 'node:fs/promises';
import type { BrowserContext, Page } from 'playwright-core';
import { attachToTarget, type TargetSession } from '../../test/e2e/harness/cdp-target';
import type { SidePanel } from '../../test/e2e/harness/side-panel-handle';

/**
 * A second CDP session on the real side panel, for what the harness's handle does not do:
 * screenshots (Page.captureScreenshot on the panel's own target) and typing at the caret.
 */
export interface PanelSession {
  screenshot(file: string): Promise<void>;
  /** Types text where the caret is, as trusted input (an IME commit). */
  insertText(text: string): Promise<void>;
  detach(): Promise<void>;
}

export async function attachPanelSession(context: BrowserContext, panel: SidePanel, timeoutMs = 15_000): Promise<PanelSession> {
  const browser = context.browser();
  if (!browser) throw new Error('no browser-level CDP session for the side panel');
  const cdp = await browser.newBrowserCDPSession();
  let target: TargetSession;
  try {
    target = await attachToTarget(cdp, panel.targetId, 'side panel (screenshots)', timeoutMs);
  } catch (error) {
    await cdp.detach().catch(() => undefined);
    throw error;
  }
  return {
    async screenshot(file) {
      const { data } = await target.send<{ data: string }>('Page.captureScreenshot', { format: 'png' });
      await writeFile(file, Buffer.from(data, 'base64'));
    },
    async insertText(text) {
      await target.send('Input.insertText', { text });
    },
    async detach() {
      await target.detach();
      await cdp.detach().catch(() => undefined);
    },
  };
}

/** A page's screenshot, for the ticket. */
export async function pageScreenshot(page: Page, file: string): Promise<void> {
  await page.screenshot({ path: file, fullPage: false });
}
