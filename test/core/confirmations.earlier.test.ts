import { describe, expect, it } from 'vitest';
import { preparedSend, SITE, TAB } from '../fakes/prepared-send';
import { fakeTool, never } from '../fakes/tools';

/** A deliver the test finishes by hand: the send stays "delivering" until then. */
function heldDelivery() {
  let finish: (result: unknown) => void = () => {};
  const deliver = () => new Promise((resolve) => (finish = resolve));
  return { deliver, finish: (result: unknown) => finish(result) };
}

describe('Send… on a reply whose earlier send of the same text has not ended well', () => {
  it('shows the card of a delivery still running, never a new card that could send it twice', async () => {
    const held = heldDelivery();
    const { registry, ticket, ctx, tool, clock } = await preparedSend({ tool: { deliver: held.deliver } });
    clock.advance(1000);
    const confirming = registry.confirm(ticket.id, ticket.digest, ctx);
    await expect.poll(() => tool.deliveries.length).toBe(1);

    const again = await registry.invoke('reply.send', { body: 'Hello' }, ctx);
    expect(again).toMatchObject({ ok: true, requiresConfirm: true, confirmPayload: { body: 'Hello' } });
    expect(again.confirmation).toEqual({ ...ticket, earlier: { at: clock.now(), phase: 'delivering' } });
    expect(await registry.pending()).toEqual([]);

    held.finish({ ok: true });
    expect((await confirming).ok).toBe(true);
    expect(tool.deliveries).toHaveLength(1);
  });

  it('shows the card of a delivery whose outcome is unknown (the reply may be out), never a new card', async () => {
    const { registry, ticket, ctx, tool } = await preparedSend({ tool: { deliver: never, timeoutMs: 15 } });
    expect((await registry.confirm(ticket.id, ticket.digest, ctx)).code).toBe('timeout');

    const again = await registry.invoke('reply.send', { body: 'Hello' }, ctx);
    expect(again).toMatchObject({ ok: true, requiresConfirm: true, confirmPayload: { body: 'Hello' } });
    expect(again.confirmation?.id).toBe(ticket.id);
    expect(again.confirmation?.earlier?.phase).toBe('unknown');
    expect(await registry.pending()).toEqual([]);
    expect(tool.deliveries).toHaveLength(1);
  });

  it('prepares a new card after a delivery that failed: nothing went out, so sending again is safe', async () => {
    const { registry, ticket, ctx } = await preparedSend({ tool: { deliver: () => ({ ok: false, code: 'delivery_failed', error: 'refused' }) } });
    await registry.confirm(ticket.id, ticket.digest, ctx);

    const again = await registry.invoke('reply.send', { body: 'Hello' }, ctx);
    expect(again.confirmation?.id).not.toBe(ticket.id);
    expect(again.confirmation?.earlier).toBeUndefined();
    expect((await registry.pending()).map((r) => r.id)).toEqual([again.confirmation?.id]);
  });

  it('names the newest of several sends of the same text, with its time', async () => {
    const { registry, ticket, ctx, clock } = await preparedSend();
    clock.advance(1000);
    await registry.confirm(ticket.id, ticket.digest, ctx);
    const resent = (await registry.invoke('reply.send', { body: 'Hello' }, { ...ctx, resend: true })).confirmation!;
    clock.advance(5000);
    await registry.confirm(resent.id, resent.digest, ctx);

    const shown = await registry.invoke('reply.send', { body: 'Hello' }, ctx);
    expect(shown.confirmation).toEqual({ ...resent, earlier: { at: clock.now(), phase: 'sent' } });
  });

  it('names the send confirmed last, even when its card was prepared first', async () => {
    const { registry, ticket, ctx, clock } = await preparedSend();
    const otherTab = { scope: SITE, tabId: TAB + 1 };
    const there = (await registry.invoke('reply.send', { body: 'Hello' }, otherTab)).confirmation!;
    clock.advance(1000);
    await registry.confirm(there.id, there.digest, otherTab);
    clock.advance(5000);
    await registry.confirm(ticket.id, ticket.digest, ctx);

    const shown = await registry.invoke('reply.send', { body: 'Hello' }, ctx);
    expect(shown.confirmation).toEqual({ ...ticket, earlier: { at: clock.now(), phase: 'sent' } });
  });

  it('gives Send… in another tab its own card: a card is confirmed only from the tab it was shown in', async () => {
    const { registry, ticket, ctx, tool } = await preparedSend();
    const otherTab = { scope: SITE, tabId: TAB + 1 };
    const there = (await registry.invoke('reply.send', { body: 'Hello' }, otherTab)).confirmation!;
    expect(there.id).not.toBe(ticket.id);
    expect((await registry.confirm(there.id, there.digest, otherTab)).ok).toBe(true);
    expect(tool.deliveries.map((d) => d.ctx.tabId)).toEqual([TAB + 1]);
    // The first tab's card is still open there, as it was.
    const same = await registry.invoke('reply.send', { body: 'Hello' }, ctx);
    expect(same).toMatchObject({ ok: true, requiresConfirm: true, confirmPayload: { body: 'Hello' }, confirmation: ticket });
  });

  it('keeps the cards of another site, and of another send tool, apart from this one', async () => {
    const { registry, ticket, ctx } = await preparedSend();
    registry.register(fakeTool('send', 'note.add', { scopes: [SITE] }));
    const note = (await registry.invoke('note.add', { body: 'Hello' }, ctx)).confirmation!;
    expect(note.id).not.toBe(ticket.id);
    expect(note.earlier).toBeUndefined();
    // The same tab moved to another helpdesk: what was prepared for the first is not this send.
    const elsewhere = { scope: 'https://other.example.com', tabId: TAB };
    registry.register(fakeTool('send', 'mail.send'));
    const first = (await registry.invoke('mail.send', { body: 'Hi' }, ctx)).confirmation!;
    const second = (await registry.invoke('mail.send', { body: 'Hi' }, elsewhere)).confirmation!;
    expect(second.id).not.toBe(first.id);
    expect((await registry.confirm(second.id, second.digest, elsewhere)).ok).toBe(true);
  });
});
