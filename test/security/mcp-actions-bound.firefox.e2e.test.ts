import { ask, waitForChat } from '../e2e/harness/chat';
import { TICKET_1, TICKET_2, waitIn, type Driver } from '../e2e/harness/deskmate';
import { openFirefoxExtensionPage } from '../e2e/harness/firefox';
import { firefoxDriver } from '../e2e/harness/firefox-driver';
import { describe, expect, firefoxTest } from '../e2e/harness/firefox-fixtures';
import { addMcpServer, gradeMcpTool, REFUND_PROPOSAL as PROPOSAL, theOfferedAction, useOrderSystem } from '../e2e/harness/mcp';
import { poll } from '../e2e/harness/wait';
import type { McpActionState } from '../../src/shared/mcp';
import { attackIn } from './attack';

declare const browser: { runtime: { sendMessage(m: object): Promise<unknown> } };

const test = firefoxTest({ model: { chunkDelayMs: 2 } });
const attack = attackIn(test);
const orderSystem = useOrderSystem();

type Envelope<T> = { ok: boolean; value?: T; code?: string };
/** A message forged from the sidebar page, as any script of an extension page could send it. */
const toBackground = <T>(d: Driver, message: Record<string, unknown>) => d.evaluate((m: Record<string, unknown>) => browser.runtime.sendMessage(m), message) as Promise<Envelope<T>>;
/** Waits until the background sees the tab on this ticket. */
const backgroundSees = (d: Driver, tabId: number, label: string) =>
  poll(
    async () => ((await toBackground<{ page: { ticket: { label: string } | null } | null }>(d, { type: 'view.get', tabId })).value?.page?.ticket?.label === label ? true : undefined),
    `the background to see ${label} in the tab`,
  );

/**
 * The Chromium attack of mcp-actions-bound.chromium.e2e.test.ts in Firefox ESR, through the built
 * add-on (MV2 background page, the sidebar page bound to the tab): a refund proposed and prepared
 * on ticket 1041 is not shown on 1042 in the same tab, and a confirm of it, or a prepare naming its
 * proposal, sent from the sidebar page while the tab shows 1042, is refused by the background: the
 * demo order system refunds nothing. Back on 1041 the card is there again and confirms, once.
 */
describe('security: MCP action cards bound to their ticket (Firefox)', () => {
  attack("ticket 1041's refund is neither shown nor confirmed nor prepared while the tab shows 1042", async ({ firefox, model, ticket, sidebar: { page: sidebarPage, driver: sidebar, tabId } }) => {
    const orders = orderSystem();
    const page = await openFirefoxExtensionPage(firefox, 'options.html');
    await addMcpServer(firefoxDriver(page), { url: orders.url, name: 'Orders' });
    await gradeMcpTool(firefoxDriver(page), 'payments.refund', 'send');
    await page.close();

    model.script([{ toolCalls: [{ name: 'action__propose', arguments: PROPOSAL }] }, { text: 'The refund is ready for you to review.' }]);
    await sidebarPage.waitForSelector('[data-testid="chat-input"]');
    await ask(sidebar, 'Refund the duplicate charge.');
    await waitForChat(sidebar, (v) => !v.running && v.assistants.some((a) => a.text.includes('ready for you')), 'the proposal');
    await sidebar.click('[data-testid="action-review"]');
    await theOfferedAction(sidebar);
    const callId = await sidebar.evaluate(() => document.querySelector<HTMLElement>('[data-testid="action-card"]')?.dataset.callId ?? '', null);
    expect(callId).not.toBe('');
    // The card's own prepare again (a second click): its record, to forge a confirm with.
    const prepared = await toBackground<{ ok: boolean; data: McpActionState }>(sidebar, { type: 'mcp.prepare', tabId, callId });
    expect(prepared).toMatchObject({ ok: true, value: { ok: true, data: { phase: 'pending', payload: { ticket: { key: String(TICKET_1.id) } } } } });
    const card = prepared.value!.data;

    // The tab moves to ticket 1042 with the helpdesk's own Next link.
    await ticket.click('a[data-ticket-nav="next"]');
    await ticket.waitForSelector(`.hd-ticket[data-ticket-id="${TICKET_2.id}"]`);
    await backgroundSees(sidebar, tabId, TICKET_2.label);
    await waitIn(sidebar, () => (document.querySelector('[data-testid="action-card"]') === null ? true : null), null, "the sidebar on 1042 without 1041's action card");

    const confirm = await toBackground(sidebar, { type: 'mcp.confirm', tabId, id: card.id, digest: card.digest });
    expect(confirm).toMatchObject({ ok: true, value: { ok: false, code: 'scope_changed' } });
    const prepare = await toBackground(sidebar, { type: 'mcp.prepare', tabId, callId });
    expect(prepare).toMatchObject({ ok: true, value: { ok: false, code: 'scope_changed' } });
    expect(orders.calls().filter((c) => c.tool === 'payments.refund')).toEqual([]);
    expect(orders.refunds()).toEqual([]);

    // Back on 1041: the card again, still pending, and its Confirm refunds once.
    await ticket.click('a[data-ticket-nav="prev"]');
    await ticket.waitForSelector(`.hd-ticket[data-ticket-id="${TICKET_1.id}"]`);
    await backgroundSees(sidebar, tabId, TICKET_1.label);
    await waitIn(sidebar, () => document.querySelector('[data-testid="action-review"]') !== null || null, null, "1041's action card again");
    await sidebar.click('[data-testid="action-review"]');
    await theOfferedAction(sidebar);
    await sidebar.click('[data-testid="action-confirm-button"]');
    await waitIn(sidebar, () => document.querySelector<HTMLElement>('[data-testid="action-card"]')?.dataset.phase === 'sent' || null, null, 'the refund to be done');
    expect(orders.refunds()).toHaveLength(1);
    expect(orders.refunds()[0]).toMatchObject({ capture: 'cap_7Q2KX94' });
  });
});
