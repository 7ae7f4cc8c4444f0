import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page, Worker } from 'playwright-core';
import type { ChromeApi } from './chrome-api';
import { DEFAULT_TIMEOUT_MS, poll, withTimeout, type WaitOptions } from './wait';

declare const chrome: ChromeApi; // the extension context's global, in evaluated functions

export function extensionUrl(extensionId: string, path: string): string {
  return `chrome-extension://${extensionId}/${path.replace(/^\//, '')}`;
}

/** Opens an extension page (e.g. 'sidepanel.html?tab=3') as an ordinary tab. */
export async function openExtensionPage(
  context: BrowserContext,
  extensionId: string,
  path: string,
  { timeoutMs = DEFAULT_TIMEOUT_MS }: WaitOptions = {},
): Promise<Page> {
  const page = await context.newPage();
  await page.goto(extensionUrl(extensionId, path), { timeout: timeoutMs });
  return page;
}

/** The id of the extension loaded in this context, read from its service worker's URL. */
export function extensionIdOf(context: BrowserContext): string {
  const worker = context.serviceWorkers().find((w) => w.url().startsWith('chrome-extension://'));
  if (!worker) throw new Error('no extension service worker is known in this browser context');
  return new URL(worker.url()).host;
}

// A Page has the same evaluate as a Worker, so either can answer.
export type Evaluator = Pick<Worker, 'evaluate'>;

export interface TabIdOptions extends WaitOptions {
  /** An extension context to ask; defaults to an open extension page, else the service worker. */
  via?: Evaluator;
}

/**
 * The Chrome tab id of a Playwright page, found by URL with chrome.tabs.query. Several tabs on
 * one URL are told apart by giving this page a unique title for a moment.
 */
export async function tabIdOf(page: Page, options: TabIdOptions = {}): Promise<number> {
  const { timeoutMs = DEFAULT_TIMEOUT_MS } = options;
  const via = options.via ?? extensionContextOf(page.context());
  const url = page.url();
  const byUrl = await withTimeout(
    via.evaluate(tabIdsWhere, { field: 'url' as const, value: url }),
    timeoutMs,
    `chrome.tabs.query for ${url} (if the service worker is stopped, wake it or open an extension page first)`,
  );
  if (byUrl.length === 1) return byUrl[0]!;
  if (byUrl.length === 0) throw new Error(`no Chrome tab has the URL ${url}`);
  return withMarkedTitle(page, (token) =>
    poll(
      async () => (await via.evaluate(tabIdsWhere, { field: 'title' as const, value: token }))[0],
      `the tab titled ${token} to show in chrome.tabs.query`,
      { timeoutMs },
    ),
  );
}

/** Runs `find` while the page carries a unique title: the one trait of a tab every API sees. */
export async function withMarkedTitle<T>(page: Page, find: (token: string) => Promise<T>): Promise<T> {
  const token = `deskmate-e2e-${randomUUID()}`;
  const title = await page.evaluate((t) => {
    const before = document.title;
    document.title = t;
    return before;
  }, token);
  try {
    return await find(token);
  } finally {
    await page.evaluate((t) => {
      document.title = t;
    }, title);
  }
}

/** An open extension page if there is one, else the service worker (which must be running). */
export function extensionContextOf(context: BrowserContext): Evaluator {
  const extensionId = extensionIdOf(context);
  const page = context.pages().find((p) => p.url().startsWith(extensionUrl(extensionId, '')));
  const worker = context.serviceWorkers().find((w) => new URL(w.url()).host === extensionId);
  return (page ?? worker)!;
}

// Runs inside an extension context: it must not refer to anything outside its body.
function tabIdsWhere({ field, value }: { field: 'url' | 'title'; value: string }): Promise<number[]> {
  return chrome.tabs.query({}).then((tabs) =>
    tabs
      .filter((tab) => tab[field] === value || (field === 'url' && tab.pendingUrl === value))
      .map((tab) => tab.id!),
  );
}
