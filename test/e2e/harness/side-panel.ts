import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { attachToTarget } from './cdp-target';
import { extensionContextOf, extensionUrl, tabIdOf } from './extension-pages';
import { createSidePanelHandle, type SidePanel } from './side-panel-handle';
import { clickActionButton, clickToOpen, openGestureOpener, panelPathFor } from './side-panel-triggers';
import { DEFAULT_TIMEOUT_MS, poll, type WaitOptions } from './wait';

export interface OpenSidePanelOptions extends WaitOptions {
  /** A tab-specific panel page, set with sidePanel.setOptions first; else the manifest's. */
  path?: string | ((tabId: number) => string);
  /**
   * 'gesture' (default): a trusted click in an extension page of a background window calls
   * sidePanel.open() (one such page per browser, kept: see `gestureOpener`);
   * needs nothing from the extension but the sidePanel permission.
   * 'action': the toolbar button, as a person clicks it; needs an action and
   * setPanelBehavior({ openPanelOnActionClick: true }) in the background.
   */
  via?: 'gesture' | 'action';
}

/**
 * Opens the real Chrome side panel for the tab showing `page` and attaches to it. Playwright
 * does not list the panel among its pages (1.65), so the handle drives it over raw CDP.
 */
export async function openRealSidePanel(
  context: BrowserContext,
  extensionId: string,
  page: Page,
  options: OpenSidePanelOptions = {},
): Promise<SidePanel> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const browser = context.browser();
  if (!browser) throw new Error('openRealSidePanel needs a context launched by launchChromium');
  const session = await browser.newBrowserCDPSession();
  const opener = options.via === 'action' ? undefined : await gestureOpener(context, session, extensionId, timeoutMs);
  try {
    const via = opener ?? extensionContextOf(context);
    const tabId = await tabIdOf(page, { via, timeoutMs });
    const path = typeof options.path === 'function' ? options.path(tabId) : options.path;
    const url = extensionUrl(extensionId, await panelPathFor(via, tabId, path, timeoutMs));
    const before = new Set((await panelTargets(session, url)).map((t) => t.targetId));
    if (opener) await clickToOpen(opener, tabId, timeoutMs);
    else await clickActionButton(session, extensionId, page, via, timeoutMs);
    const targetId = await poll(
      async () => {
        const targets = await panelTargets(session, url);
        // Chrome reuses a panel already open in the window; a new one is the usual case.
        return (targets.find((t) => !before.has(t.targetId)) ?? targets.find((t) => !t.attached))?.targetId;
      },
      `the side panel ${url} to appear as a CDP target`,
      { timeoutMs },
    );
    return await attachPanel(session, { targetId, url, tabId }, timeoutMs);
  } catch (error) {
    await session.detach().catch(() => undefined);
    throw error;
  }
}

/**
 * The page whose button opens the panel, one per browser, kept while it lives. A window made and
 * closed for each panel, as before, cost about 1.4 CPU-s more per test on a 2-core machine (a
 * window, its renderer, closing both): about a third of a test's set-up.
 */
const openers = new WeakMap<BrowserContext, Promise<Page>>();

async function gestureOpener(context: BrowserContext, session: CDPSession, extensionId: string, timeoutMs: number): Promise<Page> {
  const kept = await openers.get(context)?.catch(() => undefined);
  if (kept && !kept.isClosed()) return kept;
  const made = openGestureOpener(context, session, extensionId, timeoutMs);
  openers.set(context, made);
  return made;
}

async function attachPanel(
  session: CDPSession,
  info: { targetId: string; url: string; tabId: number },
  timeoutMs: number,
): Promise<SidePanel> {
  const target = await attachToTarget(session, info.targetId, 'side panel', timeoutMs);
  const isOpen = async () =>
    (await session.send('Target.getTargets')).targetInfos.some((t) => t.targetId === info.targetId);
  const panel = createSidePanelHandle(target, info, isOpen, () => session.detach().catch(() => undefined));
  await poll(
    async () => ((await panel.evaluate<string>('document.readyState')) === 'complete' ? true : undefined),
    `the side panel ${info.url} to finish loading`,
    { timeoutMs },
  );
  return panel;
}

async function panelTargets(session: CDPSession, url: string) {
  const { targetInfos } = await session.send('Target.getTargets');
  return targetInfos.filter((t) => t.type === 'page' && t.url.split('#')[0] === url.split('#')[0]);
}
