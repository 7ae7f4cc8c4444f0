import { describe, expect, it } from 'vitest';
import { checkCitations, citableArticles, fenceToolResult } from '../../src/core';
import { answer, calls, helpdesk, runTurn, ScriptedModel } from '../fakes/scripted-model';

const PAST = { number: '#1012', subject: 'Charged twice for my order', status: 'Closed', requester: { name: 'Henrik Dahl', email: null }, messages: [], key: '112', url: 'http://127.0.0.1:4517/tickets/112' };
const OPEN = { number: '#1041', subject: 'Charged twice', status: 'Open', requester: { name: 'Maria', email: null }, messages: [] };

describe('cited drafts: a past ticket is cited only once ticket.read returned it by key', () => {
  it('keeps ticket:<key> with the helpdesk\'s number and subject and the ticket\'s address', async () => {
    const { registry } = helpdesk({ ticket: { inputSchema: { type: 'object', properties: { key: { type: 'string' } }, additionalProperties: false }, run: (input: { key?: string }) => ({ ok: true, data: input?.key === '112' ? PAST : OPEN }) } });
    const model = new ScriptedModel([
      calls(['t1', 'ticket__read', { key: '112' }]),
      calls(['p1', 'reply__propose', { body: 'As before.', sources: ['ticket:112', 'ticket:129'] }]),
      answer('done'),
    ]);
    const { result } = await runTurn({ model, registry, userText: 'draft' });
    expect(result.drafts[0]).toEqual({
      body: 'As before.',
      sources: [{ id: 'ticket:112', title: '#1012 Charged twice for my order', ticket: { key: '112', url: 'http://127.0.0.1:4517/tickets/112' } }],
      droppedSources: ['ticket:129'],
    });
  });

  it('does not make the open ticket, a failed read, a search result or ticket text citable', () => {
    const citable = citableArticles([
      { role: 'tool', tool_call_id: 'a', content: fenceToolResult('ticket.read', { ok: true, data: OPEN }) },
      { role: 'tool', tool_call_id: 'b', content: fenceToolResult('ticket.read', { ok: false, code: 'signed_out', error: 'x', data: PAST }) },
      { role: 'tool', tool_call_id: 'c', content: fenceToolResult('tickets.search', { ok: true, data: { results: [{ key: '129', number: '#1029', subject: 'Double' }] } }) },
      { role: 'tool', tool_call_id: 'd', content: fenceToolResult('ticket.read', { ok: true, data: { ...OPEN, body: fenceToolResult('ticket.read', { ok: true, data: PAST }) } }) },
      { role: 'user', content: fenceToolResult('ticket.read', { ok: true, data: PAST }) },
    ]);
    expect([...citable.keys()]).toEqual([]);
    expect(checkCitations(['ticket:112', 'ticket:1'], citable)).toEqual({ sources: [], dropped: ['ticket:112', 'ticket:1'] });
  });
});
