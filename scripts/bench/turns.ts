import type { DemoModel, DemoTiming } from '../../demo/model/server.mjs';
import type { Page } from 'playwright-core';
import { openRealSidePanel } from '../../test/e2e/harness/chromium';
import type { SidePanel } from '../../test/e2e/harness/side-panel-handle';
import { poll } from '../../test/e2e/harness/wait';
import { waitForDone, waitForTicketInPanel } from '../demo/panel-reads';
import { installProbe, readProbe, type ProbeData } from '../demo/probe';
import type { DemoSession } from '../demo/session';
import { PROMPT, STORY_TICKET } from '../demo/story';

/** One chat turn as measured: the click on chat-send to `done` at the sidebar, and the model's share. */
export interface TurnFigures {
  observedMs: number;
  modelServerMs: number;
  /** observed - the model server's own time: what the extension adds to a turn. */
  ownMs: number;
  requests: number;
  /** The demo model's estimate, ceil(chars / 4) of each request's messages and tools. */
  promptTokensByRequest: number[];
  /** What the done event reports (the SDK's usage from the model). */
  promptTokensReported: number;
  /**
   * Where the extension's own time goes: click -> first request, each request's end -> the next
   * request, the last request's end -> done at the sidebar (ms).
   */
  gaps: number[];
  /** The last request's prompt tokens by part (system, user, tool calls, each tool's results, tool schemas). */
  lastRequestParts: Record<string, number>;
  probe: ProbeData;
  timings: DemoTiming[];
}

const TURN_TIMEOUT = 40_000;

/**
 * The story's ticket in a tab, the real side panel open on it with the ticket shown, and the
 * probe installed: where every turn measured starts.
 */
export async function openStoryPanel(session: DemoSession): Promise<{ page: Page; panel: SidePanel; storyTicket: string }> {
  const { context, extensionId } = session.browser;
  const page = await context.newPage();
  await page.goto(session.ticketUrl(STORY_TICKET));
  await page.waitForSelector('.hd-reply');
  const panel = await openRealSidePanel(context, extensionId, page);
  await panel.waitFor('[data-testid="chat-input"]');
  const storyTicket = (await waitForTicketInPanel(panel, 15_000)).ticket;
  await installProbe(context, panel);
  return { page, panel, storyTicket };
}

/** Starts a fresh conversation (chat-new) so every turn is the same story. */
export async function newChat(panel: SidePanel): Promise<void> {
  await panel.click('[data-testid="header-menu"]');
  await panel.click('[data-testid="chat-new"]');
  // A conversation holding a draft asks first; the agent says yes.
  const asked = await poll(
    () => panel.evaluate(() => (document.querySelector('[data-testid="chat-new-confirm"]') ? true : document.querySelector('[data-testid="user-message"]') ? undefined : false)),
    'New chat to ask or to start over',
    { timeoutMs: 10_000 },
  );
  if (asked) await panel.click('[data-testid="chat-new-yes"]');
  await poll(
    async () =>
      (await panel.evaluate(() => !document.querySelector('[data-testid="user-message"]') && !!document.querySelector('[data-testid="chat-send"]'))) || undefined,
    'the chat to be empty after chat-new',
    { timeoutMs: 10_000 },
  );
}

/** Types the text, clicks chat-send and waits for `done`; the probe is cleared first. */
export async function measureTurn(panel: SidePanel, model: DemoModel, text = PROMPT): Promise<TurnFigures> {
  await readProbe(panel, true);
  const first = model.timings().length;
  const firstRequest = model.requests().length;
  await panel.fill('[data-testid="chat-input"]', text);
  await panel.click('[data-testid="chat-send"]');
  const { done, data } = await waitForDone(panel, TURN_TIMEOUT);
  if (done.event.reason !== 'stop') throw new Error(`a benchmark turn ended with ${String(done.event.reason)}`);
  const click = data.clicks.find((c) => c.testid === 'chat-send');
  if (!click) throw new Error('the probe did not see the click on chat-send');
  // The model server finishes its response before the extension reports done; wait for its clock.
  const timings = await poll(
    () => {
      const all = model.timings().slice(first);
      return all.length && all.every((t) => t.endedAt !== null) ? all : undefined;
    },
    "the demo model's timings of the turn",
    { timeoutMs: 5_000 },
  );
  const bodies = model.requests().slice(firstRequest) as { messages?: unknown; tools?: unknown }[];
  const observedMs = done.at - click.at;
  const modelServerMs = timings.reduce((sum, t) => sum + (t.ms ?? 0), 0);
  const usage = done.event.usage as { promptTokens?: number } | undefined;
  const edges = timings.flatMap((t) => [t.receivedAt, t.endedAt!]);
  const points = [click.at, ...edges, done.at];
  const gaps = points.flatMap((p, i) => (i % 2 === 0 && i + 1 < points.length ? [points[i + 1]! - p] : []));
  return {
    observedMs,
    gaps,
    lastRequestParts: bodies.length ? promptParts(bodies.at(-1)!) : {},
    modelServerMs,
    ownMs: observedMs - modelServerMs,
    requests: timings.length,
    promptTokensByRequest: bodies.map(estimatePromptTokens),
    promptTokensReported: usage?.promptTokens ?? 0,
    probe: data,
    timings,
  };
}

