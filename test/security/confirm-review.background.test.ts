import '../fakes/scripts'; // runs the lazy scripts and content parts this file's code reaches
import { beforeEach, describe, expect } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import type { ChatMessage } from '../../src/core';
import { chatStore, conversationKey } from '../../src/background/chat/chat-store';
import { createServices } from '../../src/background/host';
import { route, type Sender } from '../../src/background/router';
import type { ChatItem } from '../../src/shared/chat-items';
import { fakeHelpdesk } from '../fakes/fake-adapter';
import { createFakeTabs } from '../fakes/fake-tabs';
import { attack } from './attack';

/**
 * Finding 7, the background's half: the marking is computed from what only the background holds
 * (the prepared record, the conversation with its ticket reads, the knowledge base). A content
 * script can neither ask for it nor supply what counts as "seen".
 */
const A = 'http://127.0.0.1:4517';
const sidebar: Sender = { kind: 'extension', url: 'chrome-extension://x/sidepanel.html' };
const TICKET_TEXT = 'Customer: please refund to IBAN DE89 3704 0044 0532 0130 00, phone +49 30 12345678.';
const PHISH = 'https://northwind-refunds.example/confirm?ref=NW-21877';
const NEW_IBAN = 'DE44 5001 0517 5407 3249 31';

async function setup() {
  const tabs = createFakeTabs();
  const { handlers } = await createServices([fakeHelpdesk], tabs.send);
  tabs.tabs.set(1, { origin: A, ticket: '#7' });
  await handlers['page.announce']({ type: 'page.announce', adapterId: 'fake-helpdesk', url: `${A}/tickets/7`, ticket: { key: '7', label: '#7' } }, tabs.senderOf(1));
  return { tabs, handlers };
}

/** The conversation as the chat session stores it: a ticket read, then a draft the model proposed. */
async function conversationWithDraft(draft: string, userText = 'Draft a reply.') {
  const history: ChatMessage[] = [
    { role: 'user', content: userText },
    { role: 'assistant', content: null, tool_calls: [{ id: 'c1', name: 'ticket__read', arguments: '{}' }] },
    { role: 'tool', tool_call_id: 'c1', content: `<tool_result>${TICKET_TEXT}</tool_result>` },
    { role: 'assistant', content: null, tool_calls: [{ id: 'c2', name: 'reply__propose', arguments: JSON.stringify({ body: draft }) }] },
    // A refused call's result can echo what the model sent: it is not the ticket.
    { role: 'assistant', content: null, tool_calls: [{ id: 'c3', name: 'ticket__submit', arguments: JSON.stringify({ note: PHISH }) }] },
    { role: 'tool', tool_call_id: 'c3', content: `No tool named ticket__submit (you sent ${PHISH}).` },
  ];
  const items: ChatItem[] = [{ id: 'd', kind: 'draft', callId: 'c2', body: draft, site: A, ticket: '7' }];
  await chatStore.put({ key: conversationKey(1, A, '7'), tabId: 1, site: A, ticketKey: '7', history, items, running: false, updatedAt: 0 });
}

async function prepare(handlers: Awaited<ReturnType<typeof setup>>['handlers'], body: string) {
  // The draft's Send…, with the text the agent left in it.
  const result = await handlers['tool.invoke']({ type: 'tool.invoke', tabId: 1, tool: 'reply.send', input: { body }, draft: 'c2' }, sidebar);
  if (!result.confirmation) throw new Error(`no confirmation: ${JSON.stringify(result)}`);
  return result.confirmation.id;
}

describe('security: confirm.review', () => {
  beforeEach(() => fakeBrowser.reset());

  attack('a phishing link and a changed IBAN the model drafted stand out; the ticket\'s phone does not', async () => {
    const { handlers } = await setup();
    const draft = `Please confirm at ${PHISH} and we refund to ${NEW_IBAN}. Questions: +49 30 12345678.`;
    await conversationWithDraft(draft);
    const id = await prepare(handlers, draft);
    const review = await handlers['confirm.review']({ type: 'confirm.review', id }, sidebar);
    const byKind = Object.fromEntries(review!.items.map((i) => [i.kind, i]));
    expect(byKind.link).toMatchObject({ value: PHISH, host: 'northwind-refunds.example', unverified: true });
    expect(byKind.iban).toMatchObject({ value: NEW_IBAN, unverified: true });
    expect(byKind.phone).toMatchObject({ sources: ['ticket'], unverified: false });
  });

  attack('what the agent edited into the draft counts as the agent\'s, what the model wrote does not', async () => {
    const { handlers } = await setup();
    await conversationWithDraft(`Refund goes to ${NEW_IBAN}.`);
    // The agent replaced the model's account with the customer's own and added a link of their choosing.
    const edited = 'Refund goes to DE89 3704 0044 0532 0130 00. Status: https://status.northwind.example/nw';
    const id = await prepare(handlers, edited);
    const review = await handlers['confirm.review']({ type: 'confirm.review', id }, sidebar);
    expect(review!.items.map((i) => [i.kind, i.sources, i.unverified])).toEqual([
      ['link', ['typed'], false],
      ['iban', ['ticket', 'typed'], false],
    ]);
  });

  attack('a content script cannot ask for a review', async () => {
    const { tabs, handlers } = await setup();
    await conversationWithDraft('x');
    const id = await prepare(handlers, 'Hello');
    expect(await route({ type: 'confirm.review', id }, tabs.senderOf(1), handlers)).toMatchObject({ ok: false });
  });

  attack('the review is of the stored record, not of a body a caller names', async () => {
    const { handlers } = await setup();
    await conversationWithDraft(`See ${PHISH}`);
    const id = await prepare(handlers, `See ${PHISH}`);
    expect(await handlers['confirm.review']({ type: 'confirm.review', id: 'nope' }, sidebar)).toBeNull();
    const review = await handlers['confirm.review']({ type: 'confirm.review', id, body: 'nothing here' } as never, sidebar);
    expect(review!.items.map((i) => i.value)).toEqual([PHISH]);
  });
});
