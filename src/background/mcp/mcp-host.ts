import { browser } from 'wxt/browser';
import type { ToolRegistry } from '../../core';
import type { McpServerView } from '../../shared/mcp';
import type { Broadcast } from '../../shared/protocol';
import { originPattern } from '../../shared/settings';
import { log } from '../diagnostics/logger';
import type { AuditLog } from '../storage/audit-log';
import { mcpClientScript } from './mcp-client';
import type { McpDeps, McpRuntime, McpScriptModule } from './mcp-client-module';
import { mcpConfirmationsItem, mcpTokensItem } from './mcp-items';
import { mcpInForce } from './mcp-policy';
import { createStorageConfirmationStore } from '../confirm/storage-confirmation-store';
import { fail, type ToolResult } from '../../core';
import type { McpActionState, McpActionTicket } from '../../shared/mcp';

/** The server's origin must be granted, as the model endpoint's is (loopback is in the manifest). */
async function granted(url: string): Promise<boolean> {
  try {
    return await browser.permissions.contains({ origins: [originPattern(url)] });
  } catch {
    return false;
  }
}

export interface McpHostDeps {
  registry: ToolRegistry;
  audit: AuditLog;
  broadcast(message: Broadcast): void;
  /** Tests hand in the runtime's module (and so its client) instead of the script. */
  load?: () => Promise<McpScriptModule>;
  overrides?: Partial<Pick<McpDeps, 'client' | 'limits' | 'hasPermission' | 'now'>>;
}

/**
 * The background's side of MCP: it loads the client script only once a server is configured,
 * and until then answers for it (no servers, nothing to wait for). A script that cannot load
 * leaves every server down with the reason said, and is tried again at the next use.
 */
export function createMcpHost(deps: McpHostDeps) {
  let runtime: Promise<McpRuntime> | undefined;
  const actionStore = createStorageConfirmationStore(Date.now, mcpConfirmationsItem);
  const unavailable = (e: unknown): ToolResult<McpActionState> => fail('tool_failed', `The MCP client could not be loaded: ${e instanceof Error ? e.message : String(e)}`);
  const load = (): Promise<McpRuntime> =>
    (runtime ??= (deps.load ?? (() => mcpClientScript.load()))()
      .then((module) =>
        module.createMcpRuntime({
          registry: deps.registry,
          appendAudit: (entry) => deps.audit.append(entry),
          broadcast: deps.broadcast,
          store: { servers: mcpInForce.servers, tokens: () => mcpTokensItem.get(), decisions: mcpInForce.decisions },
          actionStore,
          log,
          hasPermission: granted,
          ...deps.overrides,
        }),
      )
      .catch((error: unknown) => {
        runtime = undefined;
        log.error('mcp', 'Could not load the MCP client script', error);
        throw error;
      }));
  const configured = async () => (await mcpInForce.servers()).length > 0;
  /** The runtime if a server is configured (loaded then), else null. */
  const active = async (): Promise<McpRuntime | null> => (runtime || (await configured()) ? load() : null);

  return {
    /** A client script that cannot load leaves the servers down (views say why); start does not fail. */
    async start(): Promise<void> {
      const r = await active().catch(() => null);
      await r?.start();
    },
    async ready(maxMs?: number): Promise<void> {
      const r = await active().catch(() => null);
      await r?.ready(maxMs);
    },
    async sync(): Promise<void> {
      await (await active())?.sync();
    },
    async reconnect(id: string): Promise<void> {
      const config = (await mcpInForce.servers()).find((s) => s.id === id);
      if (config) await (await load()).reconnect(config);
    },
    drop(id: string): void {
      void runtime?.then((r) => r.drop(id)).catch(() => undefined);
    },
    prepareAction: (tabId: number, ticket: McpActionTicket | null, tool: string, args: Record<string, unknown>) => load().then((r) => r.prepareAction(tabId, ticket, tool, args), unavailable),
    confirmAction: (tabId: number, shown: McpActionTicket | null, id: string, digest: string) => load().then((r) => r.confirmAction(tabId, shown, id, digest), unavailable),
    cancelAction: (id: string) => load().then((r) => r.cancelAction(id), unavailable),
    actionState: (id: string) => load().then((r) => r.actionState(id), () => null),
    async views(): Promise<McpServerView[]> {
      try {
        return (await (await active())?.views()) ?? [];
      } catch (error) {
        const detail = error instanceof Error ? error.message : String(error);
        const tokens = await mcpTokensItem.get();
        return (await mcpInForce.servers()).map((s) => ({ ...s, hasToken: Boolean(tokens[s.id]), status: 'down', problem: 'unavailable', detail, tools: [], leftOut: 0 }));
      }
    },
  };
}

export type McpHost = ReturnType<typeof createMcpHost>;
