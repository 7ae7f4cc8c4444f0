import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';
import { describe, expect, it } from 'vitest';
import { canonicalJson, payloadDigest } from '../../src/core';
import { preparedSend } from '../fakes/prepared-send';

const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

// The same payload twice, keys in different orders, with text that needs escaping and numbers
// whose canonical form differs from their source form.
const PAYLOAD_A = {
  subject: 'Re: Rechnung №42 — "urgent"',
  recipient: 'kunde@example.de',
  body: 'Grüße\n\tüber 😀 und \u2028',
  meta: { z: 1e21, a: 1.5, m: [3, { y: null, b: true }] },
};
const PAYLOAD_B = {
  meta: { m: [3, { b: true, y: null }], a: 1.5, z: 1e21 },
  body: 'Grüße\n\tüber 😀 und \u2028',
  recipient: 'kunde@example.de',
  subject: 'Re: Rechnung №42 — "urgent"',
};

describe('the payload digest', () => {
  it('is the lowercase hex SHA-256 of the RFC 8785 canonical JSON of the payload', async () => {
    const expected = sha256Hex(canonicalize(PAYLOAD_B) ?? '');
    const { ticket, store } = await preparedSend({ tool: { run: () => ({ ok: true, confirmPayload: PAYLOAD_A }) } });
    expect(ticket.digest).toBe(expected);
    expect(ticket.digest).toMatch(/^[0-9a-f]{64}$/);
    expect((await store.get(ticket.id))?.digest).toBe(expected);
  });

  it('does not depend on key order', async () => {
    expect(await payloadDigest(PAYLOAD_A)).toBe(await payloadDigest(PAYLOAD_B));
    expect(canonicalJson(PAYLOAD_A)).toBe(canonicalize(PAYLOAD_B));
  });

  it('changes when one character of the payload changes', async () => {
    const changed = { ...PAYLOAD_A, body: `${PAYLOAD_A.body}.` };
    expect(await payloadDigest(changed)).not.toBe(await payloadDigest(PAYLOAD_A));
  });

  it('lets a confirm computed independently from the shown payload succeed', async () => {
    const { registry, prepared, ticket, ctx, tool } = await preparedSend({
      tool: { run: () => ({ ok: true, confirmPayload: PAYLOAD_A }) },
    });
    const shown = prepared.confirmPayload;
    const digestOfShown = sha256Hex(canonicalize(shown) ?? '');
    expect((await registry.confirm(ticket.id, digestOfShown, ctx)).ok).toBe(true);
    expect(tool.deliveries[0]?.payload).toEqual(PAYLOAD_B);
  });

  it('refuses to digest what JSON cannot carry', async () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    for (const bad of [cyclic, { n: 1n }, Number.NaN, undefined, { f: () => 1 }, [1, () => 1], '\uD800']) {
      await expect(payloadDigest(bad)).rejects.toThrow();
    }
  });
});
