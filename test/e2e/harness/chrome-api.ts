/**
 * Types for the chrome.* calls E2E code evaluates inside extension contexts. The project has no
 * @types/chrome (its code uses `browser`), and a global declaration would leak into src/. A file
 * that evaluates such code declares the name for itself, module-scoped:
 *
 *   declare const chrome: ChromeApi;
 */
export interface ChromeTab {
  id?: number;
  windowId: number;
  url?: string;
  pendingUrl?: string;
  title?: string;
  active: boolean;
}

export interface ExtensionContext {
  contextType: string;
  documentUrl?: string;
  tabId: number;
  windowId: number;
}

export interface ChromeApi {
  tabs: { query(query: { title?: string; url?: string; active?: boolean }): Promise<ChromeTab[]> };
  sidePanel: {
    open(options: { tabId?: number; windowId?: number }): Promise<void>;
    setOptions(options: { tabId?: number; path?: string; enabled?: boolean }): Promise<void>;
    getOptions(options: { tabId?: number }): Promise<{ path?: string; enabled?: boolean }>;
    getPanelBehavior(): Promise<{ openPanelOnActionClick?: boolean }>;
  };
  runtime: {
    id: string;
    sendMessage(message: unknown): Promise<unknown>;
    sendMessage(extensionId: string, message: unknown): Promise<unknown>;
    getContexts(filter: { contextTypes?: string[] }): Promise<ExtensionContext[]>;
    connect(info: { name: string }): { postMessage(message: unknown): void; onMessage: { addListener(listener: (message: unknown) => void): void } };
  };
  storage: { local: { get(key: string): Promise<Record<string, unknown>> } };
}
