import type { McpServerView } from '../../shared/mcp';
import type { McpDeps, McpRuntime } from './mcp-client-module';
import { createMcpActions } from './mcp-actions';
import { createMcpConnections, MCP_LIMITS } from './mcp-servers';
import { createMcpToolSync } from './mcp-tools';
import { mcpClientModule } from './sdk-client';

/**
 * MCP servers as a tool source, inside the client script: the worker's connections, and the
 * registry kept to exactly the tools people accepted. Started at each start of the worker (it
 * reconnects) when a server is configured.
 */
export function createMcpRuntime(deps: McpDeps): McpRuntime {
  let syncing = Promise.resolve();
  const queueSync = () => {
    syncing = syncing.then(() => tools.sync()).catch(deps.log.swallow('mcp', 'Could not update the MCP tools', 'error'));
    return syncing;
  };
  const connections = createMcpConnections({
    client: deps.client ?? mcpClientModule,
    store: deps.store,
    log: deps.log,
    hasPermission: deps.hasPermission,
    ...(deps.limits ? { limits: deps.limits } : {}),
    ...(deps.now ? { now: deps.now } : {}),
    changed: () => void queueSync().then(() => deps.broadcast({ type: 'mcp.changed' })),
  });
  const actions = createMcpActions(connections, { ...deps, timeoutMs: (deps.limits ?? MCP_LIMITS).timeoutMs });
  const tools = createMcpToolSync(connections, deps, actions);
  const interrupted = actions.markInterrupted().catch(deps.log.swallow('mcp', 'Could not mark interrupted MCP actions', 'error'));
  return {
    start: async () => {
      await interrupted;
      await connections.start();
    },
    reconnect: (config) => connections.connect(config).settled,
    drop: (id) => connections.drop(id),
    async ready(maxMs) {
      await connections.ready(maxMs);
      await syncing;
    },
    sync: queueSync,
    async views(): Promise<McpServerView[]> {
      await syncing;
      const refusals = tools.refusals();
      return (await connections.views()).map((v) => ({
        ...v,
        tools: v.tools.map((t) => {
          const why = refusals.get(v.id)?.get(t.name);
          return why ? { ...t, refused: why } : t;
        }),
      }));
    },
    prepareAction: async (tabId, ticket, tool, args) => {
      await interrupted;
      return actions.prepare(tabId, ticket, tool, args);
    },
    confirmAction: async (tabId, shown, id, digest) => {
      await interrupted;
      return actions.confirm(tabId, shown, id, digest);
    },
    cancelAction: (id) => actions.cancel(id),
    actionState: (id) => actions.state(id),
  };
}
