import type { BrowserContext } from 'playwright-core';
import type { DemoModel } from '../../../demo/model/server.mjs';
import { ask, DEMO_MODEL, turnEnded, type ModelForExtension } from './chat';
import { openExtensionPage } from './chromium';
import { showTab, waitIn, type Driver } from './deskmate';
import type { WaitOptions } from './wait';

declare const chrome: { runtime: { sendMessage(m: object): Promise<{ ok: boolean; value?: Record<string, unknown>; error?: string }> } };

/**
 * A send starts from the ticket's draft in the chat, never from a bare form: the scripted model
 * proposes the text as the ticket's draft, and the agent clicks its Send…. These helpers stand for
 * the Page tab's send form the sidebar no longer has.
 */

/** Chromium: points the extension at the scripted model when it is not on the default port (no knowledge base). */
export async function useModel(context: BrowserContext, extensionId: string, m: ModelForExtension): Promise<void> {
  if (m.onDefaultPort) return;
  const page = await openExtensionPage(context, extensionId, 'options.html');
  try {
    await page.evaluate(
      async ({ baseURL, model }) => {
        const current = await chrome.runtime.sendMessage({ type: 'model.get' });
        const saved = await chrome.runtime.sendMessage({ type: 'model.set', settings: { ...current.value, baseURL, model } });
        if (!saved.ok || saved.value?.ok === false) throw new Error(`model.set: ${JSON.stringify(saved)}`);
      },
      { baseURL: m.model.url, model: DEMO_MODEL },
    );
  } finally {
    await page.close();
  }
}

/**
 * The call id of the draft (reply or note) of tab `tabId`'s conversation, as the background keeps
 * it: what a Send… names. Read from the extension's session storage, in either browser.
 */
export function draftCallId(driver: Driver, tabId: number, audience: 'reply' | 'note' = 'reply'): Promise<string> {
  return waitIn(
    driver,
    async ({ tab, a }: { tab: number; a: string }) => {
      const api = (globalThis as unknown as { browser?: StorageApi }).browser ?? (globalThis as unknown as { chrome: StorageApi }).chrome;
      const stored = await api.storage.session.get(null);
      const drafts = Object.entries(stored as Record<string, { kind?: string; callId?: string; audience?: string }>).filter(
        ([key, v]) => key.startsWith(`chat:${tab}:`) && v?.kind === 'draft' && (v.audience === 'note') === (a === 'note'),
      );
      return drafts.at(-1)?.[1].callId;
    },
    { tab: tabId, a: audience },
    `the ${audience} draft of tab ${tabId} in the background`,
  ) as unknown as Promise<string>;
}
type StorageApi = { storage: { session: { get(keys: null): Promise<Record<string, unknown>> } } };

/** The ticket's draft (reply, or internal note) as the sidebar shows it. */
export function draftShown(driver: Driver, audience: 'reply' | 'note' = 'reply'): Promise<string | null> {
  return driver.evaluate(
    (a: string) => document.querySelector<HTMLTextAreaElement>(`[data-testid="draft-card"][data-audience="${a}"] [data-testid="draft-body"]`)?.value ?? null,
    audience,
  );
}

/** Waits until the ticket's draft reads `body`. */
export function waitForDraft(driver: Driver, body: string, audience: 'reply' | 'note' = 'reply', options: WaitOptions = { timeoutMs: 20_000 }): Promise<true> {
  return waitIn(
    driver,
    ({ a, b }: { a: string; b: string }) => document.querySelector<HTMLTextAreaElement>(`[data-testid="draft-card"][data-audience="${a}"] [data-testid="draft-body"]`)?.value === b || undefined,
    { a: audience, b: body },
    `the ${audience} draft to read ${JSON.stringify(body.slice(0, 60))}`,
    options,
  );
}

/** The scripted model proposes `body` as the ticket's draft (a new one, or its next version) when the agent asks. */
export async function proposeDraft(driver: Driver, model: DemoModel, body: string, question = 'Draft a reply.'): Promise<void> {
  model.script([{ toolCalls: [{ name: 'reply__propose', arguments: { body } }] }, { text: 'The draft is in the card.' }]);
  await showTab(driver, 'Chat');
  await ask(driver, question);
  await waitForDraft(driver, body);
  await turnEnded(driver, 'the drafting turn to end', { timeoutMs: 20_000 });
}

/** The Internal note action, its answer `body`: the ticket's note draft. */
export async function proposeNote(driver: Driver, model: DemoModel, body: string): Promise<void> {
  model.script([{ text: body }]);
  await showTab(driver, 'Chat');
  await driver.click('[data-testid="quick-action"][data-action="note"]');
  await waitForDraft(driver, body, 'note');
}

/** Clicks the draft's Send… (or a note's Add as internal note…) once it is offered. */
export async function clickDraftSend(driver: Driver, audience: 'reply' | 'note' = 'reply'): Promise<void> {
  const button = audience === 'note' ? 'note-add' : 'draft-send';
  const selector = `[data-testid="draft-card"][data-audience="${audience}"] [data-testid="${button}"]`;
  await waitIn(driver, (s: string) => document.querySelector<HTMLButtonElement>(s)?.disabled === false || undefined, selector, `the draft's ${button} to be offered`, { timeoutMs: 15_000 });
  await driver.click(selector);
}

/** What the Page tab's send form was: the model proposes exactly `body`, and the agent clicks Send…. */
export async function sendFromDraft(driver: Driver, model: DemoModel, body: string, audience: 'reply' | 'note' = 'reply'): Promise<void> {
  if (audience === 'note') await proposeNote(driver, model, body);
  else await proposeDraft(driver, model, body);
  await clickDraftSend(driver, audience);
}
