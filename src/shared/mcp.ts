import type { McpAnnotations, McpChoice, McpGrade, McpToolStanding } from '../core/mcp';

/** MCP servers as the options page shows them and the background keeps them. */

export interface McpServerConfig {
  id: string;
  /** The agent's name for it, shown in the options page, the trace and the action card. */
  name: string;
  /** Its Streamable HTTP endpoint. */
  url: string;
  /** Set by the organisation's policy: not changed or removed here (its token is still the agent's). */
  managed?: true;
}

/** Why a server cannot be used now, in a closed list the options page puts into words. */
export type McpProblem = 'unreachable' | 'unauthorized' | 'timeout' | 'too_big' | 'protocol' | 'no_permission' | 'unavailable';

export type McpStatus = 'connecting' | 'connected' | 'down';

export interface McpToolView {
  name: string;
  title: string;
  description: string;
  /** What its annotations suggest; never a grade by itself. */
  suggested: McpGrade;
  /** Where it stands: new, changed since decided (needs a look), or the decision in force. */
  standing: McpToolStanding;
  /** The hash of the definition shown: a decision names it, so it covers exactly this one. */
  hash: string;
  annotations: McpAnnotations;
  inputSchema: unknown;
  /** Why it can never be offered (an illegal or taken name), if so. */
  refused?: string;
  /** Who made the decision in force, if any. */
  by?: 'agent' | 'policy';
}

export interface McpServerView extends McpServerConfig {
  /** A bearer token is kept for it (never the token itself). */
  hasToken: boolean;
  status: McpStatus;
  problem?: McpProblem;
  /** The server's or the browser's own words for the problem. */
  detail?: string;
  tools: McpToolView[];
  /** Tools past the most Deskmate keeps from one server: listed by it, never shown or offered. */
  leftOut: number;
}

export const MCP_CHOICES: readonly McpChoice[] = ['off', 'read', 'send'];

/** An http(s) URL a server may be at, or null. */
export function mcpUrlOf(text: string): string | null {
  try {
    const url = new URL(text.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The helpdesk ticket an action belongs to (site and key together): prepared and confirmed only while the tab shows it. */
export interface McpActionTicket {
  site: string;
  key: string;
}

/** What a prepared MCP action will do: exactly this call, on this server, for this ticket. Its digest is what Confirm names. */
export interface McpActionPayload {
  /** The server's origin. */
  site: string;
  server: string;
  serverId: string;
  tool: string;
  /** The definition accepted as send: another definition is not called under this confirm. */
  hash: string;
  arguments: Record<string, unknown>;
  /** The ticket it was proposed on: the same call for another ticket is another action. */
  ticket: McpActionTicket;
}

/** An action card's state after a click: pending with its confirm, or what became of it. */
export interface McpActionState {
  id: string;
  digest: string;
  expiresAt: number;
  phase: 'pending' | 'delivering' | 'sent' | 'failed' | 'unknown' | 'cancelled' | 'expired';
  payload: McpActionPayload;
  /** The server's answer, when it did it. */
  answer?: string;
  error?: string;
}

/** What the model proposes with action.propose: one call of a tool people accepted as send. */
export interface McpActionProposal {
  tool: string;
  arguments: Record<string, unknown>;
  summary: string;
}
