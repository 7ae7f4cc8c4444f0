import type { McpChoice } from '../core/mcp';
import { mcpUrlOf } from './mcp';

/**
 * MCP servers an admin sets for everyone (`mcpServers` in the policy): a name, the Streamable HTTP
 * address and, per tool name, the grade the organisation gives it. Such a server and its graded
 * tools are shown as set by the organisation and cannot be changed or removed on the options
 * page, nor by any message. The policy carries no token (policy-secrets.ts takes one out): a
 * server that needs one gets it from each agent, kept in the background's vault.
 */
export interface PolicyMcpServer {
  name: string;
  url: string;
  /** Per tool name, the organisation's grade: it holds for whatever definition the server lists under that name. */
  tools: Record<string, McpChoice>;
}

/** The id a policy server is kept under: its name, never taken by a server an agent adds. */
export const policyMcpId = (name: string): string => `policy:${name}`;
export const isPolicyMcpId = (id: string): boolean => id.startsWith('policy:');

const CHOICES = new Set<string>(['off', 'read', 'send']);
const FIELDS = new Set(['name', 'url', 'tools']);
const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/** The servers of `mcpServers`; an entry of the wrong shape is left out and named, the rest holds. */
export function parseMcpServers(value: unknown, problems: string[]): PolicyMcpServer[] {
  if (!Array.isArray(value)) return void problems.push('mcpServers: expected a list of { name, url, tools }'), [];
  const out: PolicyMcpServer[] = [];
  value.forEach((entry, i) => {
    const at = `mcpServers[${i}]`;
    if (!isObject(entry)) return void problems.push(`${at}: expected { name, url, tools }`);
    const name = typeof entry.name === 'string' ? entry.name.trim() : '';
    const url = typeof entry.url === 'string' ? mcpUrlOf(entry.url) : null;
    if (!name || name.length > 100 || !url) return void problems.push(`${at}: expected a name and an http(s) url`);
    if (out.some((s) => s.name === name)) return void problems.push(`${at}: a second server named "${name}"; left out`);
    for (const key of Object.keys(entry)) if (!FIELDS.has(key)) problems.push(`${at}.${key}: not a setting Deskmate knows; left out`);
    const tools: Record<string, McpChoice> = {};
    if (entry.tools !== undefined && !isObject(entry.tools)) problems.push(`${at}.tools: expected { "tool name": "off" | "read" | "send" }`);
    else {
      for (const [tool, choice] of Object.entries(entry.tools ?? {})) {
        if (typeof choice === 'string' && CHOICES.has(choice)) tools[tool] = choice as McpChoice;
        else problems.push(`${at}.tools.${tool}: expected "off", "read" or "send"; the tool is left to the agent`);
      }
    }
    out.push({ name, url, tools });
  });
  return out;
}
