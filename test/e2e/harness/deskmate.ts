import type { BrowserContext, Page } from 'playwright-core';
import { startHelpdesk, type Helpdesk, type SentReply } from '../../../demo/helpdesk/server.mjs';
import type { ChromeApi } from './chrome-api';
import { openGestureOpener } from './side-panel-triggers';
import { DEFAULT_TIMEOUT_MS, poll, type WaitOptions } from './wait';

declare const chrome: ChromeApi; // the extension context's global, in evaluated functions

/**
 * Deskmate's own vocabulary for E2E tests: the demo helpdesk in-process, the sidebar's stable
 * test ids, the confirm card, the stored confirmations, and the content script's isolated world.
 */

// ---------------------------------------------------------------------------------------------
// The demo helpdesk

export type { SentReply };

export interface DemoHelpdesk extends Helpdesk {
  ticketUrl(id: number): string;
  /** DELETE /api/sent: empties the sent log and puts the tickets back as seeded. */
  reset(): Promise<void>;
  /** GET /api/sent: every reply the helpdesk accepted, in order. */
  sentLog(): Promise<SentReply[]>;
}

/** `seedFile`: tickets other than the demo's own (demo/helpdesk/tickets.json). */
export async function startDemoHelpdesk(options: { seedFile?: string } = {}): Promise<DemoHelpdesk> {
  const helpdesk = await startHelpdesk({ port: 0, ...options });
  const api = `${helpdesk.url}/api/sent`;
  return {
    ...helpdesk,
    ticketUrl: (id) => `${helpdesk.url}/tickets/${id}`,
    async reset() {
      const response = await fetch(api, { method: 'DELETE' });
      if (!response.ok) throw new Error(`DELETE /api/sent answered ${response.status}`);
    },
    async sentLog() {
      const response = await fetch(api);
      if (!response.ok) throw new Error(`GET /api/sent answered ${response.status}`);
      return (await response.json()) as SentReply[];
    },
  };
}

/** The seeded tickets the scenarios use (demo/helpdesk/tickets.json). */
export const TICKET_1 = {
  id: 1,
  label: '#1041',
  subject: 'Charged twice for order NW-20931 — please refund the duplicate',
  recipient: 'Maria Lindqvist <maria.lindqvist@example.com>',
} as const;
export const TICKET_2 = { id: 2, label: '#1042' } as const;

/** Opens a ticket in a new tab and waits for the demo page (and so the content script's match). */
export async function openTicket(context: BrowserContext, helpdesk: DemoHelpdesk, id: number): Promise<Page> {
  const page = await context.newPage();
  await page.goto(helpdesk.ticketUrl(id));
  await page.waitForSelector(`.hd-ticket[data-ticket-id="${id}"]`);
  return page;
}

// ---------------------------------------------------------------------------------------------
// Driving the sidebar: the real side panel (SidePanel) or sidepanel.html opened as a page

/** What the tests need of a sidebar: the real panel's handle has it, a Page gets it from pageDriver. */
export interface Driver {
  evaluate<R, A>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R>;
  click(selector: string): Promise<void>;
  fill(selector: string, text: string): Promise<void>;
}

export function pageDriver(page: Page): Driver {
  return {
    evaluate: <R, A>(fn: (arg: A) => R | Promise<R>, arg: A) => page.evaluate(fn as (arg: unknown) => R, arg as unknown) as Promise<R>,
    click: (selector) => page.click(selector),
    fill: (selector, text) => page.fill(selector, text),
  };
}

/** Polls `fn` in the sidebar until it returns something other than undefined, null or false. */
export function waitIn<R, A>(
  driver: Driver,
  fn: (arg: A) => R | undefined | null | false,
  arg: A,
  what: string,
  options: WaitOptions = {},
): Promise<R> {
  return poll(
    async () => {
      const value = await driver.evaluate(fn, arg);
      return value === undefined || value === null || value === false ? undefined : (value as R);
    },
    what,
    options,
  );
}

/**
 * Shows one of the sidebar's views ("Page", "Audit") if the sidebar has tabs: found by test id,
 * by id, or by a tab or button whose text starts with the name. No such tab: nothing to do
 * (the view is always shown).
 */
