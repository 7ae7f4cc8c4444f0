import { ANY_DEFINITION, type McpDecision } from '../../core/mcp';
import type { McpServerConfig } from '../../shared/mcp';
import { policyMcpId, type PolicyMcpServer } from '../../shared/policy-mcp';
import { managedPolicy } from '../access/policy';
import { mcpDecisionsItem, mcpServersItem } from './mcp-items';

type Decisions = Record<string, Record<string, McpDecision>>;

/** The same address, written either way (a trailing slash, the host's case). */
const sameUrl = (a: string, b: string): boolean => {
  try {
    return new URL(a).href === new URL(b).href;
  } catch {
    return a === b;
  }
};

/** Whether the organisation's policy sets a server of this name or address. */
export const policyServerLike = (servers: readonly PolicyMcpServer[], name: string, url: string): PolicyMcpServer | undefined =>
  servers.find((s) => s.name === name || sameUrl(s.url, url));

/**
 * The servers in force: the organisation's first, then the agent's own. An agent's server at a
 * policy server's address (or of its name) is left out: a second entry for the same server
 * would let a person grade the tools the organisation graded.
 */
export function serversInForce(policy: readonly PolicyMcpServer[], own: readonly McpServerConfig[]): McpServerConfig[] {
  const managed = policy.map((s): McpServerConfig => ({ id: policyMcpId(s.name), name: s.name, url: s.url, managed: true }));
  return [...managed, ...own.filter((o) => !policyServerLike(policy, o.name, o.url))];
}

/** The decisions in force: the agent's, and over them, per tool the organisation graded, the organisation's. */
export function decisionsInForce(policy: readonly PolicyMcpServer[], own: Decisions): Decisions {
  const out: Decisions = { ...own };
  for (const s of policy) {
    const id = policyMcpId(s.name);
    const graded = Object.fromEntries(Object.entries(s.tools).map(([tool, choice]) => [tool, { hash: ANY_DEFINITION, choice, by: 'policy' as const, at: 0 }]));
    out[id] = { ...(own[id] ?? {}), ...graded };
  }
  return out;
}

/** What the MCP runtime reads: the stored lists with the policy's servers and grades in force. */
export const mcpInForce = {
  servers: async (): Promise<McpServerConfig[]> => serversInForce((await managedPolicy.get()).mcpServers, await mcpServersItem.get()),
  decisions: async (): Promise<Decisions> => decisionsInForce((await managedPolicy.get()).mcpServers, await mcpDecisionsItem.get()),
};
