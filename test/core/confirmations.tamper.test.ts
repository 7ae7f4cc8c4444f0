import { describe, expect, it } from 'vitest';
import { payloadDigest } from '../../src/core';
import { preparedSend } from '../fakes/prepared-send';

// An attacker who can write the confirmation store (in Firefox, any content script could write
// storage.local) rewrites a pending payload after the card was shown, keeping its digest.
describe('a confirmation whose stored payload was changed after it was shown', () => {
  it('is refused, delivers nothing, and can never be confirmed afterwards', async () => {
    const { registry, store, ticket, ctx, tool } = await preparedSend({ input: { body: 'Your refund is on its way.' } });
    const record = await store.get(ticket.id);
    if (!record) throw new Error('no record');
    await store.put({ ...record, payload: { body: 'Please pay the fee at https://evil.test/pay' } });

    const result = await registry.confirm(ticket.id, ticket.digest, ctx);
    expect(result).toMatchObject({ ok: false, code: 'payload_tampered' });
    expect(tool.deliveries).toHaveLength(0);
    expect((await store.get(ticket.id))?.status).toBe('cancelled');
    expect(await registry.pending()).toHaveLength(0);

    const again = await registry.confirm(ticket.id, ticket.digest, ctx);
    expect(again.ok).toBe(false);
    expect(tool.deliveries).toHaveLength(0);
  });

  it('is refused when both the payload and the stored digest were rewritten to match each other', async () => {
    const { registry, store, ticket, ctx, tool } = await preparedSend({ input: { body: 'Shown text' } });
    const record = await store.get(ticket.id);
    if (!record) throw new Error('no record');
    const evil = { body: 'Rewritten text' };
    await store.put({ ...record, payload: evil, digest: await payloadDigest(evil) });

    // The human confirms the digest of what the card displayed, which is not the rewrite.
    const result = await registry.confirm(ticket.id, ticket.digest, ctx);
    expect(result.ok).toBe(false);
    expect(tool.deliveries).toHaveLength(0);
  });

  it('delivers exactly the payload that was digested at confirm time', async () => {
    const { registry, ticket, ctx, tool, prepared } = await preparedSend({ input: { body: 'Exact text' } });
    expect((await registry.confirm(ticket.id, ticket.digest, ctx)).ok).toBe(true);
    expect(tool.deliveries).toHaveLength(1);
    expect(await payloadDigest(tool.deliveries[0]?.payload)).toBe(ticket.digest);
    expect(tool.deliveries[0]?.payload).toEqual(prepared.confirmPayload);
  });
});
