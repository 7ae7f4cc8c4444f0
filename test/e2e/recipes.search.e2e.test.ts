import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, openRealSidePanel, type ChromiumHarness, type SidePanel } from './harness/chromium';
import { ask, configureChromium, messagesOf, startModel, turnEnded, type ModelForExtension } from './harness/chat';
import { startFixtureHelpdesk, type FixtureHelpdesk } from './harness/fixture-helpdesk';
import { OFF_SITE_MATCH } from './harness/fixture-pages';
import { importRecipeInChromium } from './harness/recipe-import';

/**
 * A helpdesk no code adapter knows gets past tickets from its recipe's `search` section alone:
 * imported on the options page, the model searches with the helpdesk's own search page and reads
 * a match by key, through the real side panel; a match that points to another site is left out.
 */
describe('recipes: the search section gives tickets.search and ticket.read({ key })', () => {
  let chromium: ChromiumHarness;
  let helpdesk: FixtureHelpdesk;
  let m: ModelForExtension;
  let page: Page | undefined;
  let panel: SidePanel | undefined;

  beforeAll(async () => {
    helpdesk = await startFixtureHelpdesk();
    m = await startModel({ chunkDelayMs: 2 });
    chromium = await launchChromium();
    await configureChromium(chromium.context, chromium.extensionId, m);
  });
  afterAll(async () => {
    await panel?.close().catch(() => undefined);
    await page?.close().catch(() => undefined);
    await chromium?.close();
    await m?.model.close();
    await helpdesk?.close();
  });

  /** The fenced result of one tool call, as the model received it in a later request. */
  const resultOf = (request: unknown, tool: string): { ok: boolean; data?: Record<string, unknown>; code?: string } => {
    const fenced = messagesOf(request).find((msg) => msg.role === 'tool' && msg.content.startsWith(`<tool_result tool="${tool}"`));
    if (!fenced) throw new Error(`no ${tool} result in the request`);
    return JSON.parse(fenced.content.slice(fenced.content.indexOf('\n') + 1, fenced.content.lastIndexOf('\n'))) as never;
  };

  it('searches the helpdesk as the agent, leaves out the open ticket and the off-site match, and reads a match by key', async () => {
    await importRecipeInChromium(chromium.context, chromium.extensionId, 'fixture-search', helpdesk.origin);
    m.model.script([
      { toolCalls: [{ name: 'tickets__search', arguments: { query: 'invoice address' } }] },
      { toolCalls: [{ name: 'ticket__read', arguments: { key: '7' } }, { name: 'ticket__read', arguments: { key: '8' } }] },
      { text: 'Ticket #7 had the same problem: billing updated the address.' },
    ]);
    page = await chromium.context.newPage();
    await page.goto(helpdesk.url('/reload/tickets/6'));
    panel = await openRealSidePanel(chromium.context, chromium.extensionId, page);
    await panel.waitFor('[data-testid="chat-input"]');
    const first = m.model.requests().length;
    await ask(panel, 'Did we have this before?');
    await turnEnded(panel, 'the turn to end', { timeoutMs: 40_000 });

    const requests = m.model.requests().slice(first);
    expect(requests).toHaveLength(3);
    // Offered because the recipe describes a search: a helpdesk we never coded for.
    expect(JSON.stringify((requests[0] as { tools?: unknown }).tools)).toContain('tickets__search');
    const search = resultOf(requests[1], 'tickets.search');
    expect(search.ok).toBe(true);
    expect(search.data).toEqual({
      results: [{ key: '7', number: '#7', subject: 'Invoice address is wrong', status: 'Closed', requester: 'Ines Duarte', updated: null }],
      more: false,
      skipped: 1,
    });
    expect(JSON.stringify(search)).not.toContain('other.example');

    const [read, offSite] = messagesOf(requests[2]).filter((msg) => msg.role === 'tool' && msg.content.startsWith('<tool_result tool="ticket.read"'));
    const past = JSON.parse(read!.content.slice(read!.content.indexOf('\n') + 1, read!.content.lastIndexOf('\n'))) as { ok: boolean; data: Record<string, unknown> };
    expect(past.ok).toBe(true);
    expect(past.data).toMatchObject({ key: '7', url: helpdesk.url('/reload/tickets/7'), subject: 'Invoice address is wrong' });
    expect(JSON.stringify(past.data.messages)).toContain('Billing here: the address is updated for future invoices.');
    // Key 8 is only the off-site match's number: the helpdesk itself has no such ticket, and nothing was asked of other.example.
    expect(offSite!.content).toMatch(/"ok":false/);
    expect(OFF_SITE_MATCH).toContain('other.example');
  });
});
