import { errorMessage } from './results';

/**
 * Tool results carry untrusted text (ticket bodies, customer names, page content) to the
 * model, so each one goes inside a fence labelled as data. The body is JSON with every `<`
 * (and its full-width look-alikes) written as a \u escape: still the same JSON value, but no
 * tag of any kind, and so no closing marker, can appear inside the fence.
 */
export const TOOL_RESULT_CLOSE = '</tool_result>';

const ANGLE = /[<\uFF1C\uFE64]/g;

const escapeAngles = (json: string): string =>
  json.replace(ANGLE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** A tool name fit for the fence's attribute: the model may have invented any string. */
export function fenceLabel(name: string): string {
  const clean = String(name).replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 64);
  return clean || 'unknown';
}

export function fenceToolResult(toolName: string, result: unknown): string {
  return `<tool_result tool="${fenceLabel(toolName)}" untrusted="true">\n${escapeAngles(toJson(result))}\n${TOOL_RESULT_CLOSE}`;
}

function toJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? 'null';
  } catch (e) {
    return JSON.stringify({ ok: false, code: 'tool_failed', error: `The result was not JSON: ${errorMessage(e)}` });
  }
}
