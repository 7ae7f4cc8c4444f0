import type { BrowserContext } from 'playwright-core';
import type { DemoModel } from '../../demo/model/server.mjs';
import { openExtensionPage } from '../../test/e2e/harness/chromium';
import { setMasking } from '../../test/e2e/harness/options';
import type { SidePanel } from '../../test/e2e/harness/side-panel-handle';
import { poll } from '../../test/e2e/harness/wait';
import { measureTurn, newChat, type TurnFigures } from './turns';

/** What a team would write on the options page. */
const TEAM_INSTRUCTIONS =
  'Sign as Northwind Support. Never promise refunds over €100 without a team lead. Quote the order number the customer gave. Keep replies under 150 words, in the customer’s language.';
const TICKET_CONTEXT = 'The customer is a Northwind Plus subscriber since 2021.';

const TOPICS = ['refund', 'invoice', 'delivery', 'password', 'subscription', 'export', 'quote', 'warranty', 'return', 'voucher', 'address', 'account', 'payment', 'shipping', 'discount', 'cancellation'];
const ASPECTS = ['for business customers', 'after a migration', 'in another currency', 'for a gift order', 'with a missing item', 'on the mobile app', 'for a bulk order', 'outside the EU', 'after 30 days', 'with a damaged parcel', 'with a partial payment', 'during a sale'];

/**
 * A knowledge base of `count` articles in all (the demo's own 8 included): help-centre articles
 * on realistic topics, 500-700 characters each, so a search returns hits of the usual size.
 */
export function knowledgeBaseFile(count: number): string {
  const articles = Array.from({ length: count }, (_, i) => {
    const topic = TOPICS[i % TOPICS.length]!;
    const aspect = ASPECTS[Math.floor(i / TOPICS.length) % ASPECTS.length]!;
    return {
      title: `${topic[0]!.toUpperCase()}${topic.slice(1)} ${aspect}`,
      tags: [topic],
      body: [
        `How to handle a ${topic} request ${aspect}. Check the customer's account and the order history first, and confirm the order number with the customer.`,
        `In Admin > ${topic[0]!.toUpperCase()}${topic.slice(1)}s, open the case and follow the steps for cases ${aspect}. Most cases are settled within ${2 + (i % 5)} business days; tell the customer the expected date.`,
        `If the case does not fit these steps, escalate it to the ${topic} team lead with the order number, what the customer asked for and what was already tried. Never promise more than the policy allows.`,
      ].join('\n\n'),
    };
  });
  return JSON.stringify(articles);
}

/**
 * The draft story as a team would run it: team instructions and a ticket context saved,
 * masking on, and a knowledge base of `articles` articles. Returns the story turn's figures.
 */
export async function measureFullStory(context: BrowserContext, extensionId: string, panel: SidePanel, model: DemoModel, articles: number): Promise<TurnFigures & { kbArticles: number }> {
  const page = await openExtensionPage(context, extensionId, 'options.html', { timeoutMs: 15_000 });
  let kbArticles = 0;
  try {
    await page.fill('[data-testid=settings-instructions]', TEAM_INSTRUCTIONS);
    await page.click('[data-testid=settings-instructions-save]');
    await page.locator('[data-testid=settings-instructions-status][data-state=saved]').waitFor({ timeout: 10_000 });
    // Cleared first: the knowledge base holds exactly `articles` articles.
    page.once('dialog', (d) => void d.accept());
    await page.click('[data-testid=kb-clear]').catch(() => undefined);
    await page.setInputFiles('[data-testid=kb-file]', { name: 'help-centre.json', mimeType: 'application/json', buffer: Buffer.from(knowledgeBaseFile(articles)) });
    kbArticles = await poll(async () => {
      const shown = (await page.locator('[data-testid=kb-status]').textContent().catch(() => '')) ?? '';
      const total = /\((\d+) in total\)/.exec(shown)?.[1];
      return total ? Number(total) : undefined;
    }, 'the knowledge base import', { timeoutMs: 20_000 });
  } finally {
    await page.close().catch(() => undefined);
  }
  await setMasking(context, extensionId, true);
  // Saved model settings reopen the chat; a New chat clicked meanwhile may be lost: asked again once.
  await newChat(panel).catch(() => newChat(panel));
  await panel.evaluate(() => void document.querySelector('details.ticket-context')?.setAttribute('open', ''), null);
  await panel.fill('[data-testid="ticket-context"]', TICKET_CONTEXT);
  await poll(async () => ((await panel.evaluate(() => document.querySelector('[data-testid="ticket-context"]')?.getAttribute('data-state'), null)) === 'saved' ? true : undefined), 'the ticket context saved', { timeoutMs: 10_000 });
  return { ...(await measureTurn(panel, model)), kbArticles };
}
