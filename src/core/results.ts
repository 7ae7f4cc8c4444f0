import type { ToolFailure, ToolResult } from './tool';
import { isToolErrorCode, type ToolErrorCode } from './tool-errors';

/** The one way to build a failure: a code from the closed list and words for people. */
export const fail = (code: ToolErrorCode, error: string): ToolFailure => ({ ok: false, code, error });

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
  if (result.ok) return result;
  // A failure keeps its words; a code not on the closed list (or none) is a tool failure.
  const error = typeof result.error === 'string' ? result.error : `${toolName} failed`;
  return { ...result, code: isToolErrorCode(result.code) ? result.code : 'tool_failed', error };
}

/** Only the registry issues confirmation tickets: one that a read or write tool returns is forged. */
export function withoutTicket(result: ToolResult): ToolResult {
  if (!('confirmation' in result)) return result;
  const { confirmation: _forged, ...rest } = result;
  return rest;
}

/** The first `max` characters of a text, never ending in half a surrogate pair. */
export function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const end = /[\uD800-\uDBFF]/.test(text.charAt(max - 1)) ? max - 1 : max;
  return text.slice(0, Math.max(0, end));
}

/** A name as an error message quotes it: whatever the model sent, shortened. */
export const quoted = (name: unknown): string => {
  const text = String(name);
  return `"${cut(text, 80)}${text.length > 80 ? '…' : ''}"`;
};

export const TRUNCATION_MARKER = '…[truncated by Deskmate: the result was too long]';

/** The smallest bound that still holds a cut result: its marker and a code. */
export const MIN_RESULT_CHARS = 200;

/**
 * Bounds what goes back toward the model: the result's JSON is at most `maxChars`
 * (at least MIN_RESULT_CHARS) characters. A longer `data` becomes a string cut at a visible
 * marker, and so does a longer `error`. A result that cannot be serialised at all is a tool
 * failure.
 */
export function boundResult(result: ToolResult, maxChars: number, toolName: string): ToolResult {
  let json: string;
  try {
    json = JSON.stringify(result);
  } catch (e) {
    return fail('tool_failed', `${toolName} returned a result that is not JSON: ${errorMessage(e)}`);
  }
  if (json.length <= maxChars) return result;
  const full = result.ok ? JSON.stringify(result.data) ?? '' : String(result.error ?? '');
  const withText = (text: string): ToolResult =>
    result.ok ? { ok: true, truncated: true, data: text } : { ok: false, truncated: true, code: result.code, error: text };
  // Cut until the whole result fits; escaping can make the JSON longer than the text.
  let keep = Math.max(0, maxChars - JSON.stringify(withText('')).length - TRUNCATION_MARKER.length - 16);
  for (;;) {
    const bounded = withText(cut(full, keep) + TRUNCATION_MARKER);
    const size = JSON.stringify(bounded).length;
    if (size <= maxChars || keep === 0) return bounded;
    keep = Math.max(0, keep - (size - maxChars));
  }
}