export async function showTab(driver: Driver, name: 'Page' | 'Audit' | 'Chat'): Promise<void> {
  const want = name.toLowerCase();
  await waitIn(driver, () => document.querySelector('#app *') !== null, null, 'the sidebar app to render');
  const found = await driver.evaluate((want: string) => {
    for (const el of document.querySelectorAll('[data-e2e-tab]')) el.removeAttribute('data-e2e-tab');
    const words = new RegExp(`^${want}\\b`, 'i');
    const all = [...document.querySelectorAll<HTMLElement>('[role="tab"], button, a, [data-testid]')];
    const byId = all.find((el) => {
      const testid = el.getAttribute('data-testid')?.toLowerCase();
      return testid === `tab-${want}` || testid === `${want}-tab` || el.id.toLowerCase() === `tab-${want}`;
    });
    const byText = (role: boolean) =>
      all.find((el) => (role ? el.getAttribute('role') === 'tab' : el.matches('button, a')) && words.test(el.textContent?.trim() ?? ''));
    const tab = byId ?? byText(true) ?? byText(false);
    if (!tab) return 'none';
    if (tab.getAttribute('aria-selected') === 'true') return 'selected';
    tab.setAttribute('data-e2e-tab', want);
    return 'click';
  }, want);
  if (found !== 'click') return;
  // The header grows when the page's view arrives, which can move the tab under a click in
  // flight: click again until the tab is selected (clicking a selected tab changes nothing).
  await poll(
    async () => {
      const state = await driver.evaluate(
        (want: string) => document.querySelector(`[data-e2e-tab="${want}"]`)?.getAttribute('aria-selected') ?? 'gone',
        want,
      );
      if (state !== 'false') return true;
      await driver.click(`[data-e2e-tab="${want}"]`);
      return undefined;
    },
    `the ${name} tab to be selected`,
    { intervalMs: 200 },
  );
}

export const toolSelector = (tool: string) => `[data-testid="page-tool"][data-tool="${tool}"]`;
export const resultSelector = (tool: string) => `${toolSelector(tool)} [data-testid="tool-result"]`;

/** The page tools the sidebar lists, by grade (from the section they are in). */
export function toolsByGrade(driver: Driver): Promise<Record<string, string[]>> {
  return driver.evaluate(() => {
    const grades: Record<string, string[]> = {};
    for (const tool of document.querySelectorAll<HTMLElement>('[data-testid="page-tool"]')) {
      const section = tool.closest('[class*="grade-"]');
      const grade = /\bgrade-(\w+)/.exec(section?.className ?? '')?.[1] ?? 'none';
      (grades[grade] ??= []).push(tool.dataset.tool ?? '');
    }
    return grades;
  }, null);
}

export function waitForTools(driver: Driver, tools: string[], options?: WaitOptions): Promise<true> {
  return waitIn(
    driver,
    (names: string[]) => names.every((n) => document.querySelector(`[data-testid="page-tool"][data-tool="${n}"]`)),
    tools,
    `the sidebar to list the page tools ${tools.join(', ')}`,
    options,
  );
}

/** Fills the tool's body field (if given) and clicks its button, as a person does. */
export async function runTool(driver: Driver, tool: string, body?: string): Promise<void> {
  if (body !== undefined) await driver.fill(`${toolSelector(tool)} textarea[name="body"]`, body);
  await driver.click(`${toolSelector(tool)} button[type="submit"]`);
}

/** The textContent of the tool's result once there is one (not "busy"). */
export function toolResult(driver: Driver, tool: string, options?: WaitOptions): Promise<string> {
  return waitIn(driver, (s: string) => document.querySelector(s)?.textContent, resultSelector(tool), `a result of ${tool}`, options);
}

export interface CardView {
  /** data-state of confirm-status. */
  state: string;
  status: string;
  /** The card's labelled fields (site, ticket, recipient, subject), in order. */
  fields: string[];
  body: string | null;
  canAccept: boolean;
  /** The list under the body is still loading. */
  reviewing: boolean;
  /** "Check the ticket" is offered (read with the state, in the same look). */
  canCheck: boolean;
}

