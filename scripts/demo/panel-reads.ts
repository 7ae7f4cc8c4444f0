import type { ChromeApi } from '../../test/e2e/harness/chromium';
import type { SidePanel } from '../../test/e2e/harness/side-panel-handle';
import { poll } from '../../test/e2e/harness/wait';
import { agentEvents, readProbe, waitForTurnEnd } from './probe';
import type { ToolCallRecord } from './transcript';

declare const chrome: ChromeApi; // the panel's global, in evaluated functions

/** What the story reads from the real side panel, by the spec's data-testids. */

export interface PanelState {
  tools: { tool: string; status: string; title: string }[];
  chatError: string | null;
  assistant: string[];
  sendVisible: boolean;
}

export function panelState(panel: SidePanel): Promise<PanelState> {
  return panel.evaluate(() => {
    const all = (s: string) => [...document.querySelectorAll(`[data-testid="${s}"]`)];
    return {
      tools: all('tool-call').map((el) => ({
        tool: el.getAttribute('data-tool') ?? '',
        status: el.getAttribute('data-status') ?? '',
        title: el.getAttribute('title') ?? '',
      })),
      chatError: all('chat-error')[0]?.textContent ?? null,
      assistant: all('assistant-message').map((el) => el.textContent ?? ''),
      sendVisible: all('chat-send').length > 0,
    };
  });
}

/** Waits for each named tool call to show ok; fails at once on an error in the chat. */
export async function waitForTools(panel: SidePanel, names: string[], timeoutMs: number): Promise<PanelState> {
  let seen: PanelState | undefined;
  // A failure ends the wait at once: the probe returns it rather than throwing (poll retries throws).
  const outcome = await poll<{ state: PanelState } | { fatal: string }>(
    async () => {
      const state = (seen = await panelState(panel));
      if (state.chatError) return { fatal: `the chat shows an error: ${state.chatError}` };
      const failed = state.tools.find((t) => t.status === 'error');
      if (failed) return { fatal: `the tool call ${failed.tool} failed: ${failed.title}` };
      return names.every((n) => state.tools.some((t) => t.tool === n && t.status === 'ok')) ? { state } : undefined;
    },
    () => `tool calls ${names.join(', ')} with data-status ok (seen: ${JSON.stringify(seen?.tools ?? [])})`,
    { timeoutMs },
  );
  if ('fatal' in outcome) throw new Error(outcome.fatal);
  return outcome.state;
}

/** The turn's `done` event, as the sidebar page received it. */
export async function waitForDone(panel: SidePanel, timeoutMs: number) {
  await waitForTurnEnd(panel, timeoutMs);
  const outcome = await poll(
    async () => {
      const data = await readProbe(panel);
      const error = data.messages.find((m) => m.type === 'chat.error');
      const done = agentEvents(data).find((e) => e.event.type === 'done');
      return error || done ? { done, data, error } : undefined;
    },
    'the turn to end (the agent event `done` at the sidebar)',
    { timeoutMs },
  );
  if (outcome.error) throw new Error(`the background refused a chat message: ${outcome.error.message}`);
  return { done: outcome.done!, data: outcome.data };
}

/** Tool calls with their arguments and summaries, from the agent events. */
export function toolCallsOf(events: ReturnType<typeof agentEvents>): ToolCallRecord[] {
  const calls: ToolCallRecord[] = [];
  const byId = new Map<string, ToolCallRecord>();
  for (const { event } of events) {
    if (event.type === 'tool_call_started') {
      const call: ToolCallRecord = { tool: String(event.tool), status: 'running', args: event.args ?? event.rawArguments };
      byId.set(String(event.callId), call);
      calls.push(call);
    } else if (event.type === 'tool_call_finished') {
      const call = byId.get(String(event.callId));
      if (call) Object.assign(call, { status: event.ok ? 'ok' : 'error', summary: String(event.summary ?? '') });
    }
  }
  return calls;
}

/** The confirm card as shown: its fields (dt/dd), body and state. */
export function readConfirmCard(panel: SidePanel) {
  return panel.evaluate(() => {
    const card = document.querySelector('[data-testid="confirm-card"]');
    const fields: Record<string, string> = {};
    const dts = [...(card?.querySelectorAll('dt') ?? [])];
    for (const dt of dts) fields[dt.textContent ?? ''] = dt.nextElementSibling?.textContent ?? '';
    return {
      fields,
      body: card?.querySelector('[data-testid="confirm-body"]')?.textContent ?? null,
      state: card?.querySelector('[data-testid="confirm-status"]')?.getAttribute('data-state') ?? null,
      status: card?.querySelector('[data-testid="confirm-status"]')?.textContent ?? null,
    };
  });
}

/** Waits for the confirm status to leave `from` (or reach `want`), and returns the state. */
export async function waitForConfirmState(panel: SidePanel, want: string[], timeoutMs: number): Promise<string> {
  let last: string | null = null;
  return poll(
    async () => {
      last = (await readConfirmCard(panel)).state;
      return last && want.includes(last) ? last : undefined;
    },
    () => `confirm-status data-state to become ${want.join(' or ')} (it is ${last ?? 'absent'})`,
    { timeoutMs },
  );
}

/** The sidebar's own view of the tab: the adapter found the ticket and its tools are in. */
export function waitForTicketInPanel(panel: SidePanel, timeoutMs: number) {
  return poll(
    async () => {
      const envelope = (await panel.evaluate(
        (tabId: number) => chrome.runtime.sendMessage({ type: 'view.get', tabId }),
        panel.tabId,
      )) as { ok: boolean; value?: { page: { ticket: { label: string } | null } | null; tools: { name: string }[] } };
      const view = envelope?.ok ? envelope.value : undefined;
      return view?.page?.ticket ? { ticket: view.page.ticket.label, tools: view.tools.map((t) => t.name) } : undefined;
    },
    'the sidebar to see the ticket (view.get: page.ticket) in its tab',
    { timeoutMs },
  );
}
