import type { BrowserContext } from 'playwright-core';
import type { McpChoice } from '../../src/core/mcp';
import { openExtensionPage } from '../../test/e2e/harness/chromium';
import { pageDriver } from '../../test/e2e/harness/deskmate';
import { addMcpServer, gradeMcpTool } from '../../test/e2e/harness/mcp';

/** The demo's grades, decided as a person would on the options page: the lookups read, the refund only by confirm. */
export const ORDER_GRADES: Record<string, McpChoice> = { 'orders.get': 'read', 'payments.list': 'read', 'payments.refund': 'send' };

/** Adds the demo order system on the options page and grades its tools; returns them as "name: grade". */
export async function connectOrderSystem(context: BrowserContext, extensionId: string, url: string): Promise<string[]> {
  const page = await openExtensionPage(context, extensionId, 'options.html', { timeoutMs: 15_000 });
  try {
    const options = pageDriver(page);
    await addMcpServer(options, { url, name: 'Northwind orders' });
    for (const [tool, choice] of Object.entries(ORDER_GRADES)) await gradeMcpTool(options, tool, choice);
    return Object.entries(ORDER_GRADES).map(([tool, choice]) => `${tool}: ${choice}`);
  } finally {
    await page.close().catch(() => undefined);
  }
}
