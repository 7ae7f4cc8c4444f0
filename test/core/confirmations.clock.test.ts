import { describe, expect, it } from 'vitest';
import { preparedSend, TTL_MS } from '../fakes/prepared-send';

/** A computer's clock can be put back (a time zone fixed, a clock synced): no confirmation lives longer for it. */
describe('a confirmation when the clock goes back', () => {
  it('refuses a confirm as expired once the clock reads earlier than the prepare', async () => {
    const { registry, ticket, tool, ctx, clock } = await preparedSend();
    clock.advance(-1);
    expect(await registry.pending()).toEqual([]);
    expect(await registry.confirm(ticket.id, ticket.digest, ctx)).toMatchObject({ ok: false, code: 'expired' });
    expect(tool.deliveries).toHaveLength(0);
  });

  it('does not count the time before a clock went back towards the confirmation’s life', async () => {
    const { registry, ticket, tool, ctx, clock } = await preparedSend();
    clock.advance(-TTL_MS * 10);
    clock.advance(TTL_MS * 10 + TTL_MS - 1);
    // Back where it was, and within its time: still open and confirmable once.
    expect((await registry.pending()).map((r) => r.id)).toEqual([ticket.id]);
    expect(await registry.confirm(ticket.id, ticket.digest, ctx)).toEqual({ ok: true, data: 'sent' });
    expect(tool.deliveries).toHaveLength(1);
  });

  it('prepares a fresh confirmation for the same payload after the clock went back', async () => {
    const { registry, ticket, ctx, clock } = await preparedSend();
    clock.advance(-5_000);
    const again = await registry.invoke('reply.send', { body: 'Hello' }, ctx);
    expect(again.confirmation?.id).toBeDefined();
    expect(again.confirmation?.id).not.toBe(ticket.id);
    expect(await registry.confirm(again.confirmation!.id, again.confirmation!.digest, ctx)).toEqual({ ok: true, data: 'sent' });
  });
});
