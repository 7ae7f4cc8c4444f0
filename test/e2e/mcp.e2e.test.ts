import { startOrderSystem, type OrderSystem } from '../../demo/mcp/server.mjs';
import { ask, toolNamesOf, waitForChat } from './harness/chat';
import { openExtensionPage } from './harness/chromium';
import { stopServiceWorker } from './harness/service-worker';
import { pageDriver, waitIn } from './harness/deskmate';
import { chromiumTest, describe, expect } from './harness/fixtures';
import { addMcpServer, gradeMcpTool, mcpTools, theActionEnds } from './harness/mcp';

const test = chromiumTest({ model: { chunkDelayMs: 5 } });
let orders: OrderSystem;
test.beforeAll(async () => {
  orders = await startOrderSystem({ port: 0 });
});
test.afterAll(async () => {
  await orders?.close();
});

/** MCP servers as a tool source in the built extension: graded by people, read tools offered, results fenced. */
describe('mcp: the order system through MCP, graded on the options page', () => {
  test('a new tool is not offered; one accepted as read is, and its result reaches the model fenced', async ({ chromium, model, panel }) => {
    const page = await openExtensionPage(chromium.context, chromium.extensionId, 'options.html');
    const options = pageDriver(page);
    await addMcpServer(options, { url: orders.url, name: 'Orders' });
    expect(await mcpTools(options)).toEqual({
      'orders.get': { standing: 'new', suggested: 'read' },
      'payments.list': { standing: 'new', suggested: 'read' },
      'payments.refund': { standing: 'new', suggested: 'send' },
    });

    model.script([{ text: 'Nothing to look up.' }]);
    await ask(panel, 'What did the customer pay?');
    await waitForChat(panel, (v) => !v.running && v.assistants.some((a) => a.text.includes('Nothing to look up.')), 'the first answer');
    expect(toolNamesOf(model.requests()[0]).filter((n) => /orders|payments/.test(n))).toEqual([]);

    await gradeMcpTool(options, 'payments.list', 'read');
    model.script([{ toolCalls: [{ name: 'payments__list', arguments: { order: 'NW-20931' } }] }, { text: 'Two captures of €149.00.' }]);
    await ask(panel, 'What did the customer pay?');
    await waitForChat(panel, (v) => !v.running && v.assistants.some((a) => a.text.includes('Two captures')), 'the answer after the lookup');

    const [offered, answered] = model.requests().slice(1) as [unknown, { messages: { role: string; content?: string }[] }];
    expect(toolNamesOf(offered)).toContain('payments__list');
    expect(toolNamesOf(offered)).not.toContain('orders__get');
    expect(toolNamesOf(offered)).not.toContain('payments__refund');
    const result = String(answered.messages.find((m) => m.role === 'tool')?.content);
    expect(result).toMatch(/^<tool_result tool="payments.list" untrusted="true">/);
    expect(result).toContain('cap_7Q2KX94');
    expect(orders.calls().map((c) => c.tool)).toEqual(['payments.list']);

    // The call is in the audit log.
    const audit = await page.evaluate(() => (globalThis as unknown as { browser: { runtime: { sendMessage(m: unknown): Promise<{ value: { kind: string; tool: string }[] }> } } }).browser.runtime.sendMessage({ type: 'audit.list' }));
    expect(audit.value.filter((e) => e.kind === 'call').map((e) => e.tool)).toEqual(['payments.list']);
    await page.close();
  });

  test('the model proposes a refund; the agent reviews and confirms it, and the order system refunds once', async ({ chromium, model, panel }) => {
    const page = await openExtensionPage(chromium.context, chromium.extensionId, 'options.html');
    const options = pageDriver(page);
    await waitIn(options, () => document.querySelector('[data-testid="mcp-tool"]') !== null, null, 'the tools of the server added before');
    await gradeMcpTool(options, 'payments.refund', 'send');
    await page.close();
    const proposal = { tool: 'payments.refund', arguments: { capture: 'cap_7Q2KX94', reason: 'duplicate charge' }, summary: 'Refund €149.00 on NW-20931' };
    model.script([{ toolCalls: [{ name: 'action__propose', arguments: proposal }] }, { text: 'The refund is ready for you to review.' }]);
    await ask(panel, 'Refund the duplicate charge.');
    await waitForChat(panel, (v) => !v.running && v.assistants.some((a) => a.text.includes('ready for you')), 'the proposal');
    expect(toolNamesOf(model.requests()[0])).toContain('action__propose');
    expect(toolNamesOf(model.requests()[0])).not.toContain('payments__refund');
    await waitIn(panel, () => document.querySelector('[data-testid="action-card"]')?.textContent?.includes('Orders') || null, null, 'the action card naming the server');
    const card = await panel.text('[data-testid="action-card"]');
    expect(card).toContain('Refund €149.00 on NW-20931');
    expect(card).toContain('payments.refund');
    expect(card).toContain('cap_7Q2KX94');
    expect(orders.calls().filter((c) => c.tool === 'payments.refund')).toEqual([]);

    await panel.click('[data-testid="action-review"]');
    await panel.waitFor('[data-testid="action-confirm-button"]');
    expect(orders.refunds()).toEqual([]);
    // A double click on Confirm: one call.
    await panel.dblclick('[data-testid="action-confirm-button"]');
    await theActionEnds(panel, 'sent');
    expect(orders.refunds()).toHaveLength(1);
    expect(orders.refunds()[0]).toMatchObject({ capture: 'cap_7Q2KX94', order: 'NW-20931' });

    // The same conversation in a sidebar opened anew: Review shows what became of it, and calls nothing.
    const again = await openExtensionPage(chromium.context, chromium.extensionId, `sidepanel.html?tab=${panel.tabId}`);
    await again.click('[data-testid="action-review"]');
    await again.waitForSelector('[data-testid="action-card"][data-phase="sent"]');
    await again.close();
    expect(orders.refunds()).toHaveLength(1);
    expect(orders.calls().filter((c) => c.tool === 'payments.refund')).toHaveLength(1);
  });

  test('after the browser stops the service worker, the server is connected again and its accepted tool offered', async ({ chromium, model, panel }) => {
    await stopServiceWorker(chromium.context);
    const before = orders.calls().length;
    // orders.get was never accepted: after the restart it is still not offered; payments.list is.
    model.script([{ toolCalls: [{ name: 'payments__list', arguments: { order: 'NW-20931' } }] }, { text: 'Looked it up.' }]);
    await ask(panel, 'What did the customer pay?');
    await waitForChat(panel, (v) => !v.running && v.assistants.some((a) => a.text.includes('Looked it up.')), 'the answer after the restart');
    const [offered, answered] = model.requests() as [unknown, { messages: { role: string; content?: string }[] }];
    expect(toolNamesOf(offered)).toContain('payments__list');
    expect(toolNamesOf(offered)).not.toContain('orders__get');
    expect(String(answered.messages.find((m) => m.role === 'tool')?.content)).toContain('cap_7Q2KX94');
    expect(orders.calls().slice(before).map((c) => c.tool)).toEqual(['payments.list']);
  });
});
