import { describe, expect, it } from 'vitest';
import { runPlan, ToolRegistry, type AgentPlan, type ToolResult } from '../../src/core';
import { fakeTool, QUERY_INPUT } from '../fakes/tools';

type Turn = { role: string; text: string };

/** The original note's example: fetch a session, then search for the customer's last words. */
function helpdesk() {
  const registry = new ToolRegistry();
  const fetchSession = fakeTool('read', 'session.fetch', {
    inputSchema: { type: 'object', properties: { id: { type: 'number' } }, required: ['id'] },
    run: (input: { id: number }) => ({
      ok: true,
      data: [
        { role: 'customer', text: `Where is invoice ${input.id}?` },
        { role: 'agent', text: 'Looking.' },
      ],
    }),
  });
  const search = fakeTool('read', 'kb.search', { inputSchema: QUERY_INPUT });
  registry.register(fetchSession);
  registry.register(search);
  return { registry, fetchSession, search };
}

const lastCustomerTurn: AgentPlan = {
  name: 'what does the customer ask',
  steps: [
    { tool: 'session.fetch', buildInput: (c) => (c.seed.id ? { id: c.seed.id } : undefined) },
    {
      tool: 'kb.search',
      buildInput: (c) => {
        const turns = c.byTool['session.fetch']?.data as Turn[] | undefined;
        const last = [...(turns ?? [])].reverse().find((t) => t.role === 'customer');
        return last ? { query: last.text.slice(0, 200) } : undefined;
      },
    },
  ],
};

