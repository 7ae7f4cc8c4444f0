import type { ToolErrorCode, ToolResult } from './tool';

export const fail = (code: ToolErrorCode, error: string): ToolResult<never> => ({
  ok: false,
  code,
  error,
});

export const errorMessage = (e: unknown): string => {
  if (e instanceof Error) return e.message || e.name;
  try {
    return String(e);
  } catch {
    return 'unknown error';
  }
};

/** A `run` may return anything at all; only a plain object with a boolean `ok` is a result. */
export function asToolResult(value: unknown, toolName: string): ToolResult {
  if (value === null || typeof value !== 'object' || typeof (value as ToolResult).ok !== 'boolean') {
    return fail('tool_failed', `${toolName} returned something that is not a result`);
  }
  const result = value as ToolResult;
  if (!result.ok && typeof result.code !== 'string') {
    return { ...result, code: 'tool_failed', error: result.error ?? `${toolName} failed` };
  }
  return result;
}

export const TRUNCATION_MARKER = '…[truncated by Deskmate: the result was too long]';

/**
 * Bounds what goes back toward the model: the result's JSON is at most `maxChars`
 * characters. A longer `data` becomes a string cut at a visible marker, and so does a
 * longer `error`. A result that cannot be serialised at all is a tool failure.
 */
export function boundResult(result: ToolResult, maxChars: number, toolName: string): ToolResult {
  let json: string;
  try {
    json = JSON.stringify(result);
  } catch (e) {
    return fail('tool_failed', `${toolName} returned a result that is not JSON: ${errorMessage(e)}`);
  }
  if (json.length <= maxChars) return result;
  const base: ToolResult = { ok: result.ok, truncated: true };
  if (result.code !== undefined) base.code = result.code;
  const field = result.ok ? 'data' : 'error';
  const full = result.ok ? JSON.stringify(result.data) ?? '' : String(result.error ?? '');
  // Cut until the whole result fits; escaping can make the JSON longer than the text.
  let keep = Math.max(0, maxChars - JSON.stringify(base).length - TRUNCATION_MARKER.length - 16);
  for (;;) {
    const bounded: ToolResult = { ...base, [field]: full.slice(0, keep) + TRUNCATION_MARKER };
    const size = JSON.stringify(bounded).length;
    if (size <= maxChars || keep === 0) return bounded;
    keep = Math.max(0, keep - (size - maxChars));
  }
}
