import type { Page } from 'puppeteer-core';
import { DEMO_MODEL, type ModelForExtension } from './chat';
import { openFirefoxExtensionPage, type FirefoxHarness } from './firefox';

declare const browser: {
  tabs: { query(q: object): Promise<{ id?: number; url?: string }[]> };
  runtime: { sendMessage(m: object): Promise<unknown> };
};

/** Points the add-on at the scripted model when it is not on the default port (the settings' own message). */
export async function configureFirefox(firefox: FirefoxHarness, m: ModelForExtension): Promise<void> {
  if (m.onDefaultPort) return;
  const options = await openFirefoxExtensionPage(firefox, 'options.html');
  const current = (await options.evaluate(() => browser.runtime.sendMessage({ type: 'model.get' }))) as { value: object };
  await options.evaluate((settings) => browser.runtime.sendMessage({ type: 'model.set', settings }), { ...current.value, baseURL: m.model.url, model: DEMO_MODEL });
  await options.close();
}

/**
 * The ids of the tabs showing `url`, asked from an extension page kept for the browser's life:
 * manifest.json, which runs none of the extension's code. A sidebar page opened and closed only
 * to ask, as before, cost about 0.9 CPU-s a test on a 2-core machine.
 */
export async function tabIdsShowing(firefox: FirefoxHarness, url: string): Promise<number[]> {
  const ask = (page: Page) => page.evaluate((u) => browser.tabs.query({}).then((tabs) => tabs.filter((t) => t.url === u).map((t) => t.id!)), url);
  const kept = await askers.get(firefox)?.catch(() => undefined);
  if (kept && !kept.isClosed()) return ask(kept);
  const made = openFirefoxExtensionPage(firefox, 'manifest.json');
  askers.set(firefox, made);
  return ask(await made);
}

const askers = new WeakMap<FirefoxHarness, Promise<Page>>();

/**
 * The sidebar for the one tab showing `url`, opened as a page (sidepanel.html?tab=…): Firefox's
 * real sidebar cannot be driven from a test.
 */
export async function openSidebarFor(firefox: FirefoxHarness, url: string): Promise<{ sidebarPage: Page; tabId: number }> {
  const ids = await tabIdsShowing(firefox, url);
  if (ids.length !== 1) throw new Error(`Expected one tab showing ${url}, found ${ids.length}`);
  return { sidebarPage: await openFirefoxExtensionPage(firefox, `sidepanel.html?tab=${ids[0]!}`), tabId: ids[0]! };
}
