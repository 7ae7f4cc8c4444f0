import { basename } from 'node:path';
import { readFile } from 'node:fs/promises';
import type { BrowserContext, Page } from 'playwright-core';
import { openExtensionPage, type ChromeApi } from '../../test/e2e/harness/chromium';
import { poll } from '../../test/e2e/harness/wait';

declare const chrome: ChromeApi; // the extension page's global, in evaluated functions

/** What the options page was used for, and how (its UI, or a message where the UI is missing). */
export interface SetupReport {
  settings: { via: 'default' | 'options-ui' | 'message'; baseURL: string; model: string };
  kb: { via: 'options-ui' | 'message'; file: string; articles: number; titles: string[] };
}

interface Envelope<T> {
  ok: boolean;
  value?: T;
  error?: string;
}

/** A typed request from an extension page, as the sidebar and the options page send it. */
export async function ask<T>(page: Page, message: Record<string, unknown>): Promise<T> {
  const envelope = (await page.evaluate((m) => chrome.runtime.sendMessage(m), message)) as Envelope<T> | undefined;
  if (!envelope?.ok) throw new Error(`${String(message.type)} failed: ${envelope?.error ?? 'no answer from the background'}`);
  return envelope.value as T;
}

const present = async (page: Page, selector: string) => (await page.locator(selector).count()) > 0;

/**
 * Through the options page, as a person would: saves the model settings when the demo model is
 * not at the default endpoint, and imports the sample knowledge base with the file picker.
 */
export async function configureExtension(
  context: BrowserContext,
  extensionId: string,
  options: { modelBaseURL: string; modelId: string; saveSettings: boolean; kbFile: string; timeoutMs?: number },
): Promise<SetupReport> {
  const timeoutMs = options.timeoutMs ?? 15_000;
  const page = await openExtensionPage(context, extensionId, 'options.html', { timeoutMs });
  try {
    await page.waitForSelector('#app *', { timeout: timeoutMs });
    const settings = options.saveSettings ? await saveSettings(page, options.modelBaseURL, options.modelId, timeoutMs) : 'default';
    const kb = await importKnowledgeBase(page, options.kbFile, timeoutMs);
    const saved = await ask<{ baseURL: string; model: string }>(page, { type: 'model.get' });
    if (saved.baseURL !== options.modelBaseURL || saved.model !== options.modelId) {
      throw new Error(`the extension's model is ${saved.model} at ${saved.baseURL}, not ${options.modelId} at ${options.modelBaseURL}`);
    }
    return { settings: { via: settings, baseURL: saved.baseURL, model: saved.model }, kb };
  } finally {
    await page.close().catch(() => undefined);
  }
}

async function saveSettings(page: Page, baseURL: string, model: string, timeoutMs: number): Promise<'options-ui' | 'message'> {
  if (!(await present(page, '[data-testid=settings-save]'))) {
    const current = await ask<Record<string, unknown>>(page, { type: 'model.get' });
    const result = await ask<{ ok: boolean; error?: string }>(page, { type: 'model.set', settings: { ...current, baseURL, model } });
    if (!result.ok) throw new Error(`model.set refused the demo model: ${result.error}`);
    return 'message';
  }
  await page.fill('[data-testid=settings-base-url]', baseURL, { timeout: timeoutMs });
  await page.fill('[data-testid=settings-model]', model, { timeout: timeoutMs });
  await page.click('[data-testid=settings-save]', { timeout: timeoutMs });
  await poll(
    async () => {
      const status = page.locator('[data-testid=settings-status]');
      const cls = (await status.getAttribute('class')) ?? '';
      if (/\berror\b/.test(cls)) throw new Error(`the options page refused the settings: ${await status.textContent()}`);
      return /\bok\b/.test(cls) ? true : undefined;
    },
    'the options page to say the model settings were saved',
    { timeoutMs },
  );
  return 'options-ui';
}

async function importKnowledgeBase(page: Page, file: string, timeoutMs: number): Promise<SetupReport['kb']> {
  const picker = (await present(page, '[data-testid=kb-file]')) ? '[data-testid=kb-file]' : 'input[type=file]';
  let via: 'options-ui' | 'message' = 'options-ui';
  if (await present(page, picker)) {
    await page.setInputFiles(picker, file, { timeout: timeoutMs });
  } else {
    via = 'message';
    const text = await readFile(file, 'utf8');
    const result = await ask<{ added: number; problems: string[] }>(page, { type: 'kb.import', files: [{ name: basename(file), text }] });
    if (result.problems.length) throw new Error(`kb.import: ${result.problems.join('; ')}`);
  }
  const list = await poll(
    async () => {
      const kb = await ask<{ count: number; articles: { title: string }[] }>(page, { type: 'kb.list' });
      return kb.count > 0 ? kb : undefined;
    },
    `the knowledge base to hold the articles of ${basename(file)}`,
    { timeoutMs },
  );
  return { via, file: basename(file), articles: list.count, titles: list.articles.map((a) => a.title) };
}
