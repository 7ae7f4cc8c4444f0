import { describe, expect, it } from 'vitest';
import { fenceToolResult, type ChatMessage } from '../../../src/core';
import { parseFenced, peopleInMessages, peopleOfTicket } from '../../../src/core/pii/people';

const ticket = {
  requester: { name: '  Dana Lee ' },
  messages: [
    { author: 'Dana Lee', role: 'customer', body: 'Hi' },
    { author: 'Sam Rivera', role: 'agent', body: 'Hello' },
    { author: 'Omar Haddad', role: 'customer', body: 'Me too' },
    { author: 'Sam Rivera', role: 'internal', body: 'note' },
    { author: '   ', role: 'agent', body: 'no name' },
    { author: 42, role: 'agent', body: 'a number' },
  ],
};
const read = (data: unknown) => fenceToolResult('ticket.read', { ok: true, data });

describe('the people a ticket names', () => {
  it('are the requester first, then each author once: customers as CUSTOMER, anyone else as PERSON', () => {
    expect(peopleOfTicket(ticket)).toEqual([
      { name: 'Dana Lee', role: 'CUSTOMER' },
      { name: 'Sam Rivera', role: 'PERSON' },
      { name: 'Omar Haddad', role: 'CUSTOMER' },
    ]);
  });

  it('are read from the messages when no requester is shown, and are none in what is not a ticket', () => {
    expect(peopleOfTicket({ messages: [{ author: 'Sam Rivera', role: 'agent' }] })).toEqual([{ name: 'Sam Rivera', role: 'PERSON' }]);
    expect(peopleOfTicket({ requester: { name: 7 }, messages: 'none' })).toEqual([]);
    for (const data of [null, undefined, 'Dana Lee', 5]) expect(peopleOfTicket(data)).toEqual([]);
  });
});

describe('the people of a conversation', () => {
  it('come from ticket.read results and from reads handed over in the agent\'s turn', () => {
    const messages: ChatMessage[] = [
      { role: 'user', content: `Context:\n${read({ requester: { name: 'Ann Lee' } })}\nPlease draft a reply.` },
      { role: 'assistant', content: null, tool_calls: [{ id: 'c1', name: 'ticket__read', arguments: '{}' }] },
      { role: 'tool', tool_call_id: 'c1', content: read(ticket) },
    ];
    expect(peopleInMessages(messages).map((p) => p.name)).toEqual(['Ann Lee', 'Dana Lee', 'Sam Rivera', 'Omar Haddad']);
  });

  it('do not come from other tools, failed reads, or what the model or the instructions wrote', () => {
    const named = { requester: { name: 'Eve Example' } };
    const messages: ChatMessage[] = [
      { role: 'system', content: read(named) },
      { role: 'assistant', content: read(named) },
      { role: 'tool', tool_call_id: 'c1', content: fenceToolResult('kb.search', { ok: true, data: named }) },
      { role: 'tool', tool_call_id: 'c2', content: fenceToolResult('ticket.read', { ok: false, code: 'no_ticket', error: 'none', data: named }) },
      { role: 'tool', tool_call_id: 'c3', content: fenceToolResult('ticket.read', null) },
      { role: 'tool', tool_call_id: 'c4', content: 'not fenced at all' },
    ];
    expect(peopleInMessages(messages)).toEqual([]);
  });
});

describe('a fenced tool result', () => {
  it('is taken apart only when it is the whole text', () => {
    const fence = read({ requester: { name: 'Ann Lee' } });
    expect(parseFenced(fence)).toEqual({ tool: 'ticket.read', value: { ok: true, data: { requester: { name: 'Ann Lee' } } } });
    expect(parseFenced(`note ${fence}`)).toBeNull();
    expect(parseFenced(`${fence} note`)).toBeNull();
    expect(parseFenced(fence.replace('{"ok"', '{ok'))).toBeNull();
  });
});