describe('runPlan', () => {
  it('chains results: a later step reads byTool and bySeq of earlier ones', async () => {
    const { registry, search } = helpdesk();
    let seenBySeq: unknown;
    const plan: AgentPlan = {
      ...lastCustomerTurn,
      steps: [
        ...lastCustomerTurn.steps,
        { tool: 'kb.search', buildInput: (c) => ((seenBySeq = c.bySeq[1]?.result?.data), { query: 'again' }) },
      ],
    };
    const r = await runPlan(registry, plan, { id: 42 });
    expect(r.ok).toBe(true);
    expect(r.planName).toBe('what does the customer ask');
    expect(search.runs[0]?.input).toEqual({ query: 'Where is invoice 42?' });
    expect(seenBySeq).toEqual({ tool: 'kb.search', input: { query: 'Where is invoice 42?' } });
    expect(r.outcomes.map((o) => [o.tool, o.skipped])).toEqual([
      ['session.fetch', false],
      ['kb.search', false],
      ['kb.search', false],
    ]);
  });

  it('skips the whole chain when the seed lacks what buildInput needs', async () => {
    const { registry, fetchSession, search } = helpdesk();
    const r = await runPlan(registry, lastCustomerTurn, {});
    expect(r.outcomes).toEqual([
      { tool: 'session.fetch', skipped: true },
      { tool: 'kb.search', skipped: true },
    ]);
    expect(fetchSession.runs).toHaveLength(0);
    expect(search.runs).toHaveLength(0);
    expect(r.ok).toBe(true);
  });

  it('ends early at the step whose stopIf says so, recording stoppedAt', async () => {
    const { registry, search } = helpdesk();
    const plan: AgentPlan = {
      name: 'stop after fetch',
      steps: [{ ...lastCustomerTurn.steps[0]!, stopIf: (result) => result.ok }, ...lastCustomerTurn.steps.slice(1)],
    };
    const r = await runPlan(registry, plan, { id: 1 });
    expect(r.stoppedAt).toBe(0);
    expect(r.outcomes).toHaveLength(1);
    expect(r.ok).toBe(true);
    expect(search.runs).toHaveLength(0);
  });

  it('is not ok when it stops at a step that failed', async () => {
    const registry = new ToolRegistry();
    registry.register(fakeTool('read', 'kb.search', { run: () => ({ ok: false, error: 'index offline' }) }));
    registry.register(fakeTool('read', 'ticket.read'));
    const plan: AgentPlan = {
      name: 'stop on failure',
      steps: [{ tool: 'kb.search', stopIf: (result) => !result.ok }, { tool: 'ticket.read' }],
    };
    const r = await runPlan(registry, plan);
    expect(r.stoppedAt).toBe(0);
    expect(r.ok).toBe(false);
  });

  it('runs in an autonomous context: a write step runs, a send step is refused', async () => {
    const registry = new ToolRegistry();
    const fill = fakeTool('write', 'reply.fill');
    const send = fakeTool('send', 'reply.send');
    registry.register(fill);
    registry.register(send);
    const r = await runPlan(registry, {
      name: 'fill and send',
      steps: [{ tool: 'reply.fill', input: { body: 'hi' } }, { tool: 'reply.send', input: { body: 'hi' } }],
    });
    expect(fill.runs).toHaveLength(1);
    expect(fill.runs[0]?.ctx.autonomous).toBe(true);
    expect(r.outcomes[1]?.result).toMatchObject({ ok: false, code: 'needs_confirmation', requiresConfirm: true });
    expect(send.runs).toHaveLength(0);
    expect(send.deliveries).toHaveLength(0);
    expect(await registry.pending()).toHaveLength(0);
    expect(r.ok).toBe(false);
  });

  it('stays autonomous even when the caller passes autonomous: false', async () => {
    const registry = new ToolRegistry();
    const send = fakeTool('send', 'reply.send');
    registry.register(send);
    const ctx = { autonomous: false } as Parameters<typeof runPlan>[3];
    const r = await runPlan(registry, { name: 'sneaky', steps: [{ tool: 'reply.send' }] }, {}, ctx);
    expect(r.outcomes[0]?.result?.code).toBe('needs_confirmation');
    expect(send.runs).toHaveLength(0);
  });

  it('keeps going past a failing step, but reports the plan as not ok', async () => {
    const registry = new ToolRegistry();
    const later = fakeTool('read', 'ticket.read');
    registry.register(
      fakeTool('read', 'kb.search', {
        run: () => {
          throw new Error('boom');
        },
      }),
    );
    registry.register(later);
    const r = await runPlan(registry, { name: 'p', steps: [{ tool: 'kb.search' }, { tool: 'ticket.read' }, { tool: 'ticket.submit' }] });
    expect(r.outcomes.map((o) => o.result?.code)).toEqual(['tool_failed', undefined, 'unknown_tool']);
    expect(later.runs).toHaveLength(1);
    expect(r.ok).toBe(false);
  });

  it('fails only the step whose buildInput throws, and goes on', async () => {
    const { registry, search } = helpdesk();
    const r = await runPlan(registry, {
      name: 'p',
      steps: [
        {
          tool: 'session.fetch',
          buildInput: () => {
            throw new Error('no seed');
          },
        },
        { tool: 'kb.search', input: { query: 'invoice' } },
      ],
    });
    expect(r.outcomes[0]?.result).toMatchObject({ ok: false, code: 'step_failed' });
    expect(r.outcomes[0]?.result?.error).toContain('no seed');
    expect(search.runs).toHaveLength(1);
    expect(r.ok).toBe(false);
  });

  it('fails only the step whose stopIf throws, saying why, and goes on', async () => {
    const { registry, search } = helpdesk();
    const r = await runPlan(
      registry,
      {
        name: 'p',
        steps: [
          {
            tool: 'session.fetch',
            input: { id: 3 },
            stopIf: () => {
              throw new Error('bad predicate');
            },
          },
          { tool: 'kb.search', input: { query: 'invoice' } },
        ],
      },
      {},
    );
    expect(r.outcomes[0]?.result).toMatchObject({ ok: false, code: 'step_failed' });
    expect(r.outcomes[0]?.result?.error).toContain('bad predicate');
    expect(r.stoppedAt).toBeUndefined();
    expect(search.runs).toHaveLength(1);
    expect(r.ok).toBe(false);
  });

  it('passes the plan context (scope, flags, tab) to every step', async () => {
    const registry = new ToolRegistry();
    const read = fakeTool('read', 'ticket.read', { scopes: ['https://a.example'], featureFlag: 'tickets' });
    registry.register(read);
    const ok = await runPlan(registry, { name: 'p', steps: [{ tool: 'ticket.read' }] }, {}, {
      scope: 'https://a.example',
      flags: { tickets: true },
      tabId: 4,
    });
    expect(ok.ok).toBe(true);
    expect(read.runs[0]?.ctx).toMatchObject({ scope: 'https://a.example', tabId: 4 });
    const refused = await runPlan(registry, { name: 'p', steps: [{ tool: 'ticket.read' }] }, {}, { scope: 'https://b.example', flags: { tickets: true } });
    expect(refused.outcomes[0]?.result?.code).toBe('out_of_scope');
  });

  it('keeps byTool free of inherited names, so a step named like an Object method reads nothing', async () => {
    const registry = new ToolRegistry();
    registry.register(fakeTool('read', 'kb.search'));
    let seen: unknown = 'not called';
    await runPlan(registry, {
      name: 'p',
      steps: [{ tool: 'kb.search', buildInput: (c) => ((seen = [c.byTool['constructor'], c.byTool['toString']]), {}) }],
    });
    expect(seen).toEqual([undefined, undefined]);
  });
});
