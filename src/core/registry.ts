import { lifecycle, phaseOf } from './confirm-lifecycle';
import { deliverConfirmed, prepareConfirmation, sealedPayload, whyRefused } from './confirm-flow';
import { MemoryConfirmationStore, type ConfirmationRecord, type ConfirmationStore } from './confirmations';
import { asToolResult, boundResult, errorMessage, fail, MIN_RESULT_CHARS, quoted, withoutTicket } from './results';
import { safeCtx } from './invoke-ctx';
import { guardedRun } from './run-guard';
import type { FunctionSchema, InvokeCtx, SideEffect, Tool, ToolResult } from './tool';
import { assertToolDefinition } from './tool-definition';
import { createInputValidator, type InputCheck } from './validation';
import { fromWireName, toWireName } from './wire-names';

export interface RegistrySettings {
  /** Default deadline of a `run` or `deliver`, in ms. */
  timeoutMs?: number;
  /** Bound on the JSON of a result that goes back toward the model. */
  maxResultChars?: number;
  /** How long a prepared send can be confirmed, in ms. */
  confirmTtlMs?: number;
  store?: ConfirmationStore;
  /** Epoch milliseconds. */
  now?: () => number;
}

interface Entry {
  tool: Tool;
  check: (input: unknown) => InputCheck;
}

type Gate = { ok: true } | { ok: false; result: ToolResult };

/**
 * Registers graded tools and is the one way to call them. Every entry point returns a
 * result value and never throws: the model loop, a plan and a click all need something
 * they can show, not an exception.
 */
export class ToolRegistry {
  private readonly entries = new Map<string, Entry>();
  private readonly timeoutMs: number;
  private readonly maxResultChars: number;
  private readonly confirmTtlMs: number;
  private readonly store: ConfirmationStore;
  private readonly now: () => number;

  constructor(settings: RegistrySettings = {}) {
    this.timeoutMs = setting('timeoutMs', settings.timeoutMs, 30_000, 1);
    this.maxResultChars = setting('maxResultChars', settings.maxResultChars, 100_000, MIN_RESULT_CHARS);
    this.confirmTtlMs = setting('confirmTtlMs', settings.confirmTtlMs, 10 * 60_000, 1);
    this.store = settings.store ?? new MemoryConfirmationStore();
    this.now = settings.now ?? Date.now;
  }

  /** Adds a tool; returns the function that removes it. Throws on a bad definition. */
  register(tool: Tool): () => void {
    assertToolDefinition(tool);
    if (this.entries.has(tool.name)) {
      throw new Error(`cannot register ${tool.name}: a tool of that name is already registered`);
    }
    const wire = toWireName(tool.name);
    for (const name of this.entries.keys()) {
      if (toWireName(name) === wire) {
        throw new Error(`cannot register ${tool.name}: its wire name ${wire} is already used by ${name}`);
      }
    }
    const entry: Entry = { tool, check: createInputValidator(tool.inputSchema) };
    this.entries.set(tool.name, entry);
    return () => {
      if (this.entries.get(tool.name) === entry) this.entries.delete(tool.name);
    };
  }

  /** Finds a tool by its name or its wire name. */
  get(name: string): Tool | undefined {
    return this.entry(name)?.tool;
  }

  list(opts: { domain?: string; sideEffect?: SideEffect; scope?: string | null } = {}): Tool[] {
    return [...this.entries.values()]
      .map((e) => e.tool)
      .filter((t) => !opts.domain || t.domain === opts.domain)
      .filter((t) => !opts.sideEffect || t.sideEffect === opts.sideEffect)
      .filter((t) => opts.scope == null || !t.scopes || t.scopes.includes(opts.scope));
  }

  /**
   * The function list for a context. Autonomous (what the model gets): only read tools that
   * pass the gates, since those are all its exit lets through. The model cannot use what it
   * does not know exists.
   */
  toFunctionSchemas(ctx: InvokeCtx): FunctionSchema[] {
    const c = safeCtx(ctx);
    return [...this.entries.values()]
      .map((e) => e.tool)
      .filter((t) => this.gate(t, c).ok)
      .filter((t) => !c.autonomous || t.sideEffect === 'read')
      .map((t) => ({ name: toWireName(t.name), description: t.description, parameters: t.inputSchema }));
  }

  /** Calls a tool after the three gates; a send tool only prepares and asks for a confirm. */
  async invoke(name: string, input: unknown, ctx: InvokeCtx = {}): Promise<ToolResult> {
    try {
      const entry = this.entry(name);
      if (!entry) return fail('unknown_tool', `There is no tool named ${quoted(name)}.`);
      const c = safeCtx(ctx);
      const gate = this.gate(entry.tool, c);
      if (!gate.ok) return gate.result;
      const value = input === undefined ? {} : input;
      const check = entry.check(value);
      if (!check.ok) {
        return fail('invalid_input', `Invalid input for ${entry.tool.name}. ${check.message} Fix the input and call it again.`);
      }
      const result = await this.run(entry.tool, value, c);
      if (entry.tool.sideEffect !== 'send') return withoutTicket(result);
      return await prepareConfirmation(this.store, entry.tool, result, c, this.now(), this.confirmTtlMs);
    } catch (e) {
      return fail('tool_failed', `The call failed: ${errorMessage(e)}`);
    }
  }

