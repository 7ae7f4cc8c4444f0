import { browser } from 'wxt/browser';
import {
  contextMessage,
  createContextModel,
  refusesTools,
  runAgentTurn,
  systemPrompt,
  withInstructions,
  type AgentEvent,
  type AgentTurnOptions,
  type AgentTurnResult,
  type ChatMessage,
  type ChatModel,
  type ContextRead,
} from '../../core';
import { instructionsStore } from './instructions-store';
import { maskedModel } from '../model/masking';
import { masksPersonalData, type ModelSettings } from '../model/model-settings';
import type { PageCtx } from '../pages/page-tool-proxy';
import type { Services } from '../services';

/** Told to the agent when the model refused to be offered tools (the turn goes on in context mode). */
export const NO_TOOLS_NOTICE =
  'This model does not support tools. Deskmate reads the ticket and searches the knowledge base itself, and asks the model without tools; use "Use as draft" on its answer.';

export interface ChatTurnInput {
  services: Services;
  settings: ModelSettings;
  model: ChatModel;
  ctx: PageCtx;
  history: readonly ChatMessage[];
  userText?: string;
  signal: AbortSignal;
  onEvent(event: AgentEvent): void;
  /** The model refuses tools: ask it in context mode (and from now on). */
  onToolsRefused(): void;
  /** Known already to refuse tools. */
  withoutTools: boolean;
  /** Sees each request body as sent to the model (after masking) and what came back. */
  onWire?: AgentTurnOptions['onWire'];
}

const NOTHING_READ: ContextRead[] = [];

/**
 * The agent's language: the locale of the messages the sidebar shows (Chrome picks it from the
 * browser's UI language), else the UI language itself when Deskmate has no messages in it.
 * Headless Chromium 156 started with --lang=zh-CN shows the zh_CN messages while
 * getUILanguage() still says en-US, so the messages' locale comes first.
 */
function agentLanguage(): string | undefined {
  try {
    const shown = browser.i18n.getMessage('lang_tag');
    return shown && shown !== 'en' ? shown : browser.i18n.getUILanguage() || shown || undefined;
  } catch {
    // A host without i18n: the prompt just says "the agent's language".
    return undefined;
  }
}

/** Whether this tab's site offers the helpdesk's search of past tickets. */
const offersPastTickets = (services: Services, ctx: PageCtx): boolean =>
  !!ctx.scope && (services.registry.get('tickets.search')?.scopes?.includes(ctx.scope) ?? false);

/** What a model without tools gets up front: the ticket, and a knowledge-base search on its subject. */
async function readUpFront(services: Services, ctx: PageCtx): Promise<ContextRead[]> {
  const invoke = (tool: string, input: object) =>
    services.registry.get(tool) ? services.registry.invoke(tool, input, { ...ctx, autonomous: true }).catch(() => null) : Promise.resolve(null);
  const ticket = ctx.scope ? await invoke('ticket.read', {}) : null;
  if (!ticket) return NOTHING_READ;
  const subject = ticket.ok ? (ticket.data as { subject?: unknown } | undefined)?.subject : undefined;
  const kb = typeof subject === 'string' && subject.trim() ? await invoke('kb.search', { query: subject.slice(0, 200) }) : null;
  return [{ tool: 'ticket.read', result: ticket }, ...(kb ? [{ tool: 'kb.search', result: kb }] : [])];
}

/**
 * One chat turn as the product runs it: personal data masked when the settings say so, and
 * for a model that refuses tools, context mode (Deskmate reads up front, asks without tools).
 * A refusal met for the first time is not shown as an error: the turn is asked again at once.
 */
export async function runChatTurn(input: ChatTurnInput): Promise<AgentTurnResult> {
  const masked = masksPersonalData(input.settings);
  // A server still connecting (after a start of the worker) or down a while is given its chance
  // first, so the turn is offered the tools people accepted.
  const [instructions] = await Promise.all([instructionsStore.forTicket(input.ctx.scope ?? null, input.ctx.ticketKey ?? null), input.services.mcp?.ready()]);
  const attempt = async (withoutTools: boolean, onEvent: (e: AgentEvent) => void) => {
    let model = masked ? await maskedModel(input.model, input.services, input.ctx) : input.model;
    if (withoutTools) model = createContextModel(model, contextMessage(await readUpFront(input.services, input.ctx)));
    const site = input.ctx.scope ? { site: input.ctx.scope } : {};
    return runAgentTurn({
      model,
      registry: input.services.registry,
      ctx: { scope: input.ctx.scope ?? null, tabId: input.ctx.tabId, flags: input.ctx.flags ?? {}, ticketKey: input.ctx.ticketKey } as PageCtx,
      history: input.history,
      ...(input.userText !== undefined ? { userText: input.userText } : {}),
      system: withInstructions(systemPrompt({ ...site, pastTickets: offersPastTickets(input.services, input.ctx), today: new Date().toISOString().slice(0, 10), masked, withoutTools, agentLanguage: agentLanguage() }), instructions),
      signal: input.signal,
      onEvent,
      ...(input.onWire ? { onWire: input.onWire } : {}),
    });
  };
  if (input.withoutTools) return attempt(true, input.onEvent);

  // Held back until it is clear whether the model refused the tools.
  const held: AgentEvent[] = [];
  const first = await attempt(false, (event) => {
    if (held.length || (event.type === 'error' && refusesTools(event))) held.push(event);
    else input.onEvent(event);
  });
  if (first.outcome !== 'error' || !refusesTools(first.error) || input.signal.aborted) {
    held.forEach(input.onEvent);
    return first;
  }
  input.onToolsRefused();
  return attempt(true, input.onEvent);
}
