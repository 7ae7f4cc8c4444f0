import { isPastItsTime, lifecycle, phaseOf } from './confirm-lifecycle';
import { canonicalJson, payloadDigest, storableCtx, type ConfirmationRecord, type ConfirmationStore } from './confirmations';
import { asToolResult, fail } from './results';
import { guardedRun } from './run-guard';
import type { InvokeCtx, Tool, ToolResult } from './tool';

/** Stores what a send tool's `run` prepared and returns the ticket a human must confirm. */
export async function prepareConfirmation(
  store: ConfirmationStore,
  tool: Tool,
  result: ToolResult,
  ctx: InvokeCtx,
  now: number,
  ttlMs: number,
): Promise<ToolResult> {
  if (!result.ok) return result;
  if (result.confirmPayload === undefined) return fail('tool_failed', `${tool.name} prepared no payload.`);
  // The payload's JSON form is what is digested, shown and delivered, so those cannot differ
  // (a Map, a Date, an undefined field); and, as a copy, the tool cannot change it afterwards.
  const payload: unknown = JSON.parse(canonicalJson(result.confirmPayload));
  const digest = await payloadDigest(payload);
  // The same payload still pending for the same tab and site (a second click on Send…, or
  // Send… on a draft whose card is open): that card again, never a second one.
  const records = (await store.list()).filter((r) => r.tool === tool.name && r.digest === digest && (r.ctx.scope ?? null) === (ctx.scope ?? null));
  const open = records.find((r) => phaseOf(r, now) === 'pending' && r.ctx.tabId === ctx.tabId);
  if (open) return { ok: true, requiresConfirm: true, confirmPayload: open.payload, confirmation: { id: open.id, digest: open.digest, expiresAt: open.expiresAt } };
  // The same payload (so the same site and ticket) already sent, or perhaps sent: that card,
  // which says when, unless the person chose "Send again" there.
  const earlier = ctx.resend ? undefined : records.filter((r) => ['sent', 'unknown', 'delivering'].includes(phaseOf(r, now))).sort((a, b) => (b.usedAt ?? 0) - (a.usedAt ?? 0))[0];
  if (earlier) {
    const phase = phaseOf(earlier, now) as 'sent' | 'unknown' | 'delivering';
    const ticket = { id: earlier.id, digest: earlier.digest, expiresAt: earlier.expiresAt, earlier: { at: earlier.usedAt ?? earlier.createdAt, phase } };
    return { ok: true, requiresConfirm: true, confirmPayload: earlier.payload, confirmation: ticket };
  }
  const record: ConfirmationRecord = {
    id: globalThis.crypto.randomUUID(),
    tool: tool.name,
    payload,
    digest,
    ctx: storableCtx(ctx),
    createdAt: now,
    expiresAt: now + ttlMs,
    status: 'pending',
  };
  await store.put(record);
  const { id, expiresAt } = record;
  return { ok: true, requiresConfirm: true, confirmPayload: payload, confirmation: { id, digest, expiresAt } };
}

/**
 * Why a confirm must be refused, or null. Refusals for digest and scope leave the record
 * pending: a forged or misdirected confirm must not burn the real one.
 */
export function whyRefused(record: ConfirmationRecord, digest: unknown, ctx: InvokeCtx, now: number): ToolResult | null {
  if (record.status === 'used') return fail('already_used', 'This confirmation has already been used.');
  if (record.status === 'cancelled') return fail('cancelled', 'This confirmation was cancelled.');
  if (isPastItsTime(record, now)) return fail('expired', 'This confirmation has expired; prepare it again.');
  if (digest !== record.digest) {
    return fail('digest_mismatch', 'What was confirmed is not what was prepared; nothing was sent.');
  }
  const sameScope = (ctx.scope ?? null) === (record.ctx.scope ?? null);
  const sameTab = record.ctx.tabId === undefined || ctx.tabId === record.ctx.tabId;
  if (!sameScope || !sameTab) return fail('scope_changed', 'This was prepared for another page; nothing was sent.');
  return null;
}

/**
 * The payload exactly as it will be delivered, digested afresh. The stored digest only proves
 * what was shown; a store that someone else can write (a content script, a bug) may hold another
 * payload under the same digest, so the bytes handed to `deliver` are digested again here.
 */
export async function sealedPayload(record: ConfirmationRecord): Promise<{ payload: unknown; digest: string } | null> {
  try {
    const text = canonicalJson(record.payload);
    const payload: unknown = JSON.parse(text);
    return { payload, digest: await payloadDigest(payload) };
  } catch {
    return null;
  }
}

/**
 * Runs `deliver` for a record already marked used, and records the outcome. A deadline
 * passed means the outcome is unknown, not failed: the message may have gone out.
 */
export async function deliverConfirmed(
  store: ConfirmationStore,
  tool: Tool,
  record: ConfirmationRecord,
  timeoutMs: number,
): Promise<ToolResult> {
  await lifecycle.deliverStarted(store, record.id);
  const deliver = tool.deliver!.bind(tool);
  const outcome = await guardedRun(tool.name, timeoutMs, undefined, (signal) => deliver(record.payload, record.ctx, signal));
  const result = outcome.settled ? asToolResult(outcome.value, tool.name) : outcome.result;
  await lifecycle.delivered(store, record.id, result);
  return result;
}
