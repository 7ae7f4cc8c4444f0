import { describe, expect, it } from 'vitest';
import { fenceToolResult, type ChatMessage, type ChatModel, type ModelEvent, type ModelRequest } from '../../../src/core';
import { numberChecks } from '../../fakes/phone-metadata';
import { createMaskingModel } from '../../../src/core/pii';

/** Issue 25: a past ticket's people are masked as the open ticket's are, each with a placeholder of their own. */
const PAST = {
  number: '#1012', subject: 'Charged twice', status: 'Closed', key: '112', url: 'http://127.0.0.1:4517/tickets/112',
  requester: { name: 'Henrik Dahl', email: 'henrik.dahl@example.se' },
  messages: [
    { author: 'Henrik Dahl', role: 'customer', time: null, body: 'Two payments. Henrik Dahl, Tel. +46 70 123 45 67, 12 Harbour Street' },
    { author: 'Jordan Lee', role: 'agent', time: null, body: 'Hi Henrik, refunded in full.' },
  ],
};

async function sentOf(messages: ChatMessage[]): Promise<string> {
  const requests: ModelRequest[] = [];
  const model: ChatModel = {
    async *stream(request): AsyncIterable<ModelEvent> {
      requests.push(request);
      yield { type: 'finish', reason: 'stop' };
    },
  };
  const masking = createMaskingModel(model, { checks: numberChecks, people: [{ name: 'Maria Lindqvist', role: 'CUSTOMER' }] });
  for await (const _ of masking.stream({ messages, tools: [], signal: new AbortController().signal }));
  return JSON.stringify(requests[0]!.messages);
}

describe('masking: past tickets read by key', () => {
  it('masks the other customer\'s name, email, phone and address, and the agent who answered', async () => {
    const sent = await sentOf([
      { role: 'user', content: 'Draft a reply for Maria Lindqvist.' },
      { role: 'assistant', content: null, tool_calls: [{ id: 'c1', name: 'ticket__read', arguments: '{"key":"112"}' }] },
      { role: 'tool', tool_call_id: 'c1', content: fenceToolResult('ticket.read', { ok: true, data: PAST }) },
    ]);
    for (const value of ['Henrik', 'Dahl', 'henrik.dahl@example.se', '+46 70 123 45 67', '12 Harbour Street', 'Jordan', 'Maria']) expect(sent).not.toContain(value);
    expect(sent).toContain('[CUSTOMER_2]');
    expect(sent).toContain('[CUSTOMER_2_FIRST], refunded in full.');
    expect(sent).toContain('[CUSTOMER_1]');
  });
});
