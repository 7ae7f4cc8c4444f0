import { afterEach, describe, expect, it } from 'vitest';
import { MemoryConfirmationStore } from '../../src/core';
import type { McpActionState } from '../../src/shared/mcp';
import { mcpFixture, TICKET_1041, TICKET_1042 } from '../background/mcp/mcp-fixture';
import { attack } from './attack';

let fixture: Awaited<ReturnType<typeof mcpFixture>> | undefined;
afterEach(async () => {
  await fixture?.close();
  fixture = undefined;
});

const REFUND = { capture: 'cap_7Q2KX94', reason: 'duplicate charge' };

/** An outside system's action, exactly once as for replies: whatever the clicks, the restarts or the server do. */
describe('MCP actions: proposed by the model, confirmed by the agent, called once', () => {
  it('offers action.propose only while a tool is accepted as send, and checks the arguments of a proposal', async () => {
    fixture = await mcpFixture();
    expect(fixture.offered()).not.toContain('action__propose');
    await fixture.decide('payments.refund', 'send');
    expect(fixture.offered()).toContain('action__propose');
    const bad = await fixture.modelCalls('action__propose', { tool: 'payments.refund', arguments: { amount: 5 }, summary: 'Refund' });
    expect(bad).toMatchObject({ ok: false, code: 'invalid_input' });
    const good = await fixture.modelCalls('action__propose', { tool: 'payments.refund', arguments: REFUND, summary: 'Refund €149.00 on NW-20931' });
    expect(good).toMatchObject({ ok: true });
    // Proposing calls nothing.
    expect(fixture.system.calls()).toEqual([]);
    await fixture.decide('payments.refund', 'off');
    expect(fixture.offered()).not.toContain('action__propose');
  });

  attack('a forged digest, a double click on Confirm and the card again after a reload call the refund once', async () => {
    fixture = await mcpFixture();
    await fixture.decide('payments.refund', 'send');
    const prepared = await fixture.runtime.prepareAction(1, TICKET_1041, 'payments.refund', REFUND);
    expect(prepared.ok).toBe(true);
    const card = prepared.data as McpActionState;
    expect(card).toMatchObject({ phase: 'pending', payload: { tool: 'payments.refund', server: 'Orders', arguments: REFUND } });
    expect(fixture.system.calls()).toEqual([]);

    // A digest of anything else is refused, and the card stays confirmable.
    expect(await fixture.runtime.confirmAction(1, TICKET_1041, card.id, '0'.repeat(64))).toMatchObject({ ok: false, code: 'digest_mismatch' });
    const [first, second] = await Promise.all([fixture.runtime.confirmAction(1, TICKET_1041, card.id, card.digest), fixture.runtime.confirmAction(1, TICKET_1041, card.id, card.digest)]);
    expect([first.ok, second.ok].sort()).toEqual([false, true]);
    expect(fixture.system.refunds()).toHaveLength(1);
    expect(fixture.system.refunds()[0]).toMatchObject({ capture: 'cap_7Q2KX94' });

    // The same card again (a reload): what became of it, nothing new.
    const again = await fixture.runtime.prepareAction(1, TICKET_1041, 'payments.refund', REFUND);
    expect(again.data).toMatchObject({ id: card.id, phase: 'sent' });
    expect(fixture.system.refunds()).toHaveLength(1);
    expect(fixture.audit.map((e) => e.kind)).toEqual(expect.arrayContaining(['prepare', 'confirm', 'sent', 'refuse']));
  });

  attack('a server that does not answer a refund in time: outcome unknown, never called again', async () => {
    fixture = await mcpFixture({ behaviour: { hangRefund: true }, limits: { timeoutMs: 1_000 } });
    await fixture.decide('payments.refund', 'send');
    const card = (await fixture.runtime.prepareAction(1, TICKET_1041, 'payments.refund', REFUND)).data as McpActionState;
    const r = await fixture.runtime.confirmAction(1, TICKET_1041, card.id, card.digest);
    expect(r.data).toMatchObject({ phase: 'unknown' });
    expect(r.data?.error).toMatch(/may or may not have done it/);
    expect(await fixture.runtime.confirmAction(1, TICKET_1041, card.id, card.digest)).toMatchObject({ ok: false, code: 'already_used' });
    expect(fixture.system.calls().filter((c) => c.tool === 'payments.refund')).toHaveLength(1);
  });

  attack('a refund cut off by a restart of the worker is outcome unknown and never made again', async () => {
    const store = new MemoryConfirmationStore();
    fixture = await mcpFixture({ actionStore: store });
    await fixture.decide('payments.refund', 'send');
    const card = (await fixture.runtime.prepareAction(1, TICKET_1041, 'payments.refund', REFUND)).data as McpActionState;
    // The worker stopped between the claim and the call's end.
    await store.markUsed(card.id, Date.now());
    await store.update(card.id, { outcome: 'delivering' });
    await fixture.close();
    fixture = await mcpFixture({ actionStore: store });
    await fixture.decide('payments.refund', 'send');
    expect(await fixture.runtime.actionState(card.id)).toMatchObject({ phase: 'unknown' });
    expect(await fixture.runtime.confirmAction(1, TICKET_1041, card.id, card.digest)).toMatchObject({ ok: false, code: 'already_used' });
    expect(fixture.system.refunds()).toEqual([]);
    expect(fixture.audit.map((e) => e.kind)).toContain('unknown');
  });

  attack("an action of ticket 1041 is confirmed only while the tab shows 1041: not on 1042, nor another helpdesk's 1041, nor no ticket", async () => {
    fixture = await mcpFixture();
    await fixture.decide('payments.refund', 'send');
    const card = (await fixture.runtime.prepareAction(1, TICKET_1041, 'payments.refund', REFUND)).data as McpActionState;
    expect(card.payload.ticket).toEqual(TICKET_1041);
    for (const shown of [TICKET_1042, { site: 'http://other-helpdesk.test', key: '1041' }, null]) {
      expect(await fixture.runtime.confirmAction(1, shown, card.id, card.digest)).toMatchObject({ ok: false, code: 'scope_changed' });
    }
    expect(fixture.system.calls().filter((c) => c.tool === 'payments.refund')).toEqual([]);
    // Refused, not burnt: on its own ticket it is still confirmed, once.
    expect(await fixture.runtime.actionState(card.id)).toMatchObject({ phase: 'pending' });
    expect(await fixture.runtime.confirmAction(1, TICKET_1041, card.id, card.digest)).toMatchObject({ ok: true, data: { phase: 'sent' } });
    expect(fixture.system.refunds()).toHaveLength(1);
  });

  attack('the same call proposed on another ticket is another action, and none is prepared on a page with no ticket', async () => {
    fixture = await mcpFixture();
    await fixture.decide('payments.refund', 'send');
    const a = (await fixture.runtime.prepareAction(1, TICKET_1041, 'payments.refund', REFUND)).data as McpActionState;
    const b = (await fixture.runtime.prepareAction(1, TICKET_1042, 'payments.refund', REFUND)).data as McpActionState;
    expect(b.id).not.toBe(a.id);
    expect(b.digest).not.toBe(a.digest);
    expect(await fixture.runtime.prepareAction(1, null, 'payments.refund', REFUND)).toMatchObject({ ok: false, code: 'scope_changed' });
    expect(fixture.system.calls().filter((c) => c.tool === 'payments.refund')).toEqual([]);
  });
});
