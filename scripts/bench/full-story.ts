import type { BrowserContext } from 'playwright-core';
import type { DemoModel } from '../../demo/model/server.mjs';
import { openExtensionPage } from '../../test/e2e/harness/chromium';
import { setMasking } from '../../test/e2e/harness/options';
import type { SidePanel } from '../../test/e2e/harness/side-panel-handle';
import { poll } from '../../test/e2e/harness/wait';
import { pageDriver, waitIn } from '../../test/e2e/harness/deskmate';
import { gradeMcpTool } from '../../test/e2e/harness/mcp';
import { ORDER_GRADES } from '../demo/setup-mcp';
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

/** One story of the draft, as the bench tells it: which switches, which target (none where no issue set one). */
export interface StorySpec {
  name: string;
  /** The demo order system's tools graded as npm run demo grades them; else all off. */
  orders: boolean;
  /** The model reads the helpdesk's past tickets (one search, two tickets read); else it drafts from the ticket and the knowledge base. */
  pastTickets: boolean;
  target?: number;
}

export type StoryFigures = TurnFigures & { kbArticles: number; story: StorySpec };

/**
 * The draft stories as a team would run them: team instructions and a ticket context saved,
 * masking on, and a knowledge base of `articles` articles; then each story in a new chat with
 * its switches. Returns each story turn's figures, in the order given.
 */
export async function measureFullStories(context: BrowserContext, extensionId: string, panel: SidePanel, model: DemoModel, articles: number, stories: readonly StorySpec[]): Promise<StoryFigures[]> {
  const kbArticles = await setUpTeam(context, extensionId, panel, articles);
  const out: StoryFigures[] = [];
  let orders = true;
  try {
    for (const story of stories) {
      if (story.orders !== orders) await gradeOrders(context, extensionId, (orders = story.orders));
      model.behave({ noPastTickets: !story.pastTickets });
      // Saved settings reopen the chat; a New chat clicked meanwhile may be lost: asked again once.
      await newChat(panel).catch(() => newChat(panel));
      out.push({ ...(await measureTurn(panel, model)), kbArticles, story });
    }
  } finally {
    model.behave({});
    if (!orders) await gradeOrders(context, extensionId, true);
  }
  return out;
}

/** The order system's tools as npm run demo grades them, or all switched off on the options page. */
async function gradeOrders(context: BrowserContext, extensionId: string, on: boolean): Promise<void> {
  const page = await openExtensionPage(context, extensionId, 'options.html', { timeoutMs: 15_000 });
  try {
    const options = pageDriver(page);
    for (const [tool, grade] of Object.entries(ORDER_GRADES)) {
      const choice = on ? grade : 'off';
      // The page lists the server's tools once it has heard from the worker: graded only then.
      const standing = await waitIn(options, (t) => document.querySelector<HTMLElement>(`[data-tool="${t}"]`)?.dataset.standing || false, tool, `${tool} on the options page`);
      if (standing !== choice) await gradeMcpTool(options, tool, choice);
    }
  } finally {
    await page.close().catch(() => undefined);
  }
}

/** Team instructions, a cleared knowledge base of exactly `articles` articles, masking on, and this ticket's context. */
async function setUpTeam(context: BrowserContext, extensionId: string, panel: SidePanel, articles: number): Promise<number> {
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
  await newChat(panel).catch(() => newChat(panel));
  await panel.evaluate(() => void document.querySelector('details.ticket-context')?.setAttribute('open', ''), null);
  await panel.fill('[data-testid="ticket-context"]', TICKET_CONTEXT);
  await poll(async () => ((await panel.evaluate(() => document.querySelector('[data-testid="ticket-context"]')?.getAttribute('data-state'), null)) === 'saved' ? true : undefined), 'the ticket context saved', { timeoutMs: 10_000 });
  return kbArticles;
}
