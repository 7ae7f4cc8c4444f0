import { standingOf, type McpToolDefinition } from '../../core/mcp';
import { definitionHash } from '../../core/mcp';
import type { McpServerConfig, McpServerView, McpStatus, McpProblem } from '../../shared/mcp';
import type { McpClientModule, McpLimits, McpLog, McpSession, McpStore } from './mcp-client-module';

/** A request's deadline, the largest answer, the most tools kept of one server. */
export const MCP_LIMITS: McpLimits = { timeoutMs: 20_000, maxBytes: 8_000_000, maxTools: 200 };

/** A server that is down is tried again at a turn's start, at most this often. */
const RETRY_AFTER_MS = 15_000;

export interface McpListedTool {
  definition: McpToolDefinition;
  hash: string;
}

/** One server's connection as the worker has it now (nothing of it outlives the worker: it reconnects). */
export interface McpConnection {
  config: McpServerConfig;
  status: McpStatus;
  problem?: McpProblem;
  detail?: string;
  session?: McpSession;
  tools: McpListedTool[];
  leftOut: number;
  triedAt: number;
  /** Counts connects: a late answer of an earlier one is dropped. */
  generation: number;
  settled: Promise<void>;
}

export interface McpConnectionDeps {
  client: McpClientModule;
  store: McpStore;
  log: McpLog;
  hasPermission(url: string): Promise<boolean>;
  /** The connections' tools or states changed: the registry and the pages follow. */
  changed(): void;
  limits?: McpLimits;
  now?: () => number;
}

/**
 * The worker's connections to the configured servers. The client script is loaded only when a
 * server is configured; every failure is kept as a problem the options page puts into words.
 */
export function createMcpConnections(deps: McpConnectionDeps) {
  const { log, store } = deps;
  const limits = deps.limits ?? MCP_LIMITS;
  const now = deps.now ?? Date.now;
  const connections = new Map<string, McpConnection>();

  const down = (c: McpConnection, problem: McpProblem, detail: string) => {
    Object.assign(c, { status: 'down', problem, detail, session: undefined });
    deps.changed();
  };

  async function listTools(c: McpConnection, generation: number): Promise<void> {
    const listed = await c.session?.listTools();
    if (!listed || c.generation !== generation) return;
    if (!listed.ok) return down(c, listed.problem, listed.detail);
    c.tools = await Promise.all(listed.tools.map(async (definition) => ({ definition, hash: await definitionHash(definition) })));
    c.leftOut = listed.leftOut;
    deps.changed();
  }

  async function open(c: McpConnection, generation: number): Promise<void> {
    if (!(await deps.hasPermission(c.config.url))) return down(c, 'no_permission', c.config.url);
    const token = (await store.tokens())[c.config.id];
    const r = await deps.client.connect({
      url: c.config.url,
      ...(token ? { token } : {}),
      limits,
      onToolsChanged: () => {
        if (c.generation === generation) void listTools(c, generation).catch(log.swallow('mcp', 'Could not list the tools again', 'warn'));
      },
      onClosed: (why) => {
        if (c.generation === generation && c.status === 'connected') down(c, why?.problem ?? 'unreachable', why?.detail ?? 'The connection ended.');
      },
    });
    if (c.generation !== generation) {
      if (r.ok) void r.session.close().catch(() => undefined);
      return;
    }
    if (!r.ok) return down(c, r.problem, r.detail);
    Object.assign(c, { status: 'connected', session: r.session, problem: undefined, detail: undefined });
    await listTools(c, generation);
  }

  function connect(config: McpServerConfig): McpConnection {
    const old = connections.get(config.id);
    if (old?.session) void old.session.close().catch(() => undefined);
    const c: McpConnection = { config, status: 'connecting', tools: old?.tools ?? [], leftOut: old?.leftOut ?? 0, triedAt: now(), generation: (old?.generation ?? 0) + 1, settled: Promise.resolve() };
    connections.set(config.id, c);
    deps.changed();
    c.settled = open(c, c.generation).catch((error: unknown) => down(c, 'protocol', error instanceof Error ? error.message : String(error)));
    return c;
  }

  return {
    connections,
    /** Connects every configured server (after a start of the worker, or a change of the list). */
    async start(): Promise<void> {
      const configs = await store.servers();
      for (const id of connections.keys()) if (!configs.some((s) => s.id === id)) this.drop(id);
      for (const config of configs) {
        const c = connections.get(config.id);
        if (!c || c.config.url !== config.url || c.config.name !== config.name) connect(config);
      }
    },
    connect,
    drop(id: string): void {
      const c = connections.get(id);
      if (!c) return;
      c.generation++;
      void c.session?.close().catch(() => undefined);
      connections.delete(id);
      deps.changed();
    },
    /** Before a turn: servers that are down are tried again (not too often), and connects under way are awaited, at most `maxMs`. */
    async ready(maxMs = limits.timeoutMs): Promise<void> {
      for (const c of connections.values()) if (c.status === 'down' && now() - c.triedAt >= RETRY_AFTER_MS) connect(c.config);
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, maxMs)));
      await Promise.race([Promise.all([...connections.values()].map((c) => c.settled)), late]);
      clearTimeout(timer);
    },
    async views(): Promise<McpServerView[]> {
      const [configs, tokens, decisions] = await Promise.all([store.servers(), store.tokens(), store.decisions()]);
      return configs.map((config) => {
        const c = connections.get(config.id);
        const own = decisions[config.id] ?? {};
        return {
          ...config,
          hasToken: Boolean(tokens[config.id]),
          status: c?.status ?? 'connecting',
          ...(c?.problem ? { problem: c.problem } : {}),
          ...(c?.detail ? { detail: c.detail } : {}),
          leftOut: c?.leftOut ?? 0,
          tools: (c?.tools ?? []).map(({ definition: d, hash }) => {
            const decision = own[d.name];
            return {
              name: d.name,
              title: d.title ?? d.annotations?.title ?? d.name,
              description: d.description ?? '',
              suggested: d.annotations?.readOnlyHint === true ? 'read' : 'send',
              standing: standingOf(hash, decision),
              hash,
              annotations: d.annotations ?? {},
              inputSchema: d.inputSchema,
              ...(decision && standingOf(hash, decision) !== 'changed' ? { by: decision.by } : {}),
            };
          }),
        };
      });
    },
  };
}

export type McpConnections = ReturnType<typeof createMcpConnections>;
