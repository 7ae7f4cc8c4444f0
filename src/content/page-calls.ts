import { browser } from 'wxt/browser';
import type { ToolResult } from '../core';
import type { Adapter, AdapterPage, PageTicket, ReplyPayload } from '../sites/adapter';
import { deliveryPending } from '../sites/dom/delivery-marker';
import type { PageCall } from '../shared/protocol';
import { sameTicket } from '../shared/ticket';
import { fail } from '../core/results';

/**
 * What the content script does with the adapters' tools (src/content/content.ts): the background's
 * page calls, and the report of a post that reloaded the page. The tools come from the tools part
 * (`withTools`), which loads the first time one of these needs it.
 */

/** The adapter that serves the page (its detection: the tools load when first used), and the ticket it saw. */
export interface Current {
  adapter: AdapterPage;
  ticket: PageTicket | null;
}

/** The adapter of a page with its tools, from the tools part. */
export type WithTools = (page: AdapterPage) => Promise<{ adapter: Adapter | null }>;

/**
 * Once per page load: a send the previous page started, as this page finds it. Only a page
 * loaded soon after a post that reloads the page has a note of it (delivery-marker.ts): no other
 * page load loads the tools for it.
 */
export function reportDelivery(current: Current | null, withTools: WithTools): void {
  if (!current || !deliveryPending(window)) return;
  const { id } = current.adapter;
  withTools(current.adapter)
    .then(({ adapter }) => adapter?.afterLoad?.(document, location) ?? null)
    .then((report) => report && browser.runtime.sendMessage({ type: 'page.delivered', adapterId: id, report }))
    .catch(() => undefined);
}

export async function answer(call: Extract<PageCall, { type: 'page.run' | 'page.deliver' }>, current: Current | null, withTools: WithTools): Promise<ToolResult> {
  if (!current) return fail('out_of_scope', 'Deskmate does not recognise this page any more.');
  const { ticket } = current;
  try {
    // A tools part that cannot load fails the call before any tool ran: nothing was sent.
    if (call.type === 'page.deliver') {
      const { adapter } = await withTools(current.adapter);
      const impl = call.tool === 'reply.send' || call.tool === 'note.add' ? adapter?.tools[call.tool] : undefined;
      if (!impl) return fail('unknown_tool', `This page cannot ${call.tool}.`);
      return await impl.deliver(call.payload as ReplyPayload, document, location);
    }
    // Site and ticket: the same ticket id on another helpdesk is another customer.
    if (call.ticketKey !== null && !sameTicket({ site: call.site ?? location.origin, ticket: call.ticketKey }, { site: location.origin, ticket: ticket?.key ?? null })) {
      return fail('scope_changed', 'The page now shows another ticket.');
    }
    const { adapter } = await withTools(current.adapter);
    const tool = adapter?.tools[call.tool as keyof Adapter['tools']];
    if (!tool) return fail('unknown_tool', `This page cannot ${call.tool}.`);
    const result = typeof tool === 'function' ? await tool(call.input, document, location) : await tool.prepare(call.input as { body: string }, document, location);
    return result.ok && typeof tool !== 'function' ? { ok: true, requiresConfirm: true, confirmPayload: result.data } : result;
  } catch (e) {
    return fail('tool_failed', e instanceof Error ? e.message : String(e));
  }
}