export function confirmCards(driver: Driver): Promise<CardView[]> {
  return driver.evaluate(
    () =>
      [...document.querySelectorAll('[data-testid="confirm-card"]')].map((card) => {
        const status = card.querySelector('[data-testid="confirm-status"]');
        const accept = card.querySelector<HTMLButtonElement>('[data-testid="confirm-accept"]');
        return {
          state: status?.getAttribute('data-state') ?? '',
          status: status?.textContent ?? '',
          fields: [...card.querySelectorAll('dd')].map((dd) => dd.textContent ?? ''),
          body: card.querySelector('[data-testid="confirm-body"]')?.textContent ?? null,
          canAccept: accept !== null && !accept.disabled,
          // The list of the body's links and numbers is still being made (Confirm waits for it).
          reviewing: card.querySelector('[data-testid="confirm-review"][data-state="loading"]') !== null,
          canCheck: card.querySelector('[data-testid="confirm-check"]') !== null,
        };
      }),
    null,
  );
}

/** Waits until the sidebar shows exactly one confirm card in one of `states`, and returns it. */
export async function theCard(driver: Driver, states: string[], options?: WaitOptions): Promise<CardView> {
  let last: CardView[] = [];
  try {
    return await poll(
      async () => {
        last = await confirmCards(driver);
        return last.length === 1 && states.includes(last[0]!.state) && !last[0]!.reviewing ? last[0] : undefined;
      },
      `one confirm card in state ${states.join(' or ')}`,
      options,
    );
  } catch (error) {
    // What the draft cards said last (an error of the click that should have opened the card).
    const said = await driver
      .evaluate(() => [...document.querySelectorAll('[data-testid="draft-card"] [role="status"]')].map((p) => p.textContent ?? ''), null)
      .catch(() => []);
    throw new Error(`${(error as Error).message}; the sidebar shows ${JSON.stringify(last)}; draft cards say ${JSON.stringify(said)}`);
  }
}

/**
 * Waits until the only card is pending with Confirm offered. Confirm waits on things that settle
 * after the card shows (its body seen to the end, the tab's ticket read), so a card read at once
 * may still hold it: a test that needs Confirm waits for it, not for the first look.
 */
export async function theOfferedCard(driver: Driver, options?: WaitOptions): Promise<CardView> {
  let last: CardView[] = [];
  try {
    return await poll(
      async () => {
        last = await confirmCards(driver);
        return last.length === 1 && last[0]!.state === 'pending' && !last[0]!.reviewing && last[0]!.canAccept ? last[0] : undefined;
      },
      'one pending confirm card with Confirm offered',
      options,
    );
  } catch (error) {
    throw new Error(`${(error as Error).message}; the sidebar shows ${JSON.stringify(last)}`);
  }
}

/**
 * Reads the only card's body through, as a person must before Confirm is offered: the body
 * scrolls with the conversation, so its start is brought into view, then its end (turn about,
 * one per look, so the browser has reported each before the next), until Confirm is enabled.
 */
export function readWholeBody(driver: Driver, options?: WaitOptions): Promise<true> {
  return waitIn(
    driver,
    () => {
      const body = document.querySelector('[data-testid="confirm-card"] [data-testid="confirm-body"]');
      const accept = document.querySelector<HTMLButtonElement>('[data-testid="confirm-card"] [data-testid="confirm-accept"]');
      if (!body || !accept) return false;
      if (!accept.disabled) return true;
      const w = window as unknown as { __deskmateReadEnd?: boolean };
      body.scrollIntoView({ block: w.__deskmateReadEnd ? 'end' : 'start' });
      w.__deskmateReadEnd = !w.__deskmateReadEnd;
      return false;
    },
    null,
    'Confirm to be enabled once the body was in view from its start to its end',
    options,
  );
}

/** Clicks an item of the sidebar's header menu (New chat, Sent to model, Settings), opening the menu first. */
export async function chooseFromMenu(driver: Driver, testid: string): Promise<void> {
  const open = await driver.evaluate((id: string) => document.querySelector(`[data-testid="${id}"]`) !== null, testid);
  if (!open) await driver.click('[data-testid="header-menu"]');
  await driver.click(`[data-testid="${testid}"]`);
}

/** Reads the only card's body to its end, then clicks Confirm. */
export async function clickConfirm(driver: Driver): Promise<void> {
  await readWholeBody(driver);
  await driver.click('[data-testid="confirm-card"] [data-testid="confirm-accept"]');
}

