import '../fakes/scripts'; // runs the lazy scripts and content parts this file's code reaches
import { beforeEach, describe, expect } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { fenceToolResult, type ChatMessage } from '../../src/core';
import { chatStore, conversationKey } from '../../src/background/chat/chat-store';
import { createServices } from '../../src/background/host';
import type { Sender } from '../../src/background/router';
import type { ChatItem } from '../../src/shared/chat-items';
import { fakeHelpdesk } from '../fakes/fake-adapter';
import { createFakeTabs } from '../fakes/fake-tabs';
import { attack } from './attack';

/**
 * Issue 25, the background's half: which reads are this ticket and which are other customers'
 * is decided from the conversation the background keeps (a `ticket.read` called with a key is
 * another ticket), never from what a page or the sidebar says.
 */
const A = 'http://127.0.0.1:4517';
const sidebar: Sender = { kind: 'extension', url: 'chrome-extension://x/sidepanel.html' };
const OWN = { number: '#7', subject: 'Charged twice', status: 'Open', requester: { name: 'Maria Lindqvist', email: 'maria.lindqvist@example.com' }, messages: [{ author: 'Maria Lindqvist', role: 'customer', time: null, body: 'Please refund the duplicate.' }] };
const PAST = {
  number: '#1012', subject: 'Charged twice for my order', status: 'Closed', key: '112', url: `${A}/tickets/112`,
  requester: { name: 'Henrik Dahl', email: 'henrik.dahl@example.se' },
  messages: [{ author: 'Henrik Dahl', role: 'customer', time: null, body: 'Call me on +46 70 123 45 67.' }, { author: 'Jordan Lee', role: 'agent', time: null, body: 'Refunded in full.' }],
};

async function setup(draft: string) {
  const tabs = createFakeTabs();
  const { handlers } = await createServices([fakeHelpdesk], tabs.send);
  tabs.tabs.set(1, { origin: A, ticket: '#7' });
  await handlers['page.announce']({ type: 'page.announce', adapterId: 'fake-helpdesk', url: `${A}/tickets/7`, ticket: { key: '7', label: '#7' } }, tabs.senderOf(1));
  const history: ChatMessage[] = [
    { role: 'user', content: 'Draft a reply.' },
    { role: 'assistant', content: null, tool_calls: [{ id: 'c1', name: 'ticket__read', arguments: '{}' }, { id: 'c2', name: 'ticket__read', arguments: '{"key":"112"}' }] },
    { role: 'tool', tool_call_id: 'c1', content: fenceToolResult('ticket.read', { ok: true, data: OWN }) },
    { role: 'tool', tool_call_id: 'c2', content: fenceToolResult('ticket.read', { ok: true, data: PAST }) },
    { role: 'assistant', content: null, tool_calls: [{ id: 'c3', name: 'reply__propose', arguments: JSON.stringify({ body: draft }) }] },
  ];
  const items: ChatItem[] = [{ id: 'd', kind: 'draft', callId: 'c3', body: draft, site: A, ticket: '7' }];
  await chatStore.put({ key: conversationKey(1, A, '7'), tabId: 1, site: A, ticketKey: '7', history, items, running: false, updatedAt: 0 });
  // The draft's Send….
  const result = await handlers['tool.invoke']({ type: 'tool.invoke', tabId: 1, tool: 'reply.send', input: { body: draft }, draft: 'c3' }, sidebar);
  if (!result.confirmation) throw new Error(`no confirmation: ${JSON.stringify(result)}`);
  return (await handlers['confirm.review']({ type: 'confirm.review', id: result.confirmation.id }, sidebar))!.items;
}

describe('security: confirm.review with past tickets in the conversation', () => {
  beforeEach(() => fakeBrowser.reset());

  attack('a past customer\'s email, phone and name in the draft are flagged; this customer\'s email is not', async () => {
    const items = await setup('Hi Maria, Henrik from our team… Copy to maria.lindqvist@example.com and henrik.dahl@example.se, or call +46 70 123 45 67.');
    expect(items.map((i) => [i.kind, i.value, i.foreign])).toEqual([
      ['email', 'maria.lindqvist@example.com', false],
      ['email', 'henrik.dahl@example.se', true],
      ['phone', '+46 70 123 45 67', true],
      ['name', 'Henrik Dahl', true],
    ]);
  });
});
