import type { InvokeCtx, JsonSchema, SideEffect, Tool, ToolResult } from '../../src/core';

/**
 * Fake tools for core tests. Each records what reached `run` and `deliver`, so a test can
 * say "run was never called" instead of trusting the result alone.
 */
export interface RunCall {
  input: unknown;
  signal: AbortSignal;
  ctx: InvokeCtx;
}

export interface DeliverCall {
  payload: unknown;
  ctx: InvokeCtx;
  signal: AbortSignal;
}

export interface FakeTool extends Tool {
  runs: RunCall[];
  deliveries: DeliverCall[];
}

type RunFn = (input: any, signal: AbortSignal, ctx: InvokeCtx) => Promise<unknown> | unknown;
type DeliverFn = (payload: unknown, ctx: InvokeCtx, signal: AbortSignal) => Promise<unknown> | unknown;

export interface FakeToolOptions {
  scopes?: readonly string[];
  featureFlag?: string;
  timeoutMs?: number;
  inputSchema?: JsonSchema;
  /** Replaces the default body of run (the call is still recorded). */
  run?: RunFn;
  /** Replaces the default body of deliver (send tools only; the call is still recorded). */
  deliver?: DeliverFn;
}

export const NO_INPUT: JsonSchema = { type: 'object', properties: {} };

export const QUERY_INPUT: JsonSchema = {
  type: 'object',
  properties: { query: { type: 'string', minLength: 1, description: 'What to look for' } },
  required: ['query'],
};

/** What a fake send tool prepares from `{ body }`. */
export const replyPayload = (body: unknown) => ({
  site: 'help.example.com',
  ticket: '#1042',
  recipient: 'customer@example.com',
  subject: 'Re: invoice',
  body,
});

const defaultRun =
  (grade: SideEffect, name: string): RunFn =>
  (input: any) =>
    grade === 'send'
      ? { ok: true, requiresConfirm: true, confirmPayload: replyPayload(input?.body ?? 'Hello') }
      : { ok: true, data: { tool: name, input } };

/** A tool of the given grade whose calls are recorded; send tools get a recording deliver. */
export function fakeTool(grade: SideEffect, name: string, options: FakeToolOptions = {}): FakeTool {
  const runs: RunCall[] = [];
  const deliveries: DeliverCall[] = [];
  const runBody = options.run ?? defaultRun(grade, name);
  const deliverBody: DeliverFn = options.deliver ?? (() => ({ ok: true, data: 'sent' }));
  const tool: FakeTool = {
    name,
    domain: name.split('.')[0] ?? name,
    title: `Fake ${name}`,
    description: `A fake ${grade} tool named ${name}.`,
    inputSchema: options.inputSchema ?? NO_INPUT,
    sideEffect: grade,
    runs,
    deliveries,
    async run(input, signal, ctx) {
      runs.push({ input, signal, ctx });
      return (await runBody(input, signal, ctx)) as ToolResult;
    },
  };
  if (options.scopes !== undefined) tool.scopes = options.scopes;
  if (options.featureFlag !== undefined) tool.featureFlag = options.featureFlag;
  if (options.timeoutMs !== undefined) tool.timeoutMs = options.timeoutMs;
  if (grade === 'send') {
    tool.deliver = async (payload, ctx, signal) => {
      deliveries.push({ payload, ctx, signal });
      return (await deliverBody(payload, ctx, signal)) as ToolResult;
    };
  }
  return tool;
}

/** A promise that never settles: a run or deliver that hangs. */
export const never = (): Promise<never> => new Promise<never>(() => {});

/** A clock the test moves by hand, for the registry's `now` setting. */
export function fakeClock(start = 1_700_000_000_000) {
  let t = start;
  return {
    now: () => t,
    advance(ms: number) {
      t += ms;
    },
  };
}
