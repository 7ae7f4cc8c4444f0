import { fail } from '../../core';
import { mcpUrlOf, type McpActionProposal, type McpActionTicket, type McpServerConfig } from '../../shared/mcp';
import type { Handlers } from '../router';
import { MANAGED_ERROR } from '../../shared/policy';
import { isPolicyMcpId, policyMcpId } from '../../shared/policy-mcp';
import { managedPolicy } from '../access/policy';
import { mcpServersItem, mcpTokensItem, mcpDecisionsItem } from './mcp-items';
import { policyServerLike } from './mcp-policy';
import type { McpHost } from './mcp-host';

type McpHandlers = Pick<Handlers, 'mcp.list' | 'mcp.save' | 'mcp.remove' | 'mcp.grade' | 'mcp.reconnect' | 'mcp.prepare' | 'mcp.confirm' | 'mcp.cancel' | 'mcp.action'>;

/** Where action cards live: the ticket a tab shows, and the actions proposed in its conversation. */
export interface ActionTickets {
  shown(tabId: number): { site: string | null; ticket: string | null };
  proposal(tabId: number, callId: string): Promise<{ proposal: McpActionProposal; ticket: McpActionTicket } | null>;
}

/**
 * The options page's MCP servers: extension pages only (the router enforces it). A token comes
 * in here and never goes out again: the views say only whether one is kept.
 */
export function mcpHandlers(mcp: McpHost, tickets: ActionTickets, now: () => number = Date.now): McpHandlers {
  /** The ticket the tab shows, as the background knows it (never the sidebar's word). */
  const shownIn = (tabId: number): McpActionTicket | null => {
    const { site, ticket } = tickets.shown(tabId);
    return site && ticket ? { site, key: ticket } : null;
  };
  const saveToken = (id: string, token: string) =>
    mcpTokensItem.update((all) => {
      const { [id]: _old, ...rest } = all;
      return { value: token ? { ...rest, [id]: token } : rest, result: undefined };
    });
  const changedList = async () => {
    await mcp.start();
    return { ok: true, servers: await mcp.views() };
  };
  return {
    'mcp.list': () => mcp.views(),
    async 'mcp.save'({ id, name, url, token }) {
      const policy = (await managedPolicy.get()).mcpServers;
      // The organisation's server (named by its id, or by its very name and address): only the agent's token for it is the agent's to set.
      const set = policy.find((s) => (id !== undefined ? policyMcpId(s.name) === id : s.name === name.trim() && mcpUrlOf(s.url) === mcpUrlOf(url)));
      if (set || (id !== undefined && isPolicyMcpId(id))) {
        if (!set || token === undefined || name.trim() !== set.name || mcpUrlOf(url) !== mcpUrlOf(set.url)) return { ok: false, error: MANAGED_ERROR };
        await saveToken(policyMcpId(set.name), token);
        mcp.drop(policyMcpId(set.name));
        return changedList();
      }
      const checked = mcpUrlOf(url);
      if (checked === null) return { ok: false, error: 'Not an http(s) URL.' };
      const label = name.trim() || new URL(checked).host;
      if (policyServerLike(policy, label, checked)) return { ok: false, error: `${MANAGED_ERROR} A server of this name or address is set by your organisation.` };
      const configs = await mcpServersItem.get();
      if (configs.some((s) => s.id !== id && s.name === label)) return { ok: false, error: `There is already a server named "${label}".` };
      const config: McpServerConfig = { id: id && configs.some((s) => s.id === id) ? id : globalThis.crypto.randomUUID(), name: label, url: checked };
      if (token !== undefined) await saveToken(config.id, token);
      await mcpServersItem.set([...configs.filter((s) => s.id !== config.id), config]);
      // A new token or address is used from the next connect on.
      if (token !== undefined) mcp.drop(config.id);
      return changedList();
    },
    async 'mcp.remove'({ id }) {
      if (isPolicyMcpId(id)) return { ok: false, error: MANAGED_ERROR };
      await mcpServersItem.set((await mcpServersItem.get()).filter((s) => s.id !== id));
      await mcpTokensItem.update((all) => {
        const { [id]: _gone, ...rest } = all;
        return { value: rest, result: undefined };
      });
      await mcpDecisionsItem.update((all) => {
        const { [id]: _gone, ...rest } = all;
        return { value: rest, result: undefined };
      });
      mcp.drop(id);
      return changedList();
    },
    async 'mcp.grade'({ id, tool, hash, choice }) {
      const server = (await mcp.views()).find((s) => s.id === id);
      const shown = server?.tools.find((t) => t.name === tool);
      if (!shown) return { ok: false, error: 'The server lists no such tool now.' };
      // A decision covers the definition the person saw; the server may have changed it since.
      if (shown.hash !== hash) return { ok: false, error: 'The tool changed on the server since it was shown; look at it again.' };
      // The organisation's grade stands: no person changes it, loosening or not.
      if (shown.by === 'policy') return { ok: false, error: MANAGED_ERROR };
      if (shown.refused && choice !== 'off') return { ok: false, error: shown.refused };
      await mcpDecisionsItem.update((all) => ({ value: { ...all, [id]: { ...(all[id] ?? {}), [tool]: { hash, choice, by: 'agent' as const, at: now() } } }, result: undefined }));
      await mcp.sync();
      return { ok: true, servers: await mcp.views() };
    },
    // The call is the one the model proposed in the conversation of the ticket the tab shows, taken from there: an action card belongs to its ticket.
    async 'mcp.prepare'({ tabId, callId }) {
      const found = await tickets.proposal(tabId, callId);
      const shown = shownIn(tabId);
      if (!found || !shown || found.ticket.site !== shown.site || found.ticket.key !== shown.key) {
        return fail('scope_changed', `This action was not proposed on ${shown ? `ticket ${shown.key}` : 'the page'} the tab shows; open the ticket it was proposed on. Nothing was prepared.`);
      }
      return mcp.prepareAction(tabId, found.ticket, found.proposal.tool, found.proposal.arguments);
    },
    'mcp.confirm': ({ tabId, id, digest }) => mcp.confirmAction(tabId, shownIn(tabId), id, digest),
    'mcp.cancel': ({ id }) => mcp.cancelAction(id),
    'mcp.action': ({ id }) => mcp.actionState(id),
    async 'mcp.reconnect'({ id }) {
      await mcp.reconnect(id);
      return { ok: true, servers: await mcp.views() };
    },
  };
}
