import { startOrderSystem, type OrderSystem } from '../../demo/mcp/server.mjs';
import { PROMPT } from '../../scripts/demo/story';
import { ask, toolNamesOf, turnEnded } from './harness/chat';
import { showTab, waitIn } from './harness/deskmate';
import { draftShown } from './harness/drafts';
import { openFirefoxExtensionPage } from './harness/firefox';
import { firefoxDriver } from './harness/firefox-driver';
import { describe, expect, firefoxTest } from './harness/firefox-fixtures';
import { addMcpServer, gradeMcpTool, theActionEnds, theOfferedAction } from './harness/mcp';

const test = firefoxTest({ model: { chunkDelayMs: 2 } });
let orders: OrderSystem;
test.beforeAll(async () => {
  orders = await startOrderSystem({ port: 0 });
});
test.afterAll(async () => {
  await orders?.close();
});

/**
 * The demo story's order system in Firefox ESR through the built extension, as `npm run demo`
 * plays it in Chromium: the order system graded on the options page, the demo model's draft for
 * ticket #1041 states the two real captures and their amount, and the duplicate is refunded
 * through the action card and its confirm, a double click included: the order system refunds once.
 */
describe('firefox.demo-orders: the demo story with the order system', () => {
  test('the draft states the captures; the refund is confirmed on the action card, once', async ({ firefox, model, sidebar: { page: sidebarPage, driver: sidebar } }) => {
    const page = await openFirefoxExtensionPage(firefox, 'options.html');
    const options = firefoxDriver(page);
    await addMcpServer(options, { url: orders.url, name: 'Orders' });
    await gradeMcpTool(options, 'orders.get', 'read');
    await gradeMcpTool(options, 'payments.list', 'read');
    await gradeMcpTool(options, 'payments.refund', 'send');
    await page.close();

    // The demo model as `npm run demo` runs it: no script, its own way through ticket #1041.
    await showTab(sidebar, 'Chat');
    await sidebarPage.waitForSelector('[data-testid="chat-input"]');
    await ask(sidebar, PROMPT);
    await waitIn(sidebar, () => document.querySelector('[data-testid="action-card"][data-tool="payments.refund"]') !== null || null, null, 'the refund proposed as an action card', { timeoutMs: 60_000 });
    expect(toolNamesOf(model.requests()[0])).toEqual(expect.arrayContaining(['payments__list', 'action__propose']));
    expect(toolNamesOf(model.requests()[0])).not.toContain('payments__refund');

    const draft = await draftShown(sidebar);
    expect(draft).toContain('cap_7Q2KX91');
    expect(draft).toContain('cap_7Q2KX94');
    expect(draft).toContain('€149.00');
    const card = await sidebar.evaluate(() => document.querySelector('[data-testid="action-card"]')?.textContent ?? '', null);
    expect(card).toContain('payments.refund');
    expect(card).toContain('cap_7Q2KX94');
    expect(orders.refunds()).toEqual([]);

    // Review once the card stands still: the turn's last words scroll the chat, and the card's
    // server line grows when the server's name comes, each moving Review under a click.
    await turnEnded(sidebar, 'the demo turn to end', { timeoutMs: 60_000 });
    await waitIn(sidebar, () => document.querySelector('[data-testid="action-card"]')?.textContent?.includes('Orders') || null, null, 'the action card naming the server');
    await sidebar.click('[data-testid="action-review"]');
    await theOfferedAction(sidebar);
    expect(orders.refunds()).toEqual([]);
    await sidebarPage.click('[data-testid="action-confirm-button"]', { count: 2 });
    await theActionEnds(sidebar, 'sent');
    expect(orders.refunds()).toHaveLength(1);
    expect(orders.refunds()[0]).toMatchObject({ capture: 'cap_7Q2KX94', order: 'NW-20931' });
    expect(orders.calls().filter((c) => c.tool === 'payments.refund')).toHaveLength(1);
  });
});
