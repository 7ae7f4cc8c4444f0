import { MemoryConfirmationStore, ToolRegistry, type ConfirmationStore, type InvokeCtx, type ToolResult } from '../../../src/core';
import type { McpDecision } from '../../../src/core/mcp';
import type { McpLimits, McpRuntime } from '../../../src/background/mcp/mcp-client-module';
import { createMcpRuntime } from '../../../src/background/mcp/mcp-runtime';
import type { NewAuditEntry } from '../../../src/background/storage/audit-log';
import type { McpServerConfig, McpServerView } from '../../../src/shared/mcp';
import { startOrderSystem, type OrderSystem, type OrderSystemBehaviour } from '../../../demo/mcp/server.mjs';

/** The helpdesk whose tickets the actions are proposed on. */
export const HELPDESK = 'http://helpdesk.test';
/** Ticket 1041 and 1042 of that helpdesk, as the background names the ticket a tab shows. */
export const TICKET_1041 = { site: HELPDESK, key: '1041' };
export const TICKET_1042 = { site: HELPDESK, key: '1042' };

/**
 * The MCP runtime as the client script runs it (the official SDK's client, over real HTTP) against
 * the demo order system, with the stored items in memory and a registry of its own.
 */
export async function mcpFixture(options: { behaviour?: OrderSystemBehaviour; token?: string; storedToken?: string; limits?: Partial<McpLimits>; actionStore?: ConfirmationStore } = {}) {
  const system = await startOrderSystem({ port: 0, behaviour: options.behaviour ?? {}, ...(options.token ? { token: options.token } : {}) });
  const server: McpServerConfig = { id: 'orders-1', name: 'Orders', url: system.url };
  let decisions: Record<string, Record<string, McpDecision>> = {};
  const audit: NewAuditEntry[] = [];
  const registry = new ToolRegistry();
  const changes: number[] = [];
  const runtime: McpRuntime = createMcpRuntime({
    registry,
    appendAudit: async (entry) => void audit.push(entry),
    broadcast: () => void changes.push(Date.now()),
    store: {
      servers: async () => [server],
      tokens: async () => (options.storedToken ? { [server.id]: options.storedToken } : {}),
      decisions: async () => structuredClone(decisions),
    },
    actionStore: options.actionStore ?? new MemoryConfirmationStore(),
    log: { error: () => undefined, swallow: () => () => undefined },
    hasPermission: async () => true,
    limits: { timeoutMs: 5_000, maxBytes: 8_000_000, maxTools: 200, ...options.limits },
  });
  await runtime.start();
  // Until the connect has settled (connected or down), not the deadline of one request: on a loaded
  // machine listing 5,000 tools, or a connect with a 1 s deadline, takes longer than the deadline.
  await runtime.ready(60_000);

  const view = async (): Promise<McpServerView> => (await runtime.views())[0]!;
  const tool = async (name: string) => (await view()).tools.find((t) => t.name === name)!;
  /** A person's choice, for the definition shown now. */
  const decide = async (name: string, choice: McpDecision['choice']) => {
    const shown = await tool(name);
    decisions = { ...decisions, [server.id]: { ...(decisions[server.id] ?? {}), [name]: { hash: shown.hash, choice, by: 'agent', at: Date.now() } } };
    await runtime.sync();
  };
  /** The model's exit, as the agent loop calls it in a turn on the helpdesk's ticket 1041. */
  const modelCalls = (wireName: string, input: unknown): Promise<ToolResult> => registry.invokeReadOnly(wireName, input, { scope: HELPDESK, flags: {}, ticketKey: '1041' } as InvokeCtx);
  const offered = () => registry.toFunctionSchemas({ autonomous: true, flags: {}, scope: null }).map((f) => f.name);
  /** Waits until the condition holds (a notification is handled when the server sends it). */
  const until = async (check: () => Promise<boolean> | boolean, what: string) => {
    for (let i = 0; i < 400; i++) {
      if (await check()) return;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`never: ${what}`);
  };
  return {
    system: system as OrderSystem,
    runtime,
    registry,
    audit,
    view,
    tool,
    decide,
    modelCalls,
    offered,
    until,
    close: async () => {
      runtime.drop(server.id);
      await system.close();
    },
  };
}
