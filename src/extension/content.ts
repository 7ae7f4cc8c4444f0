import { browser } from 'wxt/browser';
import type { ToolResult } from '../core';
import type { Adapter, PageTicket, ReplyPayload } from '../sites/adapter';
import { trackFocus } from '../sites/focus-memory';
import { checkRecipe } from '../sites/recipe-check';
import { adapterFromRecipe } from '../sites/recipe';
import type { PageCall } from '../shared/protocol';
import { fail } from '../core/results';

const POLL_MS = 400;

/**
 * The content script: finds the adapter for this page, tells the background which ticket
 * the page shows (again whenever that changes, single-page navigation included), and runs
 * the page tools the background asks for. It declares no tools: the background has its own
 * copy of the definitions.
 */
export function startContentScript(codeAdapters: readonly Adapter[]): void {
  // "Enable on this site" injects into open tabs; a page must not get two scripts.
  const marker = globalThis as { __deskmateContent?: boolean };
  if (marker.__deskmateContent) return;
  marker.__deskmateContent = true;
  let announced: string | undefined;
  let current: { adapter: Adapter; ticket: PageTicket | null } | null = null;
  // The site's recipe, from the background only (never from the page), goes before the code adapters.
  let adapters = codeAdapters;
  const loadRecipe = async () => {
    const recipe = await ownRecipe();
    adapters = recipe ? [adapterFromRecipe(recipe), ...codeAdapters] : codeAdapters;
  };

  const look = (force = false) => {
    const url = new URL(location.href);
    const adapter = adapters.find((a) => safe(() => a.detect(url, document), false)) ?? null;
    const ticket = adapter ? safe(() => adapter.ticket(url, document), null) : null;
    current = adapter ? { adapter, ticket } : null;
    const key = adapter ? `${adapter.id} ${ticket?.key ?? ''} ${url.href}` : '';
    if (!adapter || (!force && key === announced)) return;
    announced = key;
    browser.runtime.sendMessage({ type: 'page.announce', adapterId: adapter.id, url: url.href, ticket }).catch(() => {
      announced = undefined; // the worker was waking up; try again at the next look
    });
  };

  browser.runtime.onMessage.addListener((message: unknown) => {
    const call = message as PageCall;
    if (call?.type === 'page.announce-again') {
      look(true);
      return undefined;
    }
    if (call?.type === 'page.recipe-changed') {
      void loadRecipe().then(() => look(true));
      return undefined;
    }
    if (call?.type !== 'page.run' && call?.type !== 'page.deliver') return undefined;
    look();
    return answer(call, current);
  });

  // Insert goes where the agent last clicked or typed.
  trackFocus(document);
  void loadRecipe().finally(() => {
    look();
    reportDelivery(current);
  });
  // pushState is invisible to content scripts; a light poll and DOM changes catch ticket switches.
  setInterval(() => look(), POLL_MS);
  new MutationObserver(() => look()).observe(document.documentElement, { childList: true, subtree: true });
  addEventListener('popstate', () => look());
}

/** This site's recipe as the background keeps it, checked again here, or null. */
async function ownRecipe() {
  try {
    const answer = (await browser.runtime.sendMessage({ type: 'recipe.get' })) as { ok: boolean; value?: unknown };
    if (!answer?.ok || !answer.value) return null;
    const check = checkRecipe(answer.value, (selector) => safe(() => (document.createDocumentFragment().querySelector(selector), true), false));
    return check.ok && check.recipe.site === location.origin ? check.recipe : null;
  } catch {
    return null;
  }
}

/** Once per page load: a send the previous page started, as this page finds it. */
function reportDelivery(current: { adapter: Adapter } | null): void {
  const after = current?.adapter.afterLoad;
  if (!after) return;
  after(document, location)
    .then((report) => report && browser.runtime.sendMessage({ type: 'page.delivered', adapterId: current.adapter.id, report }))
    .catch(() => undefined);
}

async function answer(
  call: Extract<PageCall, { type: 'page.run' | 'page.deliver' }>,
  current: { adapter: Adapter; ticket: PageTicket | null } | null,
): Promise<ToolResult> {
  if (!current) return fail('out_of_scope', 'Deskmate does not recognise this page any more.');
  const { adapter, ticket } = current;
  try {
    if (call.type === 'page.deliver') {
      const impl = call.tool === 'reply.send' || call.tool === 'note.add' ? adapter.tools[call.tool] : undefined;
      if (!impl) return fail('unknown_tool', `This page cannot ${call.tool}.`);
      return await impl.deliver(call.payload as ReplyPayload, document, location);
    }
    if (call.ticketKey !== null && call.ticketKey !== (ticket?.key ?? null)) {
      return fail('scope_changed', 'The page now shows another ticket.');
    }
    const tool = adapter.tools[call.tool as keyof Adapter['tools']];
    if (!tool) return fail('unknown_tool', `This page cannot ${call.tool}.`);
    const result = typeof tool === 'function' ? await tool(call.input, document, location) : await tool.prepare(call.input as { body: string }, document, location);
    return result.ok && typeof tool !== 'function' ? { ok: true, requiresConfirm: true, confirmPayload: result.data } : result;
  } catch (e) {
    return fail('tool_failed', e instanceof Error ? e.message : String(e));
  }
}

function safe<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    return fallback;
  }
}
