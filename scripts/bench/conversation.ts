import type { Page } from 'playwright-core';
import type { DemoModel } from '../../demo/model/server.mjs';
import type { SidePanel } from '../../test/e2e/harness/side-panel-handle';
import { poll } from '../../test/e2e/harness/wait';
import { measureTurn } from './turns';

/** Ten questions that each make the demo model read the ticket again: the worst case for growth. */
export const TEN_QUESTIONS = [
  'What does the customer want? Draft a reply.',
  'Draft a reply again, a little shorter.',
  'Summarize the ticket for me.',
  'What did the customer ask for? Draft a response.',
  'Draft a reply that apologises first.',
  'Write back to the customer, please: draft it.',
  'Draft a friendlier reply.',
  'Summarize what the customer needs.',
  'Draft a reply with the next steps.',
  'Draft the final reply.',
];

/** The last request of each question, in estimated tokens (ceil(chars / 4), as the demo model counts). */
export interface ConversationFigures {
  ticket: string;
  lastRequestTokens: number[];
  requestsPerQuestion: number[];
}

/** Opens the ticket in the panel's tab, then asks the ten questions in one conversation. */
export async function measureConversation(panel: SidePanel, page: Page, model: DemoModel, url: string, label: string): Promise<ConversationFigures> {
  await page.goto(url);
  await poll(
    async () => {
      const view = (await panel.evaluate(
        (tabId: number) => chrome.runtime.sendMessage({ type: 'view.get', tabId }),
        panel.tabId,
      )) as { value?: { page?: { ticket?: { label?: string } | null } | null } };
      return view?.value?.page?.ticket?.label === label || undefined;
    },
    `the panel to show ticket ${label}`,
    { timeoutMs: 15_000 },
  );
  // The probe hears the sidebar's own port, which follows the tab to this ticket's conversation.
  const lastRequestTokens: number[] = [];
  const requestsPerQuestion: number[] = [];
  for (const question of TEN_QUESTIONS) {
    const turn = await measureTurn(panel, model, question);
    lastRequestTokens.push(turn.promptTokensByRequest.at(-1) ?? 0);
    requestsPerQuestion.push(turn.requests);
  }
  return { ticket: label, lastRequestTokens, requestsPerQuestion };
}

declare const chrome: { runtime: { sendMessage(message: unknown): Promise<unknown> } };
