import { errorMessage, fail } from './results';
import type { ToolRegistry } from './registry';
import type { InvokeCtx, ToolResult } from './tool';

/**
 * Fixed, hand-written plans: a chain of tool calls where each step may read the results
 * before it. A plan runs in an autonomous context, so the registry lets reads and writes
 * through and refuses every send: sending stays with a person.
 */
export interface PlanContext {
  seed: Record<string, unknown>;
  /** Results of the steps done so far, by tool name (a later step of a tool wins). */
  byTool: Record<string, ToolResult | undefined>;
  bySeq: (StepOutcome | undefined)[];
}

export interface AgentStep {
  tool: string;
  /** Static input; `buildInput` wins when both are given. */
  input?: unknown;
  /** Computes the input from earlier results; undefined skips the step. */
  buildInput?: (ctx: PlanContext) => unknown | undefined;
  /** True ends the plan after this step. */
  stopIf?: (result: ToolResult, ctx: PlanContext) => boolean;
}

export interface AgentPlan {
  name: string;
  steps: AgentStep[];
}

export interface StepOutcome {
  tool: string;
  skipped: boolean;
  result?: ToolResult;
}

export interface PlanRunResult {
  ok: boolean;
  planName: string;
  outcomes: StepOutcome[];
  /** The step a `stopIf` ended the plan at. */
  stoppedAt?: number;
  /** Set when the plan itself was not runnable. */
  error?: string;
}

/**
 * Runs a plan. A failing step does not end it unless its `stopIf` says so: a lookup that
 * found nothing often leaves the later steps meaningful. Never throws.
 */
export async function runPlan(
  registry: ToolRegistry,
  plan: AgentPlan,
  seed: Record<string, unknown> = {},
  ctx: Omit<InvokeCtx, 'autonomous'> = {},
): Promise<PlanRunResult> {
  const planName = typeof plan?.name === 'string' ? plan.name : '(unnamed plan)';
  if (!plan || !Array.isArray(plan.steps)) {
    return { ok: false, planName, outcomes: [], error: 'a plan needs an array of steps' };
  }
  const state: PlanContext = { seed: seed ?? {}, byTool: {}, bySeq: [] };
  const outcomes: StepOutcome[] = [];
  const base = ctx !== null && typeof ctx === 'object' ? ctx : {};

  for (let i = 0; i < plan.steps.length; i++) {
    const step = plan.steps[i];
    const tool = typeof step?.tool === 'string' ? step.tool : String(step?.tool);
    const outcome = await runStep(registry, step, tool, state, base);
    outcomes.push(outcome.step);
    state.bySeq[i] = outcome.step;
    if (outcome.step.result) state.byTool[tool] = outcome.step.result;
    if (outcome.stop) return { ok: true, planName, outcomes, stoppedAt: i };
  }
  return { ok: !outcomes.some((o) => o.result && !o.result.ok), planName, outcomes };
}

async function runStep(
  registry: ToolRegistry,
  step: AgentStep | undefined,
  tool: string,
  state: PlanContext,
  ctx: InvokeCtx,
): Promise<{ step: StepOutcome; stop: boolean }> {
  let input: unknown;
  try {
    input = step?.buildInput ? step.buildInput(state) : step?.input;
  } catch (e) {
    return { step: { tool, skipped: false, result: fail('step_failed', `buildInput threw: ${errorMessage(e)}`) }, stop: false };
  }
  if (input === undefined && step?.buildInput) return { step: { tool, skipped: true }, stop: false };

  const result = await registry.invoke(tool, input ?? {}, { ...ctx, autonomous: true });
  if (!step?.stopIf) return { step: { tool, skipped: false, result }, stop: false };
  try {
    return { step: { tool, skipped: false, result }, stop: step.stopIf(result, state) === true };
  } catch (e) {
    const failure = { ...fail('step_failed', `stopIf threw: ${errorMessage(e)}`), data: result };
    return { step: { tool, skipped: false, result: failure }, stop: false };
  }
}
