import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromWireName, MemoryConfirmationStore, toWireName, ToolRegistry, type InvokeCtx, type ToolResult } from '../../src/core';
import { fakeClock, fakeTool, type FakeTool } from '../fakes/tools';

const OPENAI_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
const SITE = 'https://help.example.com';

const ALNUM = [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'];
const alnumRun = fc.string({ unit: fc.constantFrom(...ALNUM), minLength: 1, maxLength: 6 });
const segment = fc
  .tuple(alnumRun, fc.array(fc.tuple(fc.constantFrom('-', '_'), alnumRun), { maxLength: 3 }))
  .map(([head, rest]) => head + rest.map(([sep, run]) => sep + run).join(''));
/** Legal tool names: dot-joined segments of ASCII letters and digits with single inner - or _. */
const legalName = fc
  .array(segment, { minLength: 1, maxLength: 5 })
  .map((segments) => segments.join('.'))
  .filter((name) => toWireName(name).length <= 64);

/** Strings that sit near the edges of the naming rules. */
const nearName = fc.string({ unit: fc.constantFrom('a', 'B', '1', '.', '_', '-', ' ', 'é', '\n'), maxLength: 12 });

const REAL_NAMES = ['kb.search', 'reply.fill', 'reply.send'];
const anyName = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  nearName,
  legalName,
  fc.constantFrom(...REAL_NAMES, ...REAL_NAMES.map(toWireName), '__proto__', 'constructor', 'toString'),
  fc.anything(),
);

const anyCtx = fc.oneof(
  fc.anything(),
  fc.record(
    {
      flags: fc.oneof(fc.anything(), fc.dictionary(fc.string(), fc.anything())),
      scope: fc.oneof(fc.constant(SITE), fc.string(), fc.anything()),
      autonomous: fc.anything(),
      tabId: fc.anything(),
      signal: fc.anything(),
    },
    { requiredKeys: [] },
  ),
);

function helpdesk() {
  const registry = new ToolRegistry({ timeoutMs: 1_000 });
  const tools: FakeTool[] = [fakeTool('read', 'kb.search'), fakeTool('write', 'reply.fill'), fakeTool('send', 'reply.send')];
  for (const tool of tools) registry.register(tool);
  return { registry, tools };
}

const isResult = (r: ToolResult) => typeof r.ok === 'boolean' && (r.ok || typeof r.code === 'string');

