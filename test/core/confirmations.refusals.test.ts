import { describe, expect, it } from 'vitest';
import { ToolRegistry } from '../../src/core';
import { preparedSend, SITE, TAB, TTL_MS } from '../fakes/prepared-send';
import { fakeTool } from '../fakes/tools';

// What the card shows when a confirm is refused: the code decides the card, the words tell the
// agent what happened and what to do.
describe('a refused confirm', () => {
  it('says why, in words the agent can act on', async () => {
    const { registry, ticket, ctx, clock } = await preparedSend();
    expect((await registry.confirm(ticket.id, '0'.repeat(64), ctx)).error).toMatch(/not what was prepared; nothing was sent/);
    expect((await registry.confirm(ticket.id, ticket.digest, { scope: SITE, tabId: TAB + 1 })).error).toMatch(/prepared for another page; nothing was sent/);
    await registry.confirm(ticket.id, ticket.digest, ctx);
    expect((await registry.confirm(ticket.id, ticket.digest, ctx)).error).toMatch(/already been used/);

    const cancelled = (await registry.invoke('reply.send', { body: 'two' }, ctx)).confirmation!;
    await registry.cancel(cancelled.id);
    expect((await registry.confirm(cancelled.id, cancelled.digest, ctx)).error).toMatch(/was cancelled/);

    const stale = (await registry.invoke('reply.send', { body: 'three' }, ctx)).confirmation!;
    clock.advance(TTL_MS);
    expect((await registry.confirm(stale.id, stale.digest, ctx)).error).toMatch(/has expired; prepare it again/);
  });

  it('says "already used", not "expired", for a send confirmed before its time ran out', async () => {
    const { registry, ticket, ctx, clock, tool } = await preparedSend();
    expect((await registry.confirm(ticket.id, ticket.digest, ctx)).ok).toBe(true);
    clock.advance(TTL_MS * 2);
    expect(await registry.confirm(ticket.id, ticket.digest, ctx)).toMatchObject({ ok: false, code: 'already_used' });
    expect(tool.deliveries).toHaveLength(1);
  });

  it('says which tool prepared nothing to send', async () => {
    const registry = new ToolRegistry();
    registry.register(fakeTool('send', 'reply.send', { run: () => ({ ok: true, requiresConfirm: true }) }));
    expect(await registry.invoke('reply.send', {})).toMatchObject({ ok: false, code: 'tool_failed', error: 'reply.send prepared no payload.' });
    registry.register(fakeTool('send', 'note.add', { run: () => ({ ok: true, confirmPayload: () => 'a function' }) }));
    expect(await registry.invoke('note.add', {})).toMatchObject({ ok: false, code: 'tool_failed', error: expect.stringMatching(/the payload has no JSON form/) });
  });
});

describe('the context a send is prepared in', () => {
  it('binds a send prepared outside any tab to its site only: it can be confirmed from a tab there', async () => {
    const { registry, ticket, tool } = await preparedSend({ ctx: { scope: SITE } });
    expect((await registry.confirm(ticket.id, ticket.digest, { scope: SITE, tabId: TAB })).ok).toBe(true);
    expect(tool.deliveries).toHaveLength(1);
  });

  it('keeps the site and tab of a context JSON cannot carry, and still binds the send to them', async () => {
    const odd = { scope: SITE, tabId: TAB, count: 10n } as unknown as { scope: string; tabId: number };
    const { registry, ticket, tool, store } = await preparedSend({ ctx: odd });
    expect((await store.get(ticket.id))!.ctx).toEqual({ scope: SITE, tabId: TAB });
    expect(await registry.confirm(ticket.id, ticket.digest, { scope: SITE, tabId: TAB + 1 })).toMatchObject({ code: 'scope_changed' });
    expect((await registry.confirm(ticket.id, ticket.digest, { scope: SITE, tabId: TAB })).ok).toBe(true);
    expect(tool.deliveries[0]?.ctx).toEqual({ scope: SITE, tabId: TAB });
  });

  it('closes a record whose stored payload JSON cannot carry, as a changed one', async () => {
    const { registry, ticket, ctx, tool, store } = await preparedSend();
    await store.put({ ...(await store.get(ticket.id))!, payload: { body: 10n } });
    expect(await registry.confirm(ticket.id, ticket.digest, ctx)).toMatchObject({ ok: false, code: 'payload_tampered' });
    expect(tool.deliveries).toHaveLength(0);
    expect((await store.get(ticket.id))!.status).toBe('cancelled');
  });
});
