import type { BrowserContext } from 'playwright-core';
import { openExtensionPage } from './chromium';
import { poll } from './wait';

/** On the options page, as a person would: sets the "mask personal data" switch and saves. */
export async function setMasking(context: BrowserContext, extensionId: string, on: boolean): Promise<void> {
  const page = await openExtensionPage(context, extensionId, 'options.html', { timeoutMs: 15_000 });
  try {
    const box = page.locator('[data-testid=settings-pii]');
    await box.waitFor({ timeout: 15_000 });
    if ((await box.isChecked()) !== on) await box.click();
    await page.click('[data-testid=settings-save]');
    await poll(async () => {
      const cls = (await page.locator('[data-testid=settings-status]').getAttribute('class')) ?? '';
      if (/\berror\b/.test(cls)) throw new Error(`the options page refused the settings: ${await page.locator('[data-testid=settings-status]').textContent()}`);
      return /\bok\b/.test(cls) ? true : undefined;
    }, 'the options page to save the settings');
  } finally {
    await page.close().catch(() => undefined);
  }
}