  /**
   * The model's exit: the grade is looked up again before anything runs, so a guessed or
   * hallucinated name never reaches a write or send tool.
   */
  async invokeReadOnly(wireName: string, input: unknown, ctx: InvokeCtx = {}): Promise<ToolResult> {
    try {
      const entry = this.entry(wireName);
      const result = this.refusalForModel(wireName) ?? (await this.invoke(entry!.tool.name, input, { ...safeCtx(ctx), autonomous: true }));
      // Every answer is bounded, refusals too: they quote what the model sent.
      return boundResult(result, this.maxResultChars, entry?.tool.name ?? 'the tool');
    } catch (e) {
      return fail('tool_failed', `The call failed: ${errorMessage(e)}`);
    }
  }

  /**
   * Why the model may never call this name, judged by grade alone (before any gate, cap or
   * argument check): no such tool, or one that writes or sends. Null for a read tool.
   */
  refusalForModel(wireName: unknown): ToolResult | null {
    const entry = this.entry(wireName);
    // Bounded: the refusal quotes the name the model sent, which may be huge.
    if (!entry) return boundResult(fail('unknown_tool', `There is no tool named ${quoted(wireName)}. Use only the tools you were given.`), this.maxResultChars, 'the tool');
    if (entry.tool.sideEffect !== 'read') return fail('not_read_only', `${entry.tool.name} is not a read-only tool; only a person can use it.`);
    return null;
  }

  /** Delivers a prepared send, at most once, if the digest and the context still match. */
  async confirm(id: string, digest: string, ctx: InvokeCtx = {}): Promise<ToolResult> {
    try {
      const record = typeof id === 'string' ? await this.store.get(id) : undefined;
      if (!record) return fail('not_found', 'There is no such confirmation.');
      const refusal = whyRefused(record, digest, safeCtx(ctx), this.now());
      if (refusal) return refusal;
      const tool = this.get(record.tool);
      if (!tool || tool.sideEffect !== 'send' || !tool.deliver) {
        return fail('unknown_tool', `${record.tool} is not available here any more.`);
      }
      const gate = this.gate(tool, { ...record.ctx, ...safeCtx(ctx), autonomous: false });
      if (!gate.ok) return gate.result;
      const sealed = await sealedPayload(record);
      if (!sealed || sealed.digest !== record.digest || sealed.digest !== digest) return await this.burnTampered(record.id);
      if (!(await lifecycle.claim(this.store, record.id, this.now()))) {
        return fail('already_used', 'This confirmation has already been used.');
      }
      const toDeliver = { ...record, payload: sealed.payload };
      return await deliverConfirmed(this.store, tool, toDeliver, tool.timeoutMs ?? this.timeoutMs);
    } catch (e) {
      return fail('tool_failed', `The confirmation failed: ${errorMessage(e)}`);
    }
  }

  /** A record whose payload no longer matches its digest was changed in the store: it is closed, never delivered. */
  private async burnTampered(id: string): Promise<ToolResult> {
    await lifecycle.burn(this.store, id, this.now(), 'The stored payload was changed after it was shown.');
    return fail('payload_tampered', 'What is stored to be sent is not what was shown; nothing was sent. Prepare the reply again.');
  }

  /** Withdraws a pending confirmation, so it can never be confirmed. */
  async cancel(id: string): Promise<ToolResult> {
    try {
      const record = typeof id === 'string' ? await this.store.get(id) : undefined;
      if (!record) return fail('not_found', 'There is no such confirmation.');
      // Claimed atomically, as a confirm claims it: of a cancel and a confirm that race, exactly
      // one wins, and a cancel never reports success for a send that went out.
      if (!(await lifecycle.cancel(this.store, id, this.now()))) {
        return fail('already_used', 'This confirmation is already closed.');
      }
      return { ok: true };
    } catch (e) {
      return fail('tool_failed', `Cancelling failed: ${errorMessage(e)}`);
    }
  }

  /** Confirmations that can still be confirmed. */
  async pending(): Promise<ConfirmationRecord[]> {
    const now = this.now();
    const all = await this.store.list();
    return all.filter((r) => phaseOf(r, now) === 'pending');
  }

  private entry(name: unknown): Entry | undefined {
    if (typeof name !== 'string') return undefined;
    return this.entries.get(name) ?? this.entries.get(fromWireName(name));
  }

  private gate(tool: Tool, ctx: InvokeCtx): Gate {
    if (tool.featureFlag && ctx.flags?.[tool.featureFlag] !== true) {
      return { ok: false, result: fail('not_granted', `${tool.name} is switched off here (${tool.featureFlag}).`) };
    }
    if (tool.scopes && (ctx.scope == null || !tool.scopes.includes(ctx.scope))) {
      return { ok: false, result: fail('out_of_scope', `${tool.name} is not available on ${ctx.scope ?? 'this page'}.`) };
    }
    if (tool.sideEffect === 'send' && ctx.autonomous) {
      return {
        ok: false,
        result: { ...fail('needs_confirmation', `${tool.name} sends to the outside; only a person can send, after confirming.`), requiresConfirm: true },
      };
    }
    return { ok: true };
  }

  private async run(tool: Tool, input: unknown, ctx: InvokeCtx): Promise<ToolResult> {
    const outcome = await guardedRun(tool.name, tool.timeoutMs ?? this.timeoutMs, ctx.signal, (signal) =>
      tool.run(input, signal, ctx),
    );
    return outcome.settled ? asToolResult(outcome.value, tool.name) : outcome.result;
  }
}

/** A number setting; a wrong one is a programmer's mistake, so it throws. */
function setting(name: string, value: number | undefined, fallback: number, min: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || Number.isNaN(value) || value < min) {
    throw new Error(`ToolRegistry: ${name} must be a number of at least ${min}`);
  }
  return value;
}
