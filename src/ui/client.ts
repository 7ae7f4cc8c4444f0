import { browser, type Browser } from 'wxt/browser';
import { type Broadcast, type Envelope, type Request, type RequestType, type Response } from '../shared/protocol';
import { CHAT_PORT, type ChatClientMessage, type ChatServerMessage } from '../shared/chat-protocol';

/** A request the background refused (sender, shape) or could not handle. */
export class RequestError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** Extension pages' side of the protocol: typed requests to the background. */
export async function request<T extends RequestType>(type: T, body: Omit<Request<T>, 'type'>): Promise<Response<T>> {
  const envelope = (await browser.runtime.sendMessage({ type, ...body })) as Envelope<Response<T>> | undefined;
  if (!envelope) throw new RequestError('no_answer', 'The background did not answer. Try again.');
  if (!envelope.ok) throw new RequestError(envelope.code, envelope.error);
  return envelope.value;
}

/** Calls back on each broadcast from the background; returns the unsubscribe function. */
export function onBroadcast(listener: (message: Broadcast) => void): () => void {
  const handler = (message: unknown) => {
    const m = message as Broadcast | undefined;
    if (m?.type === 'view.changed' || m?.type === 'audit.changed' || m?.type === 'settings.changed' || m?.type === 'mcp.changed') listener(m);
    return undefined;
  };
  browser.runtime.onMessage.addListener(handler);
  return () => browser.runtime.onMessage.removeListener(handler);
}

/** The tab the sidebar shows: `?tab=<id>` binds it; otherwise it follows the active tab of its window. */
export function watchBoundTab(listener: (tabId: number | null) => void): () => void {
  const fixed = Number(new URLSearchParams(location.search).get('tab'));
  if (Number.isInteger(fixed) && fixed > 0) {
    listener(fixed);
    return () => undefined;
  }
  let windowId: number | undefined;
  const refresh = async () => {
    const [tab] = await browser.tabs.query({ active: true, ...(windowId === undefined ? { currentWindow: true } : { windowId }) });
    windowId = tab?.windowId;
    listener(tab?.id ?? null);
  };
  const onActivated = (info: { windowId: number }) => {
    if (windowId === undefined || info.windowId === windowId) void refresh();
  };
  browser.tabs.onActivated.addListener(onActivated);
  void refresh();
  return () => browser.tabs.onActivated.removeListener(onActivated);
}

/** Texts without substitutions, by key: the browser's messages do not change while a page lives. */
const texts = new Map<string, string>();
let textsOf: unknown;

/**
 * UI text through the browser's i18n, so it can be translated. Each plain text is asked for
 * once: every render asks for dozens, and Chrome 156's getMessage costs a call into the browser.
 */
export function t(key: string, substitutions?: string | string[]): string {
  const i18n = browser.i18n;
  if (substitutions !== undefined) return i18n.getMessage(key as never, substitutions as never) || key;
  // Another getMessage (a test's fake browser) answers anew.
  if (textsOf !== i18n.getMessage) {
    texts.clear();
    textsOf = i18n.getMessage;
  }
  let text = texts.get(key);
  if (text === undefined) {
    text = i18n.getMessage(key as never) || key;
    texts.set(key, text);
  }
  return text;
}

/**
 * Names the page's language and title in the locale the browser picked for the messages, so a
 * screen reader speaks the text with the right voice (`lang_tag` is "en", "zh-CN", ...).
 */
export function localizeDocument(titleKey: string): void {
  document.documentElement.lang = t('lang_tag');
  document.title = t(titleKey);
}

/** Where the sidebar asks the options page to go: a section, and the model form's preset. */
export interface OptionsGoto {
  section: string | null;
  preset: string | null;
}

/** The channel between the extension's pages (one origin): the sidebar tells an open options tab where to go. */
export const OPTIONS_CHANNEL = 'deskmate-options';

/**
 * The options page, in one tab. One already open is brought to the front and told where to go,
 * without a reload (what the agent typed there stays); else a new tab opens there. Every way to
 * the settings (the header, the setup card, an error's Open settings) goes through here.
 */
export async function openSettings(section: string | null = null, preset: string | null = null): Promise<void> {
  const page = browser.runtime.getURL('/options.html');
  const open = (await browser.tabs.query({})).find((tab) => tab.url?.split(/[?#]/)[0] === page);
  if (open?.id === undefined) {
    const query = preset ? `?preset=${encodeURIComponent(preset)}` : '';
    await browser.tabs.create({ url: `${page}${query}${section ? `#${section}` : ''}` });
    return;
  }
  const channel = new BroadcastChannel(OPTIONS_CHANNEL);
  channel.postMessage({ section, preset } satisfies OptionsGoto);
  channel.close();
  await browser.tabs.update(open.id, { active: true });
  if (open.windowId !== undefined) await browser.windows.update(open.windowId, { focused: true });
}

/** The options page at its top, in the same one tab. */
export const openOptions = (): Promise<void> => openSettings();

/**
 * The port of an extension page to the background: the chat, and the text typed in the page's
 * fields. It carries the streamed answer, and the messages on it keep the service worker alive
 * through long answers. When the worker was stopped (the port then disconnects, and
 * `onDisconnect` is told), the next `send` connects again and first calls `onReconnect`, so the
 * caller can open its conversation again before the message goes out.
 */
export function connectChat(onMessage: (message: ChatServerMessage) => void, onReconnect: () => void, onDisconnect: () => void = () => undefined) {
  let port: Browser.runtime.Port | null = null;
  let closed = false;
  const open = () => {
    const p = browser.runtime.connect({ name: CHAT_PORT });
    p.onMessage.addListener((m: unknown) => onMessage(m as ChatServerMessage));
    p.onDisconnect.addListener(() => {
      if (port !== p) return;
      port = null;
      if (!closed) onDisconnect();
    });
    port = p;
  };
  open();
  const reconnect = () => {
    open();
    onReconnect();
  };
  return {
    send(message: ChatClientMessage): void {
      if (closed) return;
      if (!port) reconnect();
      port!.postMessage(message);
    },
    wake(): void {
      if (!closed && !port) reconnect();
    },
    close(): void {
      closed = true;
      port?.disconnect();
    },
  };
}

/**
 * Asks the browser for access to an origin; true when granted. Call it first thing in a
 * click handler: Firefox refuses a request made after an await, as no longer the user's.
 * An origin already granted is answered at once, without a prompt.
 */
export function requestOrigin(pattern: string): Promise<boolean> {
  return browser.permissions.request({ origins: [pattern] });
}
