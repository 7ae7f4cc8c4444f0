import { describe, expect, it } from 'vitest';
import { ToolRegistry } from '../../src/core';
import { preparedSend, SITE, TAB, TTL_MS } from '../fakes/prepared-send';
import { fakeTool, replyPayload } from '../fakes/tools';

const flipOneHexDigit = (digest: string) => (digest[0] === '0' ? '1' : '0') + digest.slice(1);

describe('confirming a prepared send', () => {
  it('delivers once on a confirm with the right id, digest, scope and tab', async () => {
    const { registry, ticket, tool, ctx } = await preparedSend();
    const r = await registry.confirm(ticket.id, ticket.digest, ctx);
    expect(r).toEqual({ ok: true, data: 'sent' });
    expect(tool.deliveries).toHaveLength(1);
    expect(tool.deliveries[0]?.payload).toEqual(replyPayload('Hello'));
  });

  it('refuses a replayed confirm with already_used and delivers nothing more', async () => {
    const { registry, ticket, tool, ctx } = await preparedSend();
    await registry.confirm(ticket.id, ticket.digest, ctx);
    const replay = await registry.confirm(ticket.id, ticket.digest, ctx);
    expect(replay).toMatchObject({ ok: false, code: 'already_used' });
    expect(tool.deliveries).toHaveLength(1);
  });

  it('refuses a confirm whose digest differs, and keeps the real one valid once', async () => {
    const { registry, ticket, tool, ctx } = await preparedSend();
    for (const digest of [flipOneHexDigit(ticket.digest), ticket.digest.toUpperCase(), '', `${ticket.digest} `]) {
      expect(await registry.confirm(ticket.id, digest, ctx)).toMatchObject({ ok: false, code: 'digest_mismatch' });
    }
    expect(tool.deliveries).toHaveLength(0);
    expect((await registry.pending()).map((r) => r.id)).toEqual([ticket.id]);
    expect((await registry.confirm(ticket.id, ticket.digest, ctx)).ok).toBe(true);
    expect((await registry.confirm(ticket.id, ticket.digest, ctx)).code).toBe('already_used');
    expect(tool.deliveries).toHaveLength(1);
  });

  it('refuses a confirm from another scope or another tab with scope_changed, and stays pending', async () => {
    const { registry, ticket, tool, ctx } = await preparedSend();
    const elsewhere = [
      { scope: 'https://evil.example', tabId: TAB },
      { scope: null, tabId: TAB },
      { scope: SITE, tabId: TAB + 1 },
      { scope: SITE },
    ];
    for (const other of elsewhere) {
      expect(await registry.confirm(ticket.id, ticket.digest, other)).toMatchObject({ ok: false, code: 'scope_changed' });
    }
    expect(tool.deliveries).toHaveLength(0);
    expect(await registry.pending()).toHaveLength(1);
    expect((await registry.confirm(ticket.id, ticket.digest, ctx)).ok).toBe(true);
  });

  it('refuses an expired confirmation with expired', async () => {
    const { registry, ticket, tool, ctx, clock } = await preparedSend();
    clock.advance(TTL_MS - 1);
    expect(await registry.pending()).toHaveLength(1);
    clock.advance(1);
    expect(await registry.confirm(ticket.id, ticket.digest, ctx)).toMatchObject({ ok: false, code: 'expired' });
    expect(tool.deliveries).toHaveLength(0);
  });

  it('refuses a cancelled confirmation with cancelled', async () => {
    const { registry, ticket, tool, ctx } = await preparedSend();
    expect(await registry.cancel(ticket.id)).toEqual({ ok: true });
    expect(await registry.confirm(ticket.id, ticket.digest, ctx)).toMatchObject({ ok: false, code: 'cancelled' });
    expect(await registry.cancel(ticket.id)).toMatchObject({ ok: false });
    expect(tool.deliveries).toHaveLength(0);
  });

  it('refuses an unknown id with not_found', async () => {
    const { registry, ticket, tool, ctx } = await preparedSend();
    for (const id of ['no-such-id', `${ticket.id}x`, '', '__proto__', 'constructor']) {
      expect(await registry.confirm(id, ticket.digest, ctx)).toMatchObject({ ok: false, code: 'not_found' });
    }
    expect(await registry.cancel('no-such-id')).toMatchObject({ ok: false, code: 'not_found' });
    expect(tool.deliveries).toHaveLength(0);
  });

  it('delivers exactly once when two confirms arrive at the same time', async () => {
    const { registry, ticket, tool, ctx } = await preparedSend();
    const results = await Promise.all([
      registry.confirm(ticket.id, ticket.digest, ctx),
      registry.confirm(ticket.id, ticket.digest, ctx),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    // The card that lost the race says so in words, not with an empty line.
    expect(results.filter((r) => r.code === 'already_used')).toMatchObject([{ error: 'This confirmation has already been used.' }]);
    expect(tool.deliveries).toHaveLength(1);
  });

  it('delivers exactly once when ten confirms race, even with a slow deliver', async () => {
    const { registry, ticket, tool, ctx } = await preparedSend({
      tool: { deliver: () => new Promise((resolve) => setTimeout(() => resolve({ ok: true }), 5)) },
    });
    const results = await Promise.all(Array.from({ length: 10 }, () => registry.confirm(ticket.id, ticket.digest, ctx)));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(tool.deliveries).toHaveLength(1);
  });

  it('never reports a cancel as done when a confirm racing it delivered', async () => {
    for (const confirmFirst of [true, false]) {
      const { registry, ticket, tool, ctx, store } = await preparedSend();
      const confirm = () => registry.confirm(ticket.id, ticket.digest, ctx);
      const cancel = () => registry.cancel(ticket.id);
      const [confirmed, cancelled] = confirmFirst
        ? await Promise.all([confirm(), cancel()])
        : await Promise.all([cancel(), confirm()]).then(([b, a]) => [a, b] as const);
      expect([confirmed.ok, cancelled.ok].filter(Boolean)).toHaveLength(1);
      expect(tool.deliveries).toHaveLength(confirmed.ok ? 1 : 0);
      const record = await store.get(ticket.id);
      expect(record?.status).toBe(confirmed.ok ? 'used' : 'cancelled');
    }
  });

  it('confirms a pending record exactly once through a registry built again over the same store', async () => {
    const { store, ticket, ctx, clock, tool: oldTool } = await preparedSend();
    const restarted = new ToolRegistry({ store, now: clock.now });
    const tool = fakeTool('send', 'reply.send', { scopes: [SITE] });
    restarted.register(tool);
    expect((await restarted.pending()).map((r) => r.id)).toEqual([ticket.id]);
    expect((await restarted.confirm(ticket.id, ticket.digest, ctx)).ok).toBe(true);
    expect((await restarted.confirm(ticket.id, ticket.digest, ctx)).code).toBe('already_used');

    const third = new ToolRegistry({ store, now: clock.now });
    third.register(fakeTool('send', 'reply.send', { scopes: [SITE] }));
    expect((await third.confirm(ticket.id, ticket.digest, ctx)).code).toBe('already_used');
    expect(tool.deliveries).toHaveLength(1);
    expect(oldTool.deliveries).toHaveLength(0);
  });

  it('refuses a confirm when the send tool is no longer registered', async () => {
    const { store, ticket, ctx, clock } = await preparedSend();
    const restarted = new ToolRegistry({ store, now: clock.now });
    expect(await restarted.confirm(ticket.id, ticket.digest, ctx)).toMatchObject({ ok: false, code: 'unknown_tool' });
    expect(await restarted.pending()).toHaveLength(1);
  });

  it('refuses a confirm where the send tool is switched off now', async () => {
    const { registry, ticket, tool } = await preparedSend({
      tool: { featureFlag: 'page.send' },
      ctx: { scope: SITE, tabId: TAB, flags: { 'page.send': true } },
    });
    const r = await registry.confirm(ticket.id, ticket.digest, { scope: SITE, tabId: TAB, flags: { 'page.send': false } });
    expect(r).toMatchObject({ ok: false, code: 'not_granted' });
    expect(tool.deliveries).toHaveLength(0);
  });
});
