import { fail, lifecycle, phaseOf, ToolRegistry, type ConfirmationRecord, type ConfirmationStore, type InvokeCtx, type JsonSchema, type Tool, type ToolResult } from '../../core';
import { standingOf } from '../../core/mcp';
import { createInputValidator } from '../../core/validation';
import type { McpActionPayload, McpActionState, McpActionTicket } from '../../shared/mcp';
import type { McpDeps } from './mcp-client-module';
import type { McpConnection, McpConnections, McpListedTool } from './mcp-servers';

/** A person has this long to confirm a prepared action. */
const CONFIRM_TTL_MS = 10 * 60_000;

/**
 * MCP tools a person accepted as send: never offered to the model, called only through the
 * registry's confirm step. `run` prepares the exact call (server, tool, arguments) and `deliver`
 * makes it, once: the record is claimed before the call, a call cut off by a restart or a
 * deadline is "outcome unknown" and never made again by itself. Their own registry and store,
 * so a helpdesk card never shows one and the helpdesk's confirm never delivers one.
 */
export function createMcpActions(connections: McpConnections, deps: Pick<McpDeps, 'store' | 'appendAudit' | 'log' | 'broadcast'> & { actionStore: ConfirmationStore; timeoutMs: number }) {
  const registry = new ToolRegistry({ store: deps.actionStore, confirmTtlMs: CONFIRM_TTL_MS, timeoutMs: deps.timeoutMs + 5_000 });
  let registered: (() => void)[] = [];

  const current = async (c: McpConnection, name: string, hash: string): Promise<boolean> => {
    const now = c.tools.find((t) => t.definition.name === name);
    return now?.hash === hash && standingOf(hash, (await deps.store.decisions())[c.config.id]?.[name]) === 'send';
  };

  function sendTool(c: McpConnection, listed: McpListedTool): Tool<{ arguments: Record<string, unknown> }> {
    const d = listed.definition;
    const check = createInputValidator(d.inputSchema as JsonSchema);
    return {
      name: d.name,
      domain: 'mcp',
      title: d.title ?? d.name,
      description: d.description || d.name,
      inputSchema: { type: 'object', properties: { arguments: { type: 'object' } }, required: ['arguments'], additionalProperties: false },
      sideEffect: 'send',
      async run({ arguments: args }, _signal, ctx) {
        const valid = check(args);
        if (!valid.ok) return fail('invalid_input', `These arguments do not fit ${d.name}: ${valid.message}`);
        // An action belongs to the ticket it is proposed on, as a reply does: no ticket, no action.
        const ticket = ticketOfCtx(ctx);
        if (!ticket) return fail('scope_changed', `${d.name} is proposed and confirmed on a ticket; the tab shows none. Nothing was prepared.`);
        const payload: McpActionPayload = { site: origin(c.config.url), server: c.config.name, serverId: c.config.id, tool: d.name, hash: listed.hash, arguments: args, ticket };
        return { ok: true, requiresConfirm: true, confirmPayload: payload };
      },
      async deliver(raw, _ctx, signal) {
        const payload = raw as McpActionPayload;
        if (!(await current(c, payload.tool, payload.hash))) return fail('not_granted', `${payload.tool} changed on "${c.config.name}" or is no longer accepted as send; nothing was called.`);
        if (c.status !== 'connected' || !c.session) return fail('tool_failed', `The MCP server "${c.config.name}" is not connected; nothing was called.`);
        const r = await c.session.callTool(payload.tool, payload.arguments, signal);
        // The request left: whatever went wrong after, the server may have done it.
        if (!r.ok) return fail('outcome_unknown', `${r.detail} The server may or may not have done it; Deskmate does not call it again. Check "${c.config.name}".`);
        if (r.value.isError) return fail('tool_failed', r.value.text || `${payload.tool} failed on "${c.config.name}".`);
        return { ok: true, data: { text: r.value.text.slice(0, 4_000) } };
      },
    };
  }

  const audit = async (kind: 'prepare' | 'confirm' | 'refuse' | 'cancel' | 'sent' | 'failed' | 'unknown', record: ConfirmationRecord, detail?: string) => {
    const p = record.payload as McpActionPayload;
    await deps
      .appendAudit({ kind, tool: record.tool, site: p.site, ticket: p.ticket?.key ?? null, digest: record.digest, confirmationId: record.id, body: JSON.stringify(p.arguments), detail: `MCP server "${p.server}"${detail ? `: ${detail}` : ''}` })
      .catch(deps.log.swallow('mcp', 'Could not write an MCP action to the audit log', 'error'));
    deps.broadcast({ type: 'audit.changed' });
  };

  const stateOf = (record: ConfirmationRecord, result?: ToolResult): McpActionState => ({
    id: record.id,
    digest: record.digest,
    expiresAt: record.expiresAt,
    phase: phaseOf(record, Date.now()),
    payload: record.payload as McpActionPayload,
    ...(result && !result.ok ? { error: result.error } : {}),
    ...(result?.ok && result.data ? { answer: (result.data as { text?: string }).text ?? '' } : {}),
  });

  let confirming: Promise<unknown> = Promise.resolve();
  async function confirmOne(tabId: number, shown: McpActionTicket | null, id: string, digest: string): Promise<ToolResult<McpActionState>> {
    const before = await deps.actionStore.get(id);
    if (!before) return fail('not_found', 'There is no such action.');
    // Only while the tab shows the action's own ticket, whatever the sidebar's card says.
    const home = (before.payload as McpActionPayload).ticket;
    const away = before.status === 'pending' ? elsewhere(home, shown) : null;
    const result = away ?? (await registry.confirm(id, digest, { scope: shown?.site ?? null, tabId, autonomous: false }));
    const after = (await deps.actionStore.get(id)) ?? before;
    if (before.status === 'pending' && after.status === 'used') {
      await audit('confirm', after);
      const phase = phaseOf(after, Date.now());
      await audit(phase === 'sent' || phase === 'failed' ? phase : 'unknown', after, result.ok ? (result.data as { text?: string })?.text?.slice(0, 500) : result.error);
      return { ok: true, data: stateOf(after, result) };
    }
    await audit('refuse', before, `${result.ok ? '' : result.code}: ${result.ok ? '' : result.error}`);
    return result.ok ? { ok: true, data: stateOf(after, result) } : result;
  }

  return {
    registry,
    sync(decisions: Record<string, Record<string, { hash: string; choice: string }>>, refused: (server: string, tool: string) => boolean): number {
      for (const unregister of registered) unregister();
      registered = [];
      for (const c of connections.connections.values()) {
        if (c.status !== 'connected') continue;
        for (const listed of c.tools) {
          const name = listed.definition.name;
          if (refused(c.config.id, name) || standingOf(listed.hash, decisions[c.config.id]?.[name] as never) !== 'send') continue;
          registered.push(registry.register(sendTool(c, listed)));
        }
      }
      return registered.length;
    },
    /** The agent's click on an action card of `ticket` (the tab shows it): the exact call, prepared and waiting for Confirm (or the card it already has). */
    async prepare(tabId: number, ticket: McpActionTicket | null, tool: string, args: Record<string, unknown>): Promise<ToolResult<McpActionState>> {
      const started = Date.now();
      if (!ticket) return fail('scope_changed', 'An action is prepared on the ticket it was proposed on; the tab shows no ticket. Nothing was prepared.');
      // A second click, or the card after a reload, gets the record it already has (pending, or what became of it).
      const r = await registry.invoke(tool, { arguments: args }, { scope: ticket.site, tabId, autonomous: false, ticketKey: ticket.key } as InvokeCtx);
      if (!r.ok || !r.confirmation) return r.ok ? fail('tool_failed', 'Nothing was prepared.') : r;
      const record = await deps.actionStore.get(r.confirmation.id);
      if (!record) return fail('not_found', 'The prepared action is gone.');
      if (record.status === 'pending' && record.createdAt >= started) await audit('prepare', record);
      return { ok: true, data: stateOf(record) };
    },
    confirm(tabId: number, shown: McpActionTicket | null, id: string, digest: string): Promise<ToolResult<McpActionState>> {
      // One at a time, so comparing the record before and after tells whether this call used it (a double click waits, then is refused).
      const run = confirming.then(() => confirmOne(tabId, shown, id, digest));
      confirming = run.catch(() => undefined);
      return run;
    },
    async cancel(id: string): Promise<ToolResult> {
      const r = await registry.cancel(id);
      const record = await deps.actionStore.get(id);
      if (r.ok && record) await audit('cancel', record);
      return r;
    },
    async state(id: string): Promise<McpActionState | null> {
      const record = await deps.actionStore.get(id);
      return record ? stateOf(record) : null;
    },
    /** After a start of the worker: a call cut off mid-way is never made again; its outcome is unknown. */
    async markInterrupted(): Promise<void> {
      for (const record of await deps.actionStore.list()) {
        if (record.outcome !== 'delivering') continue;
        await lifecycle.interrupted(deps.actionStore, record.id);
        await audit('unknown', record, 'The call was cut off by a restart; check the server.');
      }
    },
  };
}

export type McpActions = ReturnType<typeof createMcpActions>;

/** The ticket a call is made on: the page's site and ticket key, both known, or null. */
export function ticketOfCtx(ctx: InvokeCtx | undefined): McpActionTicket | null {
  const key = (ctx as { ticketKey?: unknown } | undefined)?.ticketKey;
  return typeof ctx?.scope === 'string' && typeof key === 'string' && key !== '' ? { site: ctx.scope, key } : null;
}

/** Why an action of `home` must not be confirmed while the tab shows `shown`, or null. */
function elsewhere(home: McpActionTicket | undefined, shown: McpActionTicket | null): ToolResult | null {
  if (home && shown && home.site === shown.site && home.key === shown.key) return null;
  const now = shown ? `ticket ${shown.key}${home && shown.site === home.site ? '' : ` on ${shown.site}`}` : 'no ticket';
  return fail('scope_changed', `This action was proposed on ticket ${home?.key ?? '?'} on ${home?.site ?? 'another site'}; the tab now shows ${now}. Nothing was called.`);
}

function origin(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}