describe('properties', () => {
  it('invoke, invokeReadOnly and confirm always resolve to a result, whatever they are given', async () => {
    const { registry, tools } = helpdesk();
    await fc.assert(
      fc.asyncProperty(anyName, fc.anything(), anyCtx, fc.anything(), async (name, input, ctx, digest) => {
        const n = name as string;
        const c = ctx as InvokeCtx;
        expect(isResult(await registry.invoke(n, input, c))).toBe(true);
        expect(isResult(await registry.invokeReadOnly(n, input, c))).toBe(true);
        expect(isResult(await registry.confirm(n, digest as string, c))).toBe(true);
      }),
      { numRuns: 300 },
    );
    expect(tools.every((t) => t.deliveries.length === 0)).toBe(true);
  });

  it('the read-only exit never runs a write or send tool, whatever the name, input and ctx', async () => {
    const { registry, tools } = helpdesk();
    await fc.assert(
      fc.asyncProperty(anyName, fc.anything(), anyCtx, async (name, input, ctx) => {
        const r = await registry.invokeReadOnly(name as string, input, ctx as InvokeCtx);
        expect(r.requiresConfirm === true && r.confirmation !== undefined).toBe(false);
      }),
      { numRuns: 300 },
    );
    expect(tools.filter((t) => t.sideEffect !== 'read').every((t) => t.runs.length === 0)).toBe(true);
    expect(await registry.pending()).toEqual([]);
  });

  it('no deliver ever runs without a valid confirm', async () => {
    const action = fc.oneof(
      fc.record({ kind: fc.constant('prepare' as const), body: fc.string({ minLength: 1 }), tab: fc.constantFrom(1, 2) }),
      fc.record({
        kind: fc.constant('confirm' as const),
        pick: fc.nat(),
        id: fc.oneof(fc.constant(null), fc.string()),
        digest: fc.oneof(fc.constant(null), fc.string(), fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 64, maxLength: 64 })),
        tab: fc.constantFrom(1, 2),
        burst: fc.integer({ min: 1, max: 3 }),
      }),
      fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }),
      fc.record({ kind: fc.constant('wait' as const), ms: fc.integer({ min: 0, max: 40_000 }) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(action, { maxLength: 25 }), async (actions) => {
        const clock = fakeClock();
        const registry = new ToolRegistry({ store: new MemoryConfirmationStore(), now: clock.now, confirmTtlMs: 60_000 });
        const tool = fakeTool('send', 'reply.send', { scopes: [SITE] });
        registry.register(tool);
        const tickets: { id: string; digest: string; tab: number }[] = [];
        let confirmedOk = 0;
        for (const a of actions) {
          if (a.kind === 'prepare') {
            const r = await registry.invoke('reply.send', { body: a.body }, { scope: SITE, tabId: a.tab });
            if (r.confirmation) tickets.push({ ...r.confirmation, tab: a.tab });
          } else if (a.kind === 'confirm') {
            const known = tickets.length > 0 ? tickets[a.pick % tickets.length] : undefined;
            const id = a.id ?? known?.id ?? 'none';
            const digest = a.digest ?? known?.digest ?? 'none';
            const results = await Promise.all(
              Array.from({ length: a.burst }, () => registry.confirm(id, digest, { scope: SITE, tabId: a.tab })),
            );
            confirmedOk += results.filter((r) => r.ok).length;
          } else if (a.kind === 'cancel') {
            const known = tickets.length > 0 ? tickets[a.pick % tickets.length] : undefined;
            await registry.cancel(known?.id ?? 'none');
          } else {
            clock.advance(a.ms);
          }
        }
        expect(tool.deliveries.length).toBe(confirmedOk);
        expect(tool.deliveries.length).toBeLessThanOrEqual(tickets.length);
        for (const d of tool.deliveries) expect(d.ctx.scope).toBe(SITE);
      }),
      { numRuns: 150 },
    );
  });

  it('legal names round-trip through wire names that are legal OpenAI names and never collide', () => {
    fc.assert(
      fc.property(fc.uniqueArray(legalName, { maxLength: 20 }), (names) => {
        const registry = new ToolRegistry();
        for (const name of names) {
          registry.register(fakeTool('read', name));
          expect(fromWireName(toWireName(name))).toBe(name);
        }
        const wire = registry.toFunctionSchemas({ autonomous: true }).map((f) => f.name);
        expect(new Set(wire).size).toBe(names.length);
        for (const w of wire) {
          expect(w).toMatch(OPENAI_NAME);
          expect(registry.get(w)?.name).toBe(fromWireName(w));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('register either accepts a string, and then it round-trips, or throws an Error, never for a collision', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.oneof(nearName, fc.string(), fc.string({ unit: 'binary' }), legalName), { maxLength: 15 }), (names) => {
        const registry = new ToolRegistry();
        const accepted: string[] = [];
        for (const name of names) {
          let error: unknown;
          try {
            registry.register(fakeTool('read', name));
            accepted.push(name);
          } catch (e) {
            error = e;
          }
          if (error !== undefined) {
            expect(error).toBeInstanceOf(Error);
            expect((error as Error).message).not.toMatch(/already/);
            expect(registry.list().some((t) => t.name === name)).toBe(false);
          }
        }
        const wire = accepted.map(toWireName);
        expect(new Set(wire).size).toBe(accepted.length);
        for (const name of accepted) {
          expect(toWireName(name)).toMatch(OPENAI_NAME);
          expect(fromWireName(toWireName(name))).toBe(name);
          expect(registry.get(toWireName(name))?.name).toBe(name);
        }
      }),
      { numRuns: 500 },
    );
  });
});
