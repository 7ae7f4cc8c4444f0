import { ask, waitForChat } from '../e2e/harness/chat';
import { openExtensionPage } from '../e2e/harness/chromium';
import { pageDriver, sendToBackground, ticketShown, TICKET_1, TICKET_2, waitIn } from '../e2e/harness/deskmate';
import { chromiumTest, describe, expect } from '../e2e/harness/fixtures';
import { addMcpServer, gradeMcpTool, REFUND_PROPOSAL as PROPOSAL, useOrderSystem } from '../e2e/harness/mcp';
import type { McpActionState } from '../../src/shared/mcp';
import { attackIn } from './attack';

const test = chromiumTest({ model: { chunkDelayMs: 5 } });
const attack = attackIn(test);
const orderSystem = useOrderSystem();

/**
 * An action card belongs to its ticket, as a draft and a confirm card do, in real Chromium with
 * the demo helpdesk and the demo order system: a refund proposed and prepared on ticket 1041 is
 * not shown on 1042 in the same tab, and a confirm of it, or a prepare naming its proposal, sent
 * from the sidebar while the tab shows 1042, is refused by the background: the order system
 * refunds nothing. Back on 1041 the card is there again and confirms, once.
 */
describe('security: MCP action cards bound to their ticket (Chromium)', () => {
  attack("ticket 1041's refund is neither shown nor confirmed nor prepared while the tab shows 1042", async ({ chromium, model, ticket, panel }) => {
    const orders = orderSystem();
    const options = await openExtensionPage(chromium.context, chromium.extensionId, 'options.html');
    await addMcpServer(pageDriver(options), { url: orders.url, name: 'Orders' });
    await gradeMcpTool(pageDriver(options), 'payments.refund', 'send');
    await options.close();

    model.script([{ toolCalls: [{ name: 'action__propose', arguments: PROPOSAL }] }, { text: 'The refund is ready for you to review.' }]);
    await ask(panel, 'Refund the duplicate charge.');
    await waitForChat(panel, (v) => !v.running && v.assistants.some((a) => a.text.includes('ready for you')), 'the proposal');
    await panel.click('[data-testid="action-review"]');
    await panel.waitFor('[data-testid="action-confirm-button"]');
    const callId = await panel.evaluate(() => document.querySelector<HTMLElement>('[data-testid="action-card"]')?.dataset.callId ?? '', null);
    expect(callId).not.toBe('');
    // The card's own prepare again (a second click): its record, to forge a confirm with.
    const prepared = await sendToBackground<{ ok: boolean; data: McpActionState }>(panel, { type: 'mcp.prepare', tabId: panel.tabId, callId });
    expect(prepared).toMatchObject({ ok: true, value: { ok: true, data: { phase: 'pending', payload: { ticket: { key: String(TICKET_1.id) } } } } });
    const card = prepared.ok ? prepared.value.data : undefined;

    // The tab moves to ticket 1042 with the helpdesk's own Next link.
    await ticket.click('a[data-ticket-nav="next"]');
    await ticket.waitForSelector(`.hd-ticket[data-ticket-id="${TICKET_2.id}"]`);
    await ticketShown(panel, panel.tabId, TICKET_2.label);
    await waitIn(panel, () => (document.querySelector('[data-testid="action-card"]') === null ? true : null), null, "the sidebar on 1042 without 1041's action card");

    const confirm = await sendToBackground(panel, { type: 'mcp.confirm', tabId: panel.tabId, id: card!.id, digest: card!.digest });
    expect(confirm).toMatchObject({ ok: true, value: { ok: false, code: 'scope_changed' } });
    const prepare = await sendToBackground(panel, { type: 'mcp.prepare', tabId: panel.tabId, callId });
    expect(prepare).toMatchObject({ ok: true, value: { ok: false, code: 'scope_changed' } });
    expect(orders.calls().filter((c) => c.tool === 'payments.refund')).toEqual([]);
    expect(orders.refunds()).toEqual([]);

    // Back on 1041: the card again, still pending, and its Confirm refunds once.
    await ticket.click('a[data-ticket-nav="prev"]');
    await ticket.waitForSelector(`.hd-ticket[data-ticket-id="${TICKET_1.id}"]`);
    await ticketShown(panel, panel.tabId, TICKET_1.label);
    await panel.waitFor('[data-testid="action-review"]');
    await panel.click('[data-testid="action-review"]');
    await panel.waitFor('[data-testid="action-confirm-button"]:not([disabled])');
    await panel.click('[data-testid="action-confirm-button"]');
    await waitIn(panel, () => document.querySelector<HTMLElement>('[data-testid="action-card"]')?.dataset.phase === 'sent' || null, null, 'the refund to be done');
    expect(orders.refunds()).toHaveLength(1);
    expect(orders.refunds()[0]).toMatchObject({ capture: 'cap_7Q2KX94' });
  });
});
