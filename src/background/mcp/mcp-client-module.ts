import type { ConfirmationStore, ToolRegistry, ToolResult } from '../../core';
import type { McpDecision, McpToolDefinition } from '../../core/mcp';
import type { Broadcast } from '../../shared/protocol';
import type { NewAuditEntry } from '../storage/audit-log';
import type { McpActionState, McpActionTicket, McpProblem, McpServerConfig, McpServerView } from '../../shared/mcp';

export type { McpProblem } from '../../shared/mcp';

/**
 * What the MCP client script (entrypoints/mcp-client.ts) leaves on the global object when it
 * runs: the official SDK's client and everything that keeps the connections and the registry's
 * MCP tools. Only a configured server needs it, so the worker loads it then (mcp-host.ts), never
 * at its start. The script has its own copies of the modules it bundles, so whatever holds state
 * (the stored items, the log, the registry) is handed in, never imported.
 */
export const MCP_CLIENT_GLOBAL = 'deskmateMcpClient';

export interface McpLimits {
  /** How long a request may take before it counts as failed (a call's outcome is then unknown). */
  timeoutMs: number;
  /** The most bytes one HTTP response may carry; beyond it the response is dropped. */
  maxBytes: number;
  /** The most tools kept from a server's list; the rest are left out and counted. */
  maxTools: number;
}

export type McpFailure = { ok: false; problem: McpProblem; detail: string };

export interface McpCallValue {
  /** The server said the call failed. */
  isError: boolean;
  /** Its text content, parts joined by blank lines; other kinds of content named, not carried. */
  text: string;
  /** Its structured content, if any. */
  structured?: unknown;
}

export interface McpSession {
  /** The server's name for itself, as it said at the start. */
  readonly serverInfo: { name: string; version: string };
  listTools(): Promise<{ ok: true; tools: McpToolDefinition[]; leftOut: number } | McpFailure>;
  callTool(name: string, args: Record<string, unknown>, signal?: AbortSignal): Promise<{ ok: true; value: McpCallValue } | McpFailure>;
  close(): Promise<void>;
}

export interface McpConnectOptions {
  url: string;
  token?: string;
  limits: McpLimits;
  /** The server said its tool list changed (notifications/tools/list_changed). */
  onToolsChanged(): void;
  /** The connection ended (the server went away, or close()); with why, when Deskmate ended it. */
  onClosed(why?: McpFailure): void;
}

export interface McpClientModule {
  connect(options: McpConnectOptions): Promise<{ ok: true; session: McpSession } | McpFailure>;
}

/** The background's stored items, read through the background's own copies (they keep values in memory). */
export interface McpStore {
  servers(): Promise<McpServerConfig[]>;
  tokens(): Promise<Record<string, string>>;
  decisions(): Promise<Record<string, Record<string, McpDecision>>>;
}

export interface McpLog {
  error(where: string, message: string, error?: unknown): void;
  swallow(where: string, message: string, level: 'warn' | 'error'): (error: unknown) => void;
}

export interface McpDeps {
  registry: ToolRegistry;
  appendAudit(entry: NewAuditEntry): Promise<unknown>;
  broadcast(message: Broadcast): void;
  store: McpStore;
  /** Where prepared actions wait for Confirm (the background's, in the vault). */
  actionStore: ConfirmationStore;
  log: McpLog;
  hasPermission(url: string): Promise<boolean>;
  client?: McpClientModule;
  limits?: McpLimits;
  now?: () => number;
}

export interface McpRuntime {
  /** Connects every configured server not connected as configured; drops the removed ones. */
  start(): Promise<void>;
  /** Connects one server anew, and waits until that connect settled. */
  reconnect(config: McpServerConfig): Promise<void>;
  drop(id: string): void;
  /** Before a turn: waits for connects under way (at most `maxMs`); tries servers down a while again. */
  ready(maxMs?: number): Promise<void>;
  /** Puts the registry in line with the decisions as they are now. */
  sync(): Promise<void>;
  views(): Promise<McpServerView[]>;
  /** The agent's click on an action card of `ticket`, the ticket the tab shows: the exact call prepared for Confirm, or the state it already has. */
  prepareAction(tabId: number, ticket: McpActionTicket | null, tool: string, args: Record<string, unknown>): Promise<ToolResult<McpActionState>>;
  /** Confirm, while the tab shows `shown`: refused unless that is the action's own ticket. */
  confirmAction(tabId: number, shown: McpActionTicket | null, id: string, digest: string): Promise<ToolResult<McpActionState>>;
  cancelAction(id: string): Promise<ToolResult>;
  actionState(id: string): Promise<McpActionState | null>;
}

export interface McpScriptModule {
  createMcpRuntime(deps: McpDeps): McpRuntime;
}
