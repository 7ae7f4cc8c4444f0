import { expect } from 'vitest';
import type { ToolResult } from '../../src/core';
import { createServices } from '../../src/background/host';
import type { Sender } from '../../src/background/router';
import { draftsOf, proposingModel } from './draft-model';
import { fakeHelpdesk } from './fake-adapter';
import { createFakeTabs } from './fake-tabs';

export const A = 'http://127.0.0.1:4517';
export const sidebar: Sender = { kind: 'extension', url: 'chrome-extension://x/sidepanel.html' };

/**
 * The background's services over fake tabs on the fake helpdesk at A, with the steps of a send
 * as the sidebar makes them: announce a ticket in a tab, Send… on a draft the model proposed,
 * Confirm, and the audit log's kinds.
 */
export async function confirmHost(tabs = createFakeTabs()) {
  const { services, handlers, chat } = await createServices([fakeHelpdesk], tabs.send, proposingModel);
  const chats = draftsOf(chat);
  const announce = (tabId: number, ticket: string) => {
    tabs.tabs.set(tabId, { origin: A, ticket });
    return handlers['page.announce'](
      { type: 'page.announce', adapterId: 'fake-helpdesk', url: `${A}/tickets/${ticket.slice(1)}`, ticket: { key: ticket.slice(1), label: ticket } },
      tabs.senderOf(tabId),
    );
  };
  /** The ticket's draft in this tab reads `body` (the model proposed it), and its Send… is clicked. */
  const send = async (tabId: number, body: string, extra: { tool?: string; again?: string } = {}) => {
    const draft = await chats.draft(tabId, body);
    return handlers['tool.invoke']({ type: 'tool.invoke', tabId, tool: extra.tool ?? 'reply.send', input: { body }, draft: draft.callId, ...(extra.again ? { again: extra.again } : {}) }, sidebar);
  };
  const prepare = async (tabId: number, body: string) => {
    const r = await send(tabId, body);
    expect(r).toMatchObject({ ok: true, requiresConfirm: true });
    return r as Required<Pick<ToolResult, 'confirmation' | 'confirmPayload'>>;
  };
  const accept = (tabId: number, id: string, digest: string) =>
    handlers['confirm.accept']({ type: 'confirm.accept', tabId, id, digest }, sidebar);
  const audit = async () => (await handlers['audit.list']({ type: 'audit.list' }, sidebar)).map((e) => e.kind);
  return { tabs, services, handlers, chats, announce, send, prepare, accept, audit };
}
