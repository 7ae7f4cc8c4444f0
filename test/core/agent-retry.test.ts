import { describe, expect, it } from 'vitest';
import { ModelError } from '../../src/core';
import { answer, helpdesk, runTurn, ScriptedModel, text } from '../fakes/scripted-model';

const tooMany = (retryAfterMs?: number) =>
  new ModelError('rate_limited', 'Too many requests.', retryAfterMs === undefined ? { status: 429 } : { status: 429, retryAfterMs });

/** A sleep that only records how long it was asked to wait. */
function recordingSleep() {
  const waits: number[] = [];
  return { waits, sleep: async (ms: number) => void waits.push(ms) };
}

describe('retrying a failed model call', () => {
  it('retries a 429 after 500 ms and succeeds', async () => {
    const { registry } = helpdesk();
    const { waits, sleep } = recordingSleep();
    const model = new ScriptedModel([tooMany(), answer('Hello.')]);
    const { result, ofType } = await runTurn({ model, registry, userText: 'x', retry: { sleep } });
    expect(waits).toEqual([500]);
    expect(model.requests).toHaveLength(2);
    expect(result).toMatchObject({ outcome: 'stop', steps: 1 });
    expect(ofType('retry')).toEqual([
      { type: 'retry', step: 1, attempt: 1, delayMs: 500, error: { kind: 'rate_limited', message: 'Too many requests.', status: 429, retryable: true } },
    ]);
    expect(ofType('step_start')).toHaveLength(1);
  });

  it('backs off 500 ms, 1 s, 2 s and then reports the 429', async () => {
    const { registry } = helpdesk();
    const { waits, sleep } = recordingSleep();
    const model = new ScriptedModel([tooMany(), tooMany(), tooMany(), tooMany(), answer('never')]);
    const { result, ofType } = await runTurn({ model, registry, userText: 'x', retry: { sleep } });
    expect(waits).toEqual([500, 1_000, 2_000]);
    expect(model.requests).toHaveLength(4);
    expect(result.outcome).toBe('error');
    expect(result.error).toEqual({ kind: 'rate_limited', message: 'Too many requests.', status: 429, retryable: true });
    expect(ofType('error')).toEqual([{ type: 'error', step: 1, kind: 'rate_limited', message: 'Too many requests.', status: 429, retryable: true }]);
  });

  it('retries a server error the same way', async () => {
    const { registry } = helpdesk();
    const { waits, sleep } = recordingSleep();
    const model = new ScriptedModel([new ModelError('server', 'Bad gateway.', { status: 502 }), answer('ok')]);
    const { result } = await runTurn({ model, registry, userText: 'x', retry: { sleep } });
    expect(waits).toEqual([500]);
    expect(result.outcome).toBe('stop');
  });

  it('waits what Retry-After asked for', async () => {
    const { registry } = helpdesk();
    const { waits, sleep } = recordingSleep();
    const model = new ScriptedModel([tooMany(1_500), answer('ok')]);
    await runTurn({ model, registry, userText: 'x', retry: { sleep } });
    expect(waits).toEqual([1_500]);
  });

  it('reports at once a Retry-After longer than it is willing to wait', async () => {
    const { registry } = helpdesk();
    const { waits, sleep } = recordingSleep();
    const model = new ScriptedModel([tooMany(120_000), answer('never')]);
    const { result } = await runTurn({ model, registry, userText: 'x', retry: { sleep, maxDelayMs: 10_000 } });
    expect(waits).toEqual([]);
    expect(result.error?.kind).toBe('rate_limited');
  });

  it.each([
    ['auth', 401],
    ['not_found', 404],
    ['bad_request', 400],
    ['permission', undefined],
    ['unreachable', undefined],
  ] as const)('reports %s at once, without a retry', async (kind, status) => {
    const { registry } = helpdesk();
    const { waits, sleep } = recordingSleep();
    const error = new ModelError(kind, `failed: ${kind}`, status === undefined ? {} : { status });
    const model = new ScriptedModel([error, answer('never')]);
    const { result, events } = await runTurn({ model, registry, userText: 'x', retry: { sleep } });
    expect(waits).toEqual([]);
    expect(model.requests).toHaveLength(1);
    expect(result.outcome).toBe('error');
    expect(result.error).toMatchObject({ kind, message: `failed: ${kind}` });
    expect(events.slice(-2).map((e) => e.type)).toEqual(['error', 'done']);
  });

  it('says a 401 is not worth retrying and an unreachable server is', async () => {
    const { registry } = helpdesk();
    const auth = await runTurn({ model: new ScriptedModel([new ModelError('auth', 'bad key', { status: 401 })]), registry, userText: 'x' });
    expect(auth.result.error).toEqual({ kind: 'auth', message: 'bad key', status: 401, retryable: false });
    const down = await runTurn({ model: new ScriptedModel([new ModelError('unreachable', 'no route')]), registry, userText: 'x' });
    expect(down.result.error?.retryable).toBe(true);
  });

  it('does not retry once a token has reached the UI (it would be shown twice)', async () => {
    const { registry } = helpdesk();
    const { waits, sleep } = recordingSleep();
    const model = new ScriptedModel([{ events: [text('Half an ans')], error: new ModelError('server', 'upstream died', { status: 500 }) }, answer('x')]);
    const { result } = await runTurn({ model, registry, userText: 'x', retry: { sleep } });
    expect(waits).toEqual([]);
    expect(result.error?.kind).toBe('server');
    expect(result.messages.at(-1)).toEqual({ role: 'assistant', content: 'Half an ans', cut: 'stream_cut' });
  });

  it('reports an error that is not a ModelError as unknown', async () => {
    const { registry } = helpdesk();
    const model = new ScriptedModel([new TypeError('fetch failed')]);
    const { result } = await runTurn({ model, registry, userText: 'x' });
    expect(result.error).toMatchObject({ kind: 'unknown', retryable: true });
    expect(result.error?.message).toContain('fetch failed');
  });
});

describe('the default wait between retries', () => {
  it('really waits, doubling from baseDelayMs', async () => {
    const { registry } = helpdesk();
    const model = new ScriptedModel([tooMany(), tooMany(), answer('ok')]);
    const started = Date.now();
    const { result } = await runTurn({ model, registry, userText: 'x', retry: { baseDelayMs: 20 } });
    expect(result.outcome).toBe('stop');
    expect(Date.now() - started).toBeGreaterThanOrEqual(55);
  });
});
