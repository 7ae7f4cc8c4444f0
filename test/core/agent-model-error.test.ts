import { describe, expect, it } from 'vitest';
import { ModelError, modelErrorKindForStatus } from '../../src/core';

describe('ModelError', () => {
  it('is an Error with a stable kind, the status and a message for people', () => {
    const e = new ModelError('rate_limited', 'Too many requests; wait a moment.', { status: 429, retryAfterMs: 2_000 });
    expect(e).toBeInstanceOf(Error);
    expect(e).toMatchObject({ name: 'ModelError', kind: 'rate_limited', status: 429, retryAfterMs: 2_000, message: 'Too many requests; wait a moment.' });
  });

  it('leaves status and retryAfterMs out when not given', () => {
    const e = new ModelError('unreachable', 'No connection.');
    expect('status' in e).toBe(false);
    expect('retryAfterMs' in e).toBe(false);
  });

  it.each([
    [400, 'bad_request'],
    [401, 'auth'],
    [403, 'auth'],
    [404, 'not_found'],
    [408, 'server'],
    [413, 'bad_request'],
    [422, 'bad_request'],
    [429, 'rate_limited'],
    [500, 'server'],
    [502, 'server'],
    [503, 'server'],
    [418, 'unknown'],
  ] as const)('maps HTTP %i to %s', (status, kind) => {
    expect(modelErrorKindForStatus(status)).toBe(kind);
  });
});