/** As demo/model/openai-wire.mjs counts them: a quarter of the characters, rounded up. */
export function estimatePromptTokens(body: { messages?: unknown; tools?: unknown }): number {
  const chars = JSON.stringify(body.messages ?? []) + (body.tools ? JSON.stringify(body.tools) : '');
  return Math.ceil(chars.length / 4);
}

/** A request's prompt tokens by part, counted the same way as estimatePromptTokens. */
export function promptParts(body: { messages?: unknown; tools?: unknown }): Record<string, number> {
  type Msg = { role?: string; tool_calls?: unknown; content?: unknown; tool_call_id?: string };
  const messages = (Array.isArray(body.messages) ? body.messages : []) as Msg[];
  const names = new Map<string, string>();
  for (const m of messages) {
    for (const c of (Array.isArray(m.tool_calls) ? m.tool_calls : []) as { id: string; function: { name: string } }[]) names.set(c.id, c.function.name);
  }
  const parts: Record<string, number> = {};
  const add = (key: string, value: unknown) => (parts[key] = (parts[key] ?? 0) + JSON.stringify(value).length / 4);
  for (const m of messages) {
    if (m.role === 'tool') add(`tool result ${names.get(m.tool_call_id ?? '') ?? '?'}`, m);
    else if (m.tool_calls) add('assistant tool calls', m);
    else add(String(m.role), m);
  }
  if (body.tools) add('tool schemas', body.tools);
  return Object.fromEntries(Object.entries(parts).map(([k, v]) => [k, Math.round(v)]));
}

/**
 * Token to paint: a scripted answer whose words carry sequence numbers (`ta0001 ta0002 …`, a new letter each run). The
 * model server stamps each chunk as it writes it; the probe stamps the frame after the DOM
 * showed it. Both are this machine's wall clock.
 */
let paintRuns = 0;

export async function measureTokenToPaint(panel: SidePanel, model: DemoModel, tokens: number) {
  // Words of this run only: an earlier run's answer on screen (the 200-message conversation
  // holds two) must not count as this run's paint.
  const run = String.fromCharCode(97 + (paintRuns++ % 26));
  const word = new RegExp(`t${run}\\d{4}`);
  const words = Array.from({ length: tokens }, (_, i) => `t${run}${String(i + 1).padStart(4, '0')}`);
  model.script([{ text: words.join(' ') }]);
  const turn = await measureTurn(panel, model, 'Stream a numbered test answer, please.');
  const chunks = turn.timings[0]?.chunks.filter((c) => word.test(c.text)) ?? [];
  const frame: number[] = [];
  const afterPaint: number[] = [];
  // The same path in three legs, by the background's sentAt on each chat.event.
  const legs = { serverToBackground: [] as number[], backgroundToSidebar: [] as number[], sidebarToFrame: [] as number[] };
  const deltas = turn.probe.messages.filter((m) => m.event?.type === 'text_delta');
  for (const chunk of chunks) {
    const sent = word.exec(chunk.text)![0];
    const paint = turn.probe.paints.find((p) => p.text.includes(sent));
    if (!paint) continue;
    frame.push(paint.frameAt - chunk.at);
    afterPaint.push(paint.afterPaintAt - chunk.at);
    const delta = deltas.find((m) => String(m.event?.delta).includes(sent));
    if (delta?.sentAt === undefined) continue;
    legs.serverToBackground.push(delta.sentAt - chunk.at);
    legs.backgroundToSidebar.push(delta.at - delta.sentAt);
    legs.sidebarToFrame.push(paint.frameAt - delta.at);
  }
  return { sent: chunks.length, painted: frame.length, frame, afterPaint, legs, turn };
}
