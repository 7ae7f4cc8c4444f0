import { browser } from 'wxt/browser';
import { log } from './diagnostics/logger';

/** The toolbar button opens the sidebar: Chrome's side panel, or Firefox's sidebar. */
export function openPanelOnAction(): void {
  const chromePanel = (globalThis as { chrome?: { sidePanel?: { setPanelBehavior(o: object): Promise<void> } } }).chrome?.sidePanel;
  if (chromePanel) {
    chromePanel.setPanelBehavior({ openPanelOnActionClick: true }).catch(log.swallow('panel', 'Could not make the toolbar button open the side panel', 'error'));
    return;
  }
  const sidebar = (browser as unknown as { sidebarAction?: { toggle(): Promise<void> } }).sidebarAction;
  const action = browser.action ?? (browser as unknown as { browserAction?: typeof browser.action }).browserAction;
  action?.onClicked.addListener(() => void sidebar?.toggle());
}
