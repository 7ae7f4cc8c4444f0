import { describe, expect, it } from 'vitest';
import { preparedSend, SITE, TAB } from '../fakes/prepared-send';
import { never } from '../fakes/tools';

describe('delivering a confirmed send', () => {
  it('calls deliver with the context of the prepare, not of the confirm', async () => {
    const prepareCtx = { scope: SITE, tabId: TAB, ticketKey: '1042', frameId: 0 };
    const { registry, ticket, tool } = await preparedSend({ ctx: prepareCtx });
    const confirmCtx = { scope: SITE, tabId: TAB, ticketKey: '9999', sender: 'sidepanel' };
    expect((await registry.confirm(ticket.id, ticket.digest, confirmCtx)).ok).toBe(true);
    const delivered = tool.deliveries[0]?.ctx as Record<string, unknown>;
    expect(delivered).toMatchObject({ scope: SITE, tabId: TAB, ticketKey: '1042', frameId: 0 });
    expect(delivered).not.toHaveProperty('sender');
    expect(tool.deliveries[0]?.signal).toBeInstanceOf(AbortSignal);
  });

  it('keeps the record used, not pending, when deliver throws', async () => {
    const { registry, ticket, tool, ctx, store } = await preparedSend({
      tool: {
        deliver: () => {
          throw new Error('the reply button is gone');
        },
      },
    });
    const r = await registry.confirm(ticket.id, ticket.digest, ctx);
    expect(r).toMatchObject({ ok: false, code: 'tool_failed' });
    expect(r.error).toContain('the reply button is gone');
    expect(tool.deliveries).toHaveLength(1);
    expect(await registry.pending()).toHaveLength(0);
    expect(await store.get(ticket.id)).toMatchObject({ status: 'used', outcome: 'failed' });
    expect((await registry.confirm(ticket.id, ticket.digest, ctx)).code).toBe('already_used');
    expect(tool.deliveries).toHaveLength(1);
  });

  it('records a delivery that did not finish in time as outcome unknown, never retried', async () => {
    const { registry, ticket, tool, ctx, store } = await preparedSend({ tool: { deliver: never, timeoutMs: 15 } });
    const r = await registry.confirm(ticket.id, ticket.digest, ctx);
    expect(r.code).toBe('timeout');
    expect(tool.deliveries[0]?.signal.aborted).toBe(true);
    expect(await store.get(ticket.id)).toMatchObject({ status: 'used', outcome: 'unknown' });
    expect((await registry.confirm(ticket.id, ticket.digest, ctx)).code).toBe('already_used');
  });

  it('records a successful delivery as sent', async () => {
    const { registry, ticket, ctx, store, clock } = await preparedSend();
    await registry.confirm(ticket.id, ticket.digest, ctx);
    expect(await store.get(ticket.id)).toMatchObject({ status: 'used', outcome: 'sent', usedAt: clock.now() });
  });

  it('records a deliver that reports failure as failed, with its error', async () => {
    const { registry, ticket, ctx, store } = await preparedSend({
      tool: { deliver: () => ({ ok: false, code: 'delivery_failed', error: 'the reply did not appear' }) },
    });
    expect(await registry.confirm(ticket.id, ticket.digest, ctx)).toMatchObject({ ok: false, code: 'delivery_failed' });
    expect(await store.get(ticket.id)).toMatchObject({ outcome: 'failed', outcomeError: 'the reply did not appear' });
  });

  it('turns a deliver that returns garbage into tool_failed', async () => {
    const { registry, ticket, ctx } = await preparedSend({ tool: { deliver: () => 'done!' } });
    expect(await registry.confirm(ticket.id, ticket.digest, ctx)).toMatchObject({ ok: false, code: 'tool_failed' });
  });
});
