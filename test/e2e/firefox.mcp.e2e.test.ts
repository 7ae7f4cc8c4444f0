import { startOrderSystem, type OrderSystem } from '../../demo/mcp/server.mjs';
import { ask, toolNamesOf, waitForChat } from './harness/chat';
import { showTab, waitIn } from './harness/deskmate';
import { openFirefoxExtensionPage } from './harness/firefox';
import { firefoxDriver } from './harness/firefox-driver';
import { openSidebarFor } from './harness/firefox-sidebar';
import { describe, expect, firefoxTest } from './harness/firefox-fixtures';
import { addMcpServer, gradeMcpTool, mcpTools, theActionEnds, theOfferedAction } from './harness/mcp';

const test = firefoxTest({ model: { chunkDelayMs: 2 } });
let orders: OrderSystem;
test.beforeAll(async () => {
  orders = await startOrderSystem({ port: 0, token: 'orders-token-ff' });
});
test.afterAll(async () => {
  await orders?.close();
});

/**
 * MCP in Firefox ESR, whose background is a page: the MCP client script loads there by a script
 * element once a server is configured; the order system is graded on the options page, its read
 * tool is offered and its refund goes through the action card, once.
 */
describe('firefox.mcp: the order system through MCP', () => {
  test('a bearer token, grades by a person, a read tool offered, and a refund confirmed once', async ({ firefox, model, ticket, sidebar: { page: sidebarPage, driver: sidebar } }) => {
    const page = await openFirefoxExtensionPage(firefox, 'options.html');
    const options = firefoxDriver(page);
    await addMcpServer(options, { url: orders.url, name: 'Orders', token: 'orders-token-ff' });
    expect(await mcpTools(options)).toMatchObject({ 'payments.refund': { standing: 'new', suggested: 'send' } });
    expect(orders.authorizations().every((a) => a === 'Bearer orders-token-ff')).toBe(true);
    await gradeMcpTool(options, 'payments.list', 'read');
    await gradeMcpTool(options, 'payments.refund', 'send');
    await page.close();

    const proposal = { tool: 'payments.refund', arguments: { capture: 'cap_7Q2KX94' }, summary: 'Refund €149.00 on NW-20931' };
    model.script([{ toolCalls: [{ name: 'payments__list', arguments: { order: 'NW-20931' } }] }, { toolCalls: [{ name: 'action__propose', arguments: proposal }] }, { text: 'Review the refund.' }]);
    await showTab(sidebar, 'Chat');
    await sidebarPage.waitForSelector('[data-testid="chat-input"]');
    await ask(sidebar, 'Refund the duplicate.');
    await waitForChat(sidebar, (v) => !v.running && v.assistants.some((a) => a.text.includes('Review the refund')), 'the proposal');
    const first = model.requests()[0];
    expect(toolNamesOf(first)).toEqual(expect.arrayContaining(['payments__list', 'action__propose']));
    expect(toolNamesOf(first)).not.toContain('payments__refund');
    expect(String((model.requests()[1] as { messages: { role: string; content?: string }[] }).messages.find((m) => m.role === 'tool')?.content)).toContain('cap_7Q2KX94');

    await waitIn(sidebar, () => document.querySelector('[data-testid="action-card"]')?.textContent?.includes('Orders') || null, null, 'the action card naming the server');
    await sidebar.click('[data-testid="action-review"]');
    await theOfferedAction(sidebar);
    expect(orders.refunds()).toEqual([]);
    await sidebar.click('[data-testid="action-confirm-button"]');
    await theActionEnds(sidebar, 'sent');
    expect(orders.refunds()).toHaveLength(1);
    // The same card in a sidebar opened anew: what became of it, nothing more.
    const { sidebarPage: again } = await openSidebarFor(firefox, ticket.url());
    const reopened = firefoxDriver(again);
    await reopened.click('[data-testid="action-review"]');
    await waitIn(reopened, () => document.querySelector<HTMLElement>('[data-testid="action-card"]')?.dataset.phase === 'sent' || null, null, 'the card to say it was done');
    await again.close();
    expect(orders.refunds()).toHaveLength(1);
    // The token went to the order system only: the sidebar and the options page never hold it.
    expect(await sidebarPage.evaluate(() => document.documentElement.outerHTML)).not.toContain('orders-token-ff');
  });
});
