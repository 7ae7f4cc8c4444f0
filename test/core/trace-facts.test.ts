import { describe, expect, it } from 'vitest';
import { MAX_RAW_CHARS, rawResult, traceFacts } from '../../src/core';

const ticket = { number: '#957908', subject: 'Refund', status: 'Open', requester: { name: 'Ann', email: 'ann@example.com' }, messages: [{}, {}, {}, {}] };

describe('trace facts', () => {
  it('takes a ticket’s number and message count from a ticket read', () => {
    expect(traceFacts({}, { ok: true, data: ticket })).toEqual({ ticket: '#957908', messages: 4 });
    // A helpdesk's events between the posts (osTicket's "Created by", "assigned"; FreeScout's line
    // items) are not messages: the count is the thread's, as the helpdesk shows it.
    const events = { ...ticket, messages: [{ role: 'customer' }, { role: 'system' }, { role: 'agent' }, { role: 'system' }, { role: 'internal' }] };
    expect(traceFacts({}, { ok: true, data: events })).toEqual({ ticket: '#957908', messages: 3 });
  });

  it('takes the query, the number of hits and their titles from a search', () => {
    const hits = [{ id: 'a', title: 'Refund policy', body: '…', score: 3 }, { id: 'b', title: 'Returns', body: '…', score: 1 }];
    expect(traceFacts({ query: 'refund' }, { ok: true, data: { hits } })).toEqual({ query: 'refund', found: 2, titles: ['Refund policy', 'Returns'] });
    expect(traceFacts({ query: 'nothing' }, { ok: true, data: { hits: [] } })).toEqual({ query: 'nothing', found: 0, titles: [] });
  });

  it('takes a page’s title and its text’s length', () => {
    expect(traceFacts({}, { ok: true, data: { title: 'Status', byline: null, url: 'x', text: 'abcde', truncated: false } })).toEqual({ title: 'Status', chars: 5 });
  });

  it('still finds the ticket’s number in a result cut for the model', () => {
    expect(traceFacts({}, { ok: true, data: '{"number":"#12","messages":[{"body":"xxx…[truncated' })).toEqual({ ticket: '#12' });
  });

  it('says nothing of a failure but what was asked', () => {
    expect(traceFacts({ query: 'q' }, { ok: false, code: 'tool_failed', error: 'no' })).toEqual({ query: 'q' });
  });

  it('keeps the data as indented JSON, cut with the length left out said', () => {
    expect(rawResult({ ok: true, data: { proposed: true } })).toBe('{\n  "proposed": true\n}');
    expect(rawResult({ ok: false, code: 'page_error', error: 'gone' })).toContain('"error": "gone"');
    const long = rawResult({ ok: true, data: 'x'.repeat(MAX_RAW_CHARS + 10) });
    expect(long.endsWith('… (10 more characters)')).toBe(true);
  });
});
