import { describe, expect, it } from 'vitest';
import { TOOLS, useDemoModel } from './demo-model-client';

const TICKET = {
  number: '#1041',
  subject: 'Charged twice for order NW-20931 — please refund the duplicate',
  status: 'open',
  requester: { name: 'Maria Lindqvist', email: 'maria@example.com' },
  messages: [{ author: 'Maria Lindqvist', role: 'customer', time: null, body: 'Hello,\nMy card shows two charges for order NW-20931.\nCould you please refund the second charge?\nKind regards,\nMaria' }],
};
const PAST = {
  number: '#1012',
  subject: 'Charged twice for my order NW-19204',
  status: 'closed',
  requester: { name: 'Henrik Dahl', email: 'henrik.dahl@example.se' },
  key: '112',
  url: 'http://127.0.0.1:4517/tickets/112',
  messages: [
    { author: 'Henrik Dahl', role: 'customer', time: null, body: 'Two payments of €389.00 for the same order. Please refund one.\nHenrik Dahl\nTel. +46 70 123 45 67' },
    {
      author: 'Jordan Lee', role: 'agent', time: null,
      body: 'Hi Henrik,\n\nThank you for flagging this, and sorry for the worry. I checked with our payment provider: the second charge came from a double click on the checkout button, so only one order was placed. I have refunded the duplicate payment in full today.\n\nRefunds reach your card within 3 to 5 business days. Henrik, your refund of €389.00 went to the card ending 4417.\n\nBest regards,\nJordan Lee\nNorthwind Supply Support',
    },
  ],
};
const SEARCH = {
  query: 'charged twice refund duplicate',
  results: [
    { key: '1', number: '#1041', subject: TICKET.subject, status: 'Open', requester: 'Maria Lindqvist', updated: null },
    { key: '112', number: '#1012', subject: PAST.subject, status: 'Closed', requester: 'Henrik Dahl', updated: null },
    { key: '129', number: '#1029', subject: 'Double payment on order NW-20417', status: 'Closed', requester: 'Chloé Martin', updated: null },
    { key: '130', number: '#1030', subject: 'Gift card balance', status: 'Closed', requester: 'Noah Wilson', updated: null },
  ],
  more: false,
  skipped: 0,
};
const WITH_SEARCH = [...TOOLS, { type: 'function', function: { name: 'tickets__search', description: 'search', parameters: { type: 'object', properties: {} } } }];

const demo = useDemoModel();

const answer = (name: string, args: Record<string, unknown>) => {
  if (name === 'tickets__search') return { ok: true, data: SEARCH };
  if (name === 'ticket__read' && args.key === '112') return { ok: true, data: PAST };
  if (name === 'ticket__read' && args.key !== undefined) return { ok: false, code: 'no_ticket', error: 'No such ticket.' };
  return undefined;
};

describe('demo model: past tickets of the same helpdesk', () => {
  it('drafts from the ticket and the knowledge base alone when told to (noPastTickets), though the search is offered', async () => {
    demo.model.behave({ noPastTickets: true });
    const { calls, args } = await demo.draftConversation(TICKET, [{ id: 'kb#1', title: 'Duplicate charges', body: 'Refunds go back to the original card.', score: 3 }], WITH_SEARCH, answer);
    expect(calls.map((c) => c.name)).toEqual(['ticket__read', 'kb__search', 'reply__propose']);
    expect(args[2].sources).toEqual(['kb#1']);
  });

  it('searches with words of the subject only, reads the two closest closed tickets, and follows the team\'s answer', async () => {
    const { calls, args, last } = await demo.draftConversation(TICKET, [{ id: 'kb#1', title: 'Duplicate charges', body: 'Refunds go back to the original card.', score: 3 }], WITH_SEARCH, answer);
    expect(calls.map((c) => c.name)).toEqual(['ticket__read', 'kb__search', 'tickets__search', 'ticket__read', 'ticket__read', 'reply__propose']);
    // No order number, no name: the helpdesk logs what is searched.
    expect(args[2].query).toBe('charged twice refund duplicate');
    expect(args[2].query).not.toMatch(/\d|maria/i);
    // The open ticket is not read again; the gift card is beyond the two closest.
    expect(args.slice(3, 5)).toEqual([{ key: '112' }, { key: '129' }]);
    const draft = args[5];
    expect(draft.body).toMatch(/^Hi Maria,/);
    expect(draft.body).toContain('the second charge came from a double click on the checkout button, so only one order was placed.');
    expect(draft.body).toContain('Refunds reach your card within 3 to 5 business days.');
    // Nothing of the other customer: name, amount, card, phone.
    expect(draft.body).not.toMatch(/Henrik|389|4417|\+46/);
    expect(draft.sources).toEqual(['kb#1', 'ticket:112']);
    expect(last.text).toMatch(/past ticket 112/);
  });

  it('drafts from the knowledge base alone when the search finds no closed ticket', async () => {
    const none = (name: string, args: Record<string, unknown>) =>
      name === 'tickets__search' ? { ok: true, data: { ...SEARCH, results: SEARCH.results.slice(0, 1) } } : answer(name, args);
    const { calls, args } = await demo.draftConversation(TICKET, [], WITH_SEARCH, none);
    expect(calls.map((c) => c.name)).toEqual(['ticket__read', 'kb__search', 'tickets__search', 'reply__propose']);
    expect(args[3].sources).toEqual([]);
  });

  it('does not search where the helpdesk offers no search', async () => {
    const { calls } = await demo.draftConversation(TICKET, [], TOOLS, answer);
    expect(calls.map((c) => c.name)).toEqual(['ticket__read', 'kb__search', 'reply__propose']);
  });
});
