import { browser } from 'wxt/browser';
import type { InvokeCtx, Tool, ToolResult } from '../../core';
import { MAX_PAST_REQUESTS_PER_TURN, type PageToolSpec } from '../../shared/page-tools';
import type { PageCall } from '../../shared/protocol';
import { checkPageResult } from './page-results';
import type { ReplyPayload } from '../../shared/ticket';
import type { TabPages } from './tab-pages';
import { fail } from '../../core/results';

/** The context the background invokes page tools in. */
export interface PageCtx extends InvokeCtx {
  tabId?: number;
  /** The ticket the tab showed when the call was made. */
  ticketKey?: string | null;
  /** The adapter serving the tab, and the page's address, when the call was made. */
  adapterId?: string;
  ticketUrl?: string;
}

export type SendToTab = (tabId: number, call: PageCall) => Promise<unknown>;

export const sendToTab: SendToTab = (tabId, call) => browser.tabs.sendMessage(tabId, call, { frameId: 0 });

/**
 * A page tool in the background: its definition comes from the extension's own catalogue,
 * and its calls go to the tab named in the context, so two tabs of one site share tool
 * names without colliding. What the page answers is checked like any untrusted input.
 */
export function createPageToolProxy(
  spec: PageToolSpec,
  scopes: readonly string[],
  pages: TabPages,
  implementsTool: (adapterId: string, tool: string) => boolean,
  send: SendToTab = sendToTab,
): Tool {
  const target = (ctx: PageCtx): { tabId: number; origin: string } | ToolResult => {
    const page = ctx.tabId === undefined ? undefined : pages.get(ctx.tabId);
    if (!page || !implementsTool(page.adapterId, spec.name)) {
      return fail('out_of_scope', `This tab does not offer ${spec.name}.`);
    }
    if (page.origin !== ctx.scope) {
      return fail('out_of_scope', `${spec.name} was asked for another site.`);
    }
    return { tabId: page.tabId, origin: page.origin };
  };

  const call = async (tabId: number, message: PageCall, reached = false): Promise<unknown> => {
    try {
      return await send(tabId, message);
    } catch (e) {
      // No receiver: the message never reached a page, so nothing happened there. Any other
      // failure means the page went away while it worked (a helpdesk that reloads after a
      // post): for a write or a send, what it did is not known. Firefox 153 says "Receiving end
      // does not exist" also when the page unloads mid-call, so a page that answered a ping
      // just before was reached.
      const unreached = !reached && /receiving end does not exist|could not establish connection/i.test(String((e as Error)?.message ?? e));
      if (unreached || spec.sideEffect === 'read') {
        return fail('tab_gone', 'The page is gone or was reloaded. Open the ticket again and retry.');
      }
      return fail('outcome_unknown', 'The page reloaded while it was posting; whether it went through is not known yet. Check the ticket.');
    }
  };

  const tool: Tool = {
    name: spec.name,
    domain: spec.name.split('.')[0]!,
    title: spec.title,
    description: spec.description,
    sideEffect: spec.sideEffect,
    inputSchema: spec.inputSchema,
    scopes,
    ...(spec.featureFlag ? { featureFlag: spec.featureFlag } : {}),
    ...(spec.timeoutMs ? { timeoutMs: spec.timeoutMs } : {}),
    async run(input, _signal, ctx: PageCtx) {
      const to = target(ctx);
      if ('ok' in to) return to;
      const over = overPastBudget(spec.name, input, ctx);
      if (over) return over;
      const answer = await call(to.tabId, { type: 'page.run', tool: spec.name, input, ticketKey: ctx.ticketKey ?? null, site: ctx.scope ?? null });
      const result = checkPageResult(spec, answer, to.origin, 'run', input);
      // A reply page the helpdesk will not show in a frame: Send… opens it in the tab (the card
      // follows the ticket there), and Confirm posts on it. Its address was checked to be this site's.
      const from = result.ok ? (result.confirmPayload as ReplyPayload | undefined)?.from : undefined;
      if (from !== undefined && pages.get(to.tabId)?.url !== new URL(from, to.origin).href) {
        await browser.tabs.update(to.tabId, { url: new URL(from, to.origin).href }).catch(() => undefined);
      }
      return result;
    },
  };
  if (spec.sideEffect === 'send') {
    tool.deliver = async (payload, ctx: PageCtx) => {
      const to = target(ctx);
      if ('ok' in to) return to;
      const alive = await call(to.tabId, { type: 'page.ping' });
      if (!isAnswer(alive)) return fail('tab_gone', 'The page is gone or was reloaded. Open the ticket again and retry.');
      const answer = await call(to.tabId, { type: 'page.deliver', tool: spec.name, payload }, true);
      return checkPageResult(spec, answer, to.origin, 'deliver');
    };
  }
  return tool;
}

/**
 * Requests to the helpdesk for other tickets than the tab's (a search, a past ticket read), per
 * turn: the turn's AbortSignal is its identity (the loop makes one per turn), so a model that
 * loops on searches is stopped at MAX_PAST_REQUESTS_PER_TURN, however many steps it takes.
 */
const pastRequests = new WeakMap<AbortSignal, number>();

export function overPastBudget(tool: string, input: unknown, ctx: InvokeCtx): ToolResult | null {
  const asksHelpdesk = tool === 'tickets.search' || (tool === 'ticket.read' && (input as { key?: unknown } | null)?.key !== undefined);
  if (!asksHelpdesk || !ctx.signal) return null;
  const made = pastRequests.get(ctx.signal) ?? 0;
  if (made >= MAX_PAST_REQUESTS_PER_TURN) {
    return fail('too_many_calls', `Deskmate asks the helpdesk for other tickets at most ${MAX_PAST_REQUESTS_PER_TURN} times per turn; answer with what you have read.`);
  }
  pastRequests.set(ctx.signal, made + 1);
  return null;
}

/** A ping's answer: the page's content script is there and listening. */
const isAnswer = (value: unknown): boolean => (value as { ok?: unknown } | null)?.ok === true;
