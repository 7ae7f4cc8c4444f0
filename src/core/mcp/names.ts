import { whyIllegalName } from '../wire-names';

/**
 * An MCP tool keeps its own name in the registry (`orders.get` → wire `orders__get`), so the
 * mapping is the registry's own and lossless both ways. A name the wire rules cannot carry is
 * refused, never rewritten: two server names must never become one tool.
 */
export type McpNameCheck = { ok: true; name: string } | { ok: false; reason: string };

export function mcpToolName(serverToolName: unknown): McpNameCheck {
  const illegal = whyIllegalName(serverToolName);
  return illegal ? { ok: false, reason: illegal } : { ok: true, name: serverToolName as string };
}