/** The audit entries the Audit view lists, as their kinds (prepare, confirm, sent, refuse, ...). */
export function auditKindsShown(driver: Driver): Promise<string[]> {
  return driver.evaluate(
    () =>
      [...document.querySelectorAll('[data-testid="audit-entry"]')].map((entry) => {
        const kind = entry.querySelector('[class*="kind-"]');
        return /\bkind-(\w+)/.exec(kind?.className ?? '')?.[1] ?? entry.textContent ?? '';
      }),
    null,
  );
}

// ---------------------------------------------------------------------------------------------
// The background's state, read and asked from an extension page

export interface StoredConfirmation {
  id: string;
  tool: string;
  payload: { site: string; ticket: string; recipient: string; subject: string; body: string };
  digest: string;
  ctx: { tabId?: number; scope?: string | null; ticketKey?: string | null };
  status: 'pending' | 'used' | 'cancelled';
  outcome?: string;
}

/**
 * An extension page (any document of the extension's origin has chrome.*) in a background
 * window, so the ticket tab stays the active tab the real side panel follows.
 */
export async function openBackgroundExtensionPage(
  context: BrowserContext,
  extensionId: string,
  { timeoutMs = DEFAULT_TIMEOUT_MS }: WaitOptions = {},
): Promise<Page> {
  const browser = context.browser();
  if (!browser) throw new Error('openBackgroundExtensionPage needs a context launched by launchChromium');
  const session = await browser.newBrowserCDPSession();
  try {
    return await openGestureOpener(context, session, extensionId, timeoutMs);
  } finally {
    await session.detach().catch(() => undefined);
  }
}

/**
 * The confirmation records in the background's vault (IndexedDB 'deskmate', store 'items',
 * key 'confirmations'), read from an extension page, which shares the extension's origin.
 */
export function storedConfirmations(driver: Driver): Promise<StoredConfirmation[]> {
  return driver.evaluate(
    () =>
      new Promise<unknown[]>((resolve, reject) => {
        const open = indexedDB.open('deskmate');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('items')) return resolve([]);
          const get = db.transaction('items').objectStore('items').get('confirmations');
          get.onerror = () => reject(get.error);
          get.onsuccess = () => resolve(Object.values(((get.result as { value?: object } | undefined)?.value ?? {}) as object));
        };
      }),
    null,
  ) as Promise<StoredConfirmation[]>;
}

/** The one record prepared for `tabId` whose body is `body`. */
export async function storedConfirmation(driver: Driver, tabId: number, body: string): Promise<StoredConfirmation> {
  const matching = (await storedConfirmations(driver)).filter((r) => r.ctx.tabId === tabId && r.payload.body === body);
  if (matching.length !== 1) throw new Error(`expected one stored confirmation for tab ${tabId}, found ${matching.length}`);
  return matching[0]!;
}

export type Envelope<T = unknown> = { ok: true; value: T } | { ok: false; code: string; error: string };
export interface ToolResultLike {
  ok: boolean;
  code?: string;
  error?: string;
  data?: unknown;
  requiresConfirm?: boolean;
  confirmation?: { id: string; digest: string };
}

/** chrome.runtime.sendMessage from an extension context; the background answers with an envelope. */
export function sendToBackground<T = ToolResultLike>(driver: Driver, message: Record<string, unknown>): Promise<Envelope<T>> {
  return driver.evaluate((m: Record<string, unknown>) => chrome.runtime.sendMessage(m), message) as Promise<Envelope<T>>;
}

/**
 * As sendToBackground, for an answer that may take longer than one DevTools call may wait (a
 * look at a ticket's thread waits for the reply to show, after any look already under way):
 * the message is sent from the page and its answer polled for.
 */
export async function sendToBackgroundSlow<T = ToolResultLike>(driver: Driver, message: Record<string, unknown>, options: WaitOptions = { timeoutMs: 45_000 }): Promise<Envelope<T>> {
  const slot = `__deskmateAnswer${Math.random().toString(36).slice(2)}`;
  await driver.evaluate(
    ({ m, slot }: { m: Record<string, unknown>; slot: string }) => {
      const w = window as unknown as Record<string, unknown>;
      void chrome.runtime.sendMessage(m).then(
        (answer: unknown) => (w[slot] = { answer }),
        (error: unknown) => (w[slot] = { error: String(error) }),
      );
    },
    { m: message, slot },
  );
  const got = await waitIn(driver, (name: string) => (window as unknown as Record<string, unknown>)[name] as { answer?: unknown; error?: string } | undefined, slot, `the background's answer to ${String(message.type)}`, options);
  if (got.error !== undefined) throw new Error(`${String(message.type)} failed: ${got.error}`);
  return got.answer as Envelope<T>;
}

