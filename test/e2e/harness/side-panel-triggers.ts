import { randomUUID } from 'node:crypto';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import type { ChromeApi } from './chrome-api';
import { extensionUrl, withMarkedTitle, type Evaluator } from './extension-pages';
import { poll, withTimeout } from './wait';

declare const chrome: ChromeApi; // the extension context's global, in evaluated functions

/** The two ways to open the real side panel; both give the panel the user gesture it needs. */

/** The panel page for the tab: `path` is set first as a tab-specific panel, if given. */
export async function panelPathFor(
  via: Evaluator,
  tabId: number,
  path: string | undefined,
  timeoutMs: number,
): Promise<string> {
  const asked = via.evaluate(
    async ({ tabId, path }) => {
      if (path !== undefined) await chrome.sidePanel.setOptions({ tabId, path, enabled: true });
      return (await chrome.sidePanel.getOptions({ tabId })).path ?? null;
    },
    { tabId, path },
  );
  const panelPath = await withTimeout(asked, timeoutMs, 'chrome.sidePanel.getOptions (is the service worker stopped?)');
  if (panelPath === null) throw new Error('the extension declares no side panel page (side_panel.default_path)');
  return panelPath;
}

/**
 * Way (a): an extension page in a background window (so the tab stays active) whose button calls
 * chrome.sidePanel.open({ tabId }) in its click handler. Any extension-origin document has the
 * chrome.* APIs; manifest.json runs none of the extension's code.
 */
export async function openGestureOpener(
  context: BrowserContext,
  session: CDPSession,
  extensionId: string,
  timeoutMs: number,
): Promise<Page> {
  const url = extensionUrl(extensionId, `manifest.json?deskmate-e2e-opener=${randomUUID()}`);
  await session.send('Target.createTarget', { url, newWindow: true, background: true });
  const opener = await poll(() => context.pages().find((p) => p.url() === url), 'the side panel opener page', {
    timeoutMs,
  });
  // The document's own word, not Playwright's load-state events: a page found in the context
  // after it loaded can miss them (seen once: "networkidle" fired, "domcontentloaded" never did).
  await poll(
    async () => (await opener.evaluate(() => document.readyState !== 'loading' && !!document.body)) || undefined,
    'the side panel opener page loaded',
    { timeoutMs },
  );
  return opener;
}

export async function clickToOpen(opener: Page, tabId: number, timeoutMs: number): Promise<void> {
  // A button of its own for each open: the opener page is kept and may serve two opens at once.
  const id = `deskmate-e2e-open-panel-${randomUUID()}`;
  await opener.evaluate(
    ({ tabId, id }) => {
      const button = document.createElement('button');
      button.id = id;
      button.textContent = 'Open the side panel';
      // open() must be called inside the gesture: no await before it.
      button.addEventListener('click', () => {
        chrome.sidePanel.open({ tabId }).then(
          () => button.setAttribute('data-opened', 'ok'),
          (error: unknown) => button.setAttribute('data-opened', String(error)),
        );
      });
      document.body.append(button);
    },
    { tabId, id },
  );
  try {
    await opener.click(`#${id}`, { timeout: timeoutMs });
    const outcome = await opener
      .waitForFunction((id) => document.getElementById(id)?.getAttribute('data-opened'), id, { timeout: timeoutMs })
      .then((handle) => handle.jsonValue());
    if (outcome !== 'ok') throw new Error(`chrome.sidePanel.open failed: ${outcome}`);
  } finally {
    await opener.evaluate((id) => document.getElementById(id)?.remove(), id).catch(() => undefined);
  }
}

/**
 * Way (b): the toolbar button, clicked through CDP Extensions.triggerAction on the page's tab
 * target. Needs an `action` in the manifest and setPanelBehavior({ openPanelOnActionClick: true })
 * from the background, which a freshly started worker may not have called yet: wait for it.
 * Like the real button, it toggles: on an open panel it closes it.
 */
export async function clickActionButton(
  session: CDPSession,
  extensionId: string,
  page: Page,
  via: Evaluator,
  timeoutMs: number,
): Promise<void> {
  await poll(
    async () => ((await via.evaluate(() => chrome.sidePanel.getPanelBehavior())).openPanelOnActionClick ? true : undefined),
    'the background to call chrome.sidePanel.setPanelBehavior({ openPanelOnActionClick: true })',
    { timeoutMs },
  );
  const targetId = await tabTargetOf(session, page, timeoutMs);
  await session.send('Extensions.triggerAction', { id: extensionId, targetId });
}

// Tab targets are not the page targets Playwright drives; they share the URL and the title.
async function tabTargetOf(session: CDPSession, page: Page, timeoutMs: number): Promise<string> {
  const tabs = async () => (await session.send('Target.getTargets', { filter: [{ type: 'tab' }] })).targetInfos;
  const byUrl = (await tabs()).filter((tab) => tab.url === page.url());
  if (byUrl.length === 1) return byUrl[0]!.targetId;
  return withMarkedTitle(page, (token) =>
    poll(async () => (await tabs()).find((tab) => tab.title === token)?.targetId, `a tab target titled ${token}`, {
      timeoutMs,
    }),
  );
}
