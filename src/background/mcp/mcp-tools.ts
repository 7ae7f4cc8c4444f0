import { fail, payloadDigest, toWireName, type JsonSchema, type Tool, type ToolRegistry, type ToolResult } from '../../core';
import { mcpToolName, standingOf, type McpDecision } from '../../core/mcp';
import type { PageCtx } from '../pages/page-tool-proxy';
import type { McpDeps } from './mcp-client-module';
import type { McpConnection, McpConnections, McpListedTool } from './mcp-servers';
import type { McpActions } from './mcp-actions';
import { actionProposeTool } from './action-propose';
import { originOf } from '../../shared/origin';

/** The most of a server's description the model is given (the person saw it whole). */
const MAX_DESCRIPTION = 1000;

/** Why each tool of each server can never be offered: its name is illegal on the wire, or taken. */
export type Refusals = Map<string, Map<string, string>>;

/**
 * Puts into the registry exactly the MCP tools a person accepted as read for the definition the
 * server lists now; everything else (new, changed, off, refused names) is not there, so the
 * model is not offered it and its calls find no such tool. Run again at every change.
 */
export function createMcpToolSync(connections: McpConnections, { registry, appendAudit, store, log }: Pick<McpDeps, 'registry' | 'appendAudit' | 'store' | 'log'>, actions: McpActions) {
  let registered: (() => void)[] = [];
  let refusals: Refusals = new Map();

  async function call(c: McpConnection, listed: McpListedTool, input: unknown, signal: AbortSignal, ctx: PageCtx): Promise<ToolResult> {
    const name = listed.definition.name;
    const decision = (await store.decisions())[c.config.id]?.[name];
    const now = c.tools.find((t) => t.definition.name === name);
    // The list may have changed since this tool was put in the registry: only the accepted definition runs.
    if (!now || standingOf(now.hash, decision) !== 'read' || now.hash !== listed.hash) {
      return fail('not_granted', `${name} changed on the MCP server "${c.config.name}" since it was accepted; a person must look at it again.`);
    }
    if (c.status !== 'connected' || !c.session) return fail('tool_failed', `The MCP server "${c.config.name}" is not connected now.`);
    const args = (input ?? {}) as Record<string, unknown>;
    const r = await c.session.callTool(name, args, signal);
    const outcome = r.ok ? (r.value.isError ? 'the server said it failed' : 'answered') : `${r.problem}: ${r.detail}`;
    await appendAudit({
      kind: 'call',
      tool: name,
      site: originOf(c.config.url) ?? c.config.url,
      ticket: ctx.ticketKey ?? null,
      digest: await payloadDigest(args),
      confirmationId: null,
      detail: `Read call to the MCP server "${c.config.name}" (${outcome}) with ${JSON.stringify(args).slice(0, 2000)}`,
    }).catch(log.swallow('mcp', 'Could not write an MCP call to the audit log', 'error'));
    if (!r.ok) return fail('tool_failed', `The MCP server "${c.config.name}" did not answer: ${r.detail}`);
    if (r.value.isError) return fail('tool_failed', r.value.text || `${name} failed on the MCP server "${c.config.name}".`);
    return { ok: true, data: { server: c.config.name, text: compactJson(r.value.text), ...(r.value.structured !== undefined ? { structured: r.value.structured } : {}) } };
  }

  function readTool(c: McpConnection, listed: McpListedTool, schema: JsonSchema): Tool {
    const d = listed.definition;
    return {
      name: d.name,
      domain: 'mcp',
      title: d.title ?? d.annotations?.title ?? d.name,
      description: `${(d.description ?? d.name).slice(0, MAX_DESCRIPTION)} (MCP server "${c.config.name}")`,
      inputSchema: schema,
      sideEffect: 'read',
      timeoutMs: 30_000,
      run: (input, signal, ctx) => call(c, listed, input, signal, ctx as PageCtx),
    };
  }

  return {
    refusals: (): Refusals => refusals,
    async sync(): Promise<void> {
      const decisions = await store.decisions();
      for (const unregister of registered) unregister();
      registered = [];
      const next: Refusals = new Map();
      const claimed = new Map<string, string>();
      for (const c of connections.connections.values()) {
        const refused = new Map<string, string>();
        next.set(c.config.id, refused);
        for (const listed of c.tools) {
          const why = whyRefused(listed, registry, claimed, c.config.name);
          if (why) {
            refused.set(listed.definition.name, why);
            continue;
          }
          claimed.set(toWireName(listed.definition.name), `a tool of the MCP server "${c.config.name}"`);
          if (c.status !== 'connected' || !accepted(decisions[c.config.id]?.[listed.definition.name], listed.hash, 'read')) continue;
          try {
            registered.push(registry.register(readTool(c, listed, listed.definition.inputSchema as JsonSchema)));
          } catch (error) {
            refused.set(listed.definition.name, error instanceof Error ? error.message : String(error));
          }
        }
      }
      refusals = next;
      // Tools accepted as send are for the agent's click only; the model may propose a call of one.
      const proposable = actions.sync(decisions, (server, tool) => next.get(server)?.has(tool) === true);
      if (proposable > 0) registered.push(registry.register(actionProposeTool(actions.registry)));
    },
  };
}

export type McpToolSync = ReturnType<typeof createMcpToolSync>;

const accepted = (decision: McpDecision | undefined, hash: string, grade: 'read' | 'send') => standingOf(hash, decision) === grade;

function whyRefused(listed: McpListedTool, registry: ToolRegistry, claimed: Map<string, string>, server: string): string | null {
  const name = mcpToolName(listed.definition.name);
  if (!name.ok) return name.reason;
  const owner = claimed.get(toWireName(name.name)) ?? (registry.get(name.name) ? "one of Deskmate's own tools" : null);
  if (owner) return `"${name.name}" is already the name of ${owner}; rename it on the server "${server}" to use it.`;
  const schema = listed.definition.inputSchema as { type?: unknown; properties?: unknown } | null;
  if (!schema || typeof schema !== 'object' || schema.type !== 'object' || (schema.properties !== undefined && (typeof schema.properties !== 'object' || schema.properties === null))) {
    return 'Its input is not described as an object, as a function call needs.';
  }
  if (schema.properties === undefined) (schema as { properties: object }).properties = {};
  return null;
}

/**
 * A text that is JSON without the whitespace between its tokens: servers often pretty-print, and
 * the result goes to the model again with every later request of the turn. Not parsed and written
 * again, which would round big numbers and drop a price's trailing zeros: every token stays as sent.
 */
export function compactJson(text: string): string {
  if (!/^\s*[[{]/.test(text)) return text;
  try {
    JSON.parse(text);
  } catch {
    return text;
  }
  let out = '';
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (inString) {
      out += c;
      if (c === '\\') out += text[++i] ?? '';
      else if (c === '"') inString = false;
    } else if (c === '"') {
      inString = true;
      out += c;
    } else if (c !== ' ' && c !== '\n' && c !== '\r' && c !== '\t') out += c;
  }
  return out;
}