export interface AuditRecord {
  seq: number;
  kind: string;
  tool: string;
  site: string;
  ticket: string | null;
  digest: string | null;
  confirmationId: string | null;
  detail?: string;
}

/** The audit log's entries for one confirmation, oldest first. */
export async function auditOf(driver: Driver, confirmationId: string): Promise<AuditRecord[]> {
  const answer = await sendToBackground<AuditRecord[]>(driver, { type: 'audit.list' });
  if (!answer.ok) throw new Error(`audit.list: ${answer.error}`);
  return answer.value.filter((e) => e.confirmationId === confirmationId).sort((a, b) => a.seq - b.seq);
}

/** The ticket the background believes the tab shows (what confirm checks against). */
export function ticketShown(driver: Driver, tabId: number, label: string, options?: WaitOptions): Promise<true> {
  return poll(
    async () => {
      const view = await sendToBackground<{ page: { ticket: { label: string } | null } | null }>(driver, { type: 'view.get', tabId });
      return view.ok && view.value.page?.ticket?.label === label ? true : undefined;
    },
    `the background to know tab ${tabId} shows ticket ${label}`,
    options,
  );
}

// ---------------------------------------------------------------------------------------------
// The content script's isolated world, over CDP

export interface IsolatedWorld {
  /** Evaluates an expression in the extension's content-script world of the page. */
  evaluate<T>(expression: string): Promise<T>;
  detach(): Promise<void>;
}

/**
 * Finds the execution context Chrome made for this extension's content script in the page's
 * main frame: Runtime.enable replays every context, and the content script's is the one whose
 * auxData.type is 'isolated' and whose origin is the extension's.
 */
export async function contentScriptWorld(
  context: BrowserContext,
  page: Page,
  extensionId: string,
  { timeoutMs = DEFAULT_TIMEOUT_MS }: WaitOptions = {},
): Promise<IsolatedWorld> {
  const session = await context.newCDPSession(page);
  const origin = `chrome-extension://${extensionId}`;
  const seen: { id: number; origin: string; name: string; auxData?: { type?: string; isDefault?: boolean; frameId?: string } }[] = [];
  session.on('Runtime.executionContextCreated', (event) => seen.push(event.context));
  await session.send('Runtime.enable');
  const { frameTree } = await session.send('Page.getFrameTree');
  const mainFrame = frameTree.frame.id;
  const found = await poll(
    () =>
      seen.find(
        (c) => c.auxData?.type === 'isolated' && c.auxData.frameId === mainFrame && (c.origin === origin || c.origin.startsWith(`${origin}/`)),
      ),
    () => `the content script's isolated world (contexts: ${JSON.stringify(seen.map((c) => [c.origin, c.name, c.auxData?.type]))})`,
    { timeoutMs },
  );
  return {
    async evaluate<T>(expression: string): Promise<T> {
      const reply = await session.send('Runtime.evaluate', {
        expression,
        contextId: found.id,
        awaitPromise: true,
        returnByValue: true,
      });
      if (reply.exceptionDetails) {
        throw new Error(`isolated world evaluate threw: ${reply.exceptionDetails.exception?.description ?? reply.exceptionDetails.text}`);
      }
      return reply.result.value as T;
    },
    detach: () => session.detach().catch(() => undefined),
  };
}

// ---------------------------------------------------------------------------------------------
// Text

/** Lines of a text, for comparing a body with what the helpdesk stored. */
export const linesOf = (text: string) => text.split('\n');

/** A reply body with several lines, unicode and markup that must arrive as plain text. */
export function replyBody(tag: string): string {
  return [
    `Hello Maria (${tag}),`,
    '',
    'We refunded the duplicate charge — you will see it in 3–5 days.',
    'Grüße aus Zürich · 東京 · ✓ 👍',
    'Plain text, not markup: <b>tag</b> & "quotes"',
    'Sam',
  ].join('\n');
}
