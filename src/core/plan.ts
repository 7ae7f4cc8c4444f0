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
  let planName = '(unnamed plan)';
  const outcomes: StepOutcome[] = [];
  try {
    if (typeof plan?.name === 'string') planName = plan.name;
    const steps: unknown = plan?.steps;
    if (!Array.isArray(steps)) return { ok: false, planName, outcomes, error: 'a plan needs an array of steps' };
    // No prototype: a step named `constructor` or `__proto__` must read and write only its own entry.
    const state: PlanContext = { seed: seed ?? {}, byTool: Object.create(null), bySeq: [] };
    const base = ctx !== null && typeof ctx === 'object' ? ctx : {};
    for (let i = 0; i < steps.length; i++) {
      const outcome = await runStep(registry, steps[i] as AgentStep | undefined, state, base);
      outcomes.push(outcome.step);
      state.bySeq[i] = outcome.step;
      if (outcome.step.result) state.byTool[outcome.step.tool] = outcome.step.result;
      if (outcome.stop) return { ok: allOk(outcomes), planName, outcomes, stoppedAt: i };
    }
    return { ok: allOk(outcomes), planName, outcomes };
  } catch (e) {
    return { ok: false, planName, outcomes, error: `the plan failed: ${errorMessage(e)}` };
  }
}

const allOk = (outcomes: StepOutcome[]) => !outcomes.some((o) => o.result && !o.result.ok);

async function runStep(
  registry: ToolRegistry,
  step: AgentStep | undefined,
  state: PlanContext,
  ctx: InvokeCtx,
): Promise<{ step: StepOutcome; stop: boolean }> {
  let tool = '(unreadable step)';
  let input: unknown;
  try {
    tool = typeof step?.tool === 'string' ? step.tool : String(step?.tool);
    input = step?.buildInput ? step.buildInput(state) : step?.input;
  } catch (e) {
    const what = tool === '(unreadable step)' ? 'the step could not be read' : 'buildInput threw';
    return { step: { tool, skipped: false, result: fail('step_failed', `${what}: ${errorMessage(e)}`) }, stop: false };
  }
  if (input === undefined && step?.buildInput) return { step: { tool, skipped: true }, stop: false };

  const result = await registry.invoke(tool, input ?? {}, { ...ctx, autonomous: true });
  if (!step?.stopIf) return { step: { tool, skipped: false, result }, stop: false };
  try {
    return { step: { tool, skipped: false, result }, stop: Boolean(step.stopIf(result, state)) };
  } catch (e) {
    return { step: { tool, skipped: false, result: fail('step_failed', `stopIf threw: ${errorMessage(e)}`) }, stop: false };
  }
}
