import type { BrowserContext } from 'playwright-core';
import { startDemoModel, type DemoModel, type DemoModelOptions } from '../../../demo/model/server.mjs';
import { configureExtension } from '../../../scripts/demo/setup';
import { join } from 'node:path';
import type { Driver } from './deskmate';
import { ROOT } from './paths';
import { poll, type WaitOptions } from './wait';

/**
 * The chat tab as the agent tests see it: the demo model in-process, and the sidebar's chat
 * test ids (user-message, assistant-message, tool-call, chat-error, draft-card, confirm-card).
 */

export const DEMO_MODEL = 'deskmate-demo';
export const KB_FILE = join(ROOT, 'demo', 'kb', 'northwind-support.md');
/** The extension's default model endpoint (src/background/model/model-settings.ts). */
export const DEFAULT_MODEL_PORT = 4518;

export interface ModelForExtension {
  model: DemoModel;
  /** True when the model listens on the default endpoint, so no settings had to be saved. */
  onDefaultPort: boolean;
}

/** Starts the demo model on 4518 if free, else on a free port (the settings must then be saved). */
export async function startModel(options: Omit<DemoModelOptions, 'port'> = {}): Promise<ModelForExtension> {
  try {
    return { model: await startDemoModel({ ...options, port: DEFAULT_MODEL_PORT }), onDefaultPort: true };
  } catch (error) {
    if ((error as { code?: string }).code !== 'EADDRINUSE') throw error;
    return { model: await startDemoModel({ ...options, port: 0 }), onDefaultPort: false };
  }
}

/**
 * Chromium: through the options page, as a person would, saves the model settings when the
 * model is not on the default port, and imports the sample knowledge base (the demo's setup).
 */
export async function configureChromium(context: BrowserContext, extensionId: string, m: ModelForExtension): Promise<void> {
  await configureExtension(context, extensionId, {
    modelBaseURL: m.model.url,
    modelId: DEMO_MODEL,
    saveSettings: !m.onDefaultPort,
    kbFile: KB_FILE,
    timeoutMs: 20_000,
  });
}

export interface ChatView {
  users: string[];
  assistants: { text: string; cut: string | null; streaming: boolean }[];
  tools: { tool: string; status: string; title: string }[];
  errors: { kind: string; text: string; retry: boolean }[];
  /** The Stop button shows instead of Send: a turn runs. */
  running: boolean;
  drafts: string[];
  confirms: number;
}

export function chatView(driver: Driver): Promise<ChatView> {
  return driver.evaluate(() => {
    const all = (id: string) => [...document.querySelectorAll<HTMLElement>(`[data-testid="${id}"]`)];
    return {
      users: all('user-message').map((el) => el.textContent ?? ''),
      assistants: all('assistant-message').map((el) => ({
        text: el.querySelector(':scope > :not(.cut)')?.textContent ?? el.textContent ?? '',
        cut: el.getAttribute('data-cut'),
        streaming: el.getAttribute('aria-busy') === 'true',
      })),
      tools: all('tool-call').map((el) => ({
        tool: el.getAttribute('data-tool') ?? '',
        status: el.getAttribute('data-status') ?? '',
        title: el.getAttribute('title') ?? '',
      })),
      errors: all('chat-error').map((el) => ({
        kind: el.getAttribute('data-kind') ?? '',
        text: el.textContent ?? '',
        retry: el.querySelector('.actions button') !== null,
      })),
      running: document.querySelector('[data-testid="chat-stop"]') !== null,
      drafts: all('draft-body').map((el) => (el as HTMLTextAreaElement).value),
      confirms: all('confirm-card').length,
    };
  }, null);
}

/** Polls the chat until `wanted` holds; the error message shows the last view. */
export async function waitForChat(driver: Driver, wanted: (view: ChatView) => boolean, what: string, options: WaitOptions = {}): Promise<ChatView> {
  let last: ChatView | undefined;
  try {
    return await poll(
      async () => {
        last = await chatView(driver);
        return wanted(last) ? last : undefined;
      },
      what,
      { timeoutMs: 30_000, ...options },
    );
  } catch (error) {
    throw new Error(`${(error as Error).message}; the chat shows ${JSON.stringify(last)}`);
  }
}

/** Types a question into the chat box and clicks Send; waits for it to show as a user message. */
export async function ask(driver: Driver, text: string): Promise<void> {
  // A sidebar just opened shows the conversation once the background has sent it: questions
  // counted before that would miss the ones already asked.
  const loaded = () => document.querySelector('[data-testid="chat-log"]')?.getAttribute('aria-busy') === 'false';
  await poll(async () => ((await driver.evaluate(loaded, null)) ? true : undefined), 'the conversation in the sidebar', { timeoutMs: 15_000 });
  const before = (await chatView(driver)).users.length;
  await driver.fill('[data-testid="chat-input"]', text);
  await driver.click('[data-testid="chat-send"]');
  await waitForChat(driver, (v) => v.users.length === before + 1 && v.users.at(-1) === text, `the question "${text}" in the chat`, { timeoutMs: 15_000 });
}

/** The chat's Retry button (on the last error, or on a cut answer). */
export const RETRY = '[data-testid="chat-error"] .actions button, [data-testid="assistant-message"] .cut button';

/** Waits for the turn to end (Send shows again) with the last assistant message not streaming. */
export function turnEnded(driver: Driver, what: string, options?: WaitOptions): Promise<ChatView> {
  return waitForChat(driver, (v) => !v.running && !v.assistants.some((a) => a.streaming) && (v.assistants.length > 0 || v.errors.length > 0), what, options);
}

/** The messages of one chat request as role + text, for checking what the model was sent. */
export function messagesOf(request: unknown): { role: string; content: string }[] {
  const messages = (request as { messages?: { role: string; content?: unknown }[] }).messages ?? [];
  return messages.map((m) => ({ role: m.role, content: typeof m.content === 'string' ? m.content : JSON.stringify(m.content ?? '') }));
}

/** The tool names a chat request offered the model. */
export function toolNamesOf(request: unknown): string[] {
  const tools = (request as { tools?: { function?: { name?: string } }[] }).tools ?? [];
  return tools.map((t) => t.function?.name ?? '');
}
