import { describe, expect, it } from 'vitest';
import { fenceToolResult, type ChatMessage, type ChatModel, type ModelEvent, type ModelRequest } from '../../../src/core';
import { numberChecks } from '../../fakes/phone-metadata';
import { createMaskingModel } from '../../../src/core/pii';
import { PLACEHOLDER_HELP, systemPrompt } from '../../../src/core/system-prompt';

/** A model that records each request it gets and answers "ok". */
function recordingModel() {
  const requests: ModelRequest[] = [];
  const model: ChatModel = {
    async *stream(request): AsyncIterable<ModelEvent> {
      requests.push(request);
      yield { type: 'text', delta: 'ok' };
      yield { type: 'finish', reason: 'stop' };
    },
  };
  return { model, requests };
}

async function sentOf(messages: ChatMessage[]): Promise<readonly ChatMessage[]> {
  const inner = recordingModel();
  const masking = createMaskingModel(inner.model, { checks: numberChecks, people: [{ name: 'Ann "The Boss" Lee', role: 'CUSTOMER' }] });
  for await (const _ of masking.stream({ messages, tools: [], signal: new AbortController().signal }));
  return inner.requests[0]!.messages;
}

describe('what the model is sent', () => {
  it('is every message, each masked: instructions, the agent, the model\'s own words and calls, tool results', async () => {
    const sent = await sentOf([
      { role: 'system', content: 'The customer is Ann "The Boss" Lee.' },
      { role: 'user', content: 'Write to ann@example.com' },
      { role: 'assistant', content: 'Reading Lee\'s ticket.', tool_calls: [{ id: 'c1', name: 'ticket__read', arguments: '{"about":"ann@example.com"}' }] },
      { role: 'assistant', content: null, tool_calls: [{ id: 'c2', name: 'kb__search', arguments: 'Lee refund' }] },
      { role: 'tool', tool_call_id: 'c1', content: fenceToolResult('ticket.read', { ok: true, data: { email: 'ann@example.com' } }) },
    ]);
    expect(sent).toEqual([
      { role: 'system', content: 'The customer is [CUSTOMER_1].' },
      { role: 'user', content: 'Write to [EMAIL_1]' },
      { role: 'assistant', content: 'Reading [CUSTOMER_1_LAST]\'s ticket.', tool_calls: [{ id: 'c1', name: 'ticket__read', arguments: '{"about":"[EMAIL_1]"}' }] },
      { role: 'assistant', content: null, tool_calls: [{ id: 'c2', name: 'kb__search', arguments: '[CUSTOMER_1_LAST] refund' }] },
      { role: 'tool', tool_call_id: 'c1', content: fenceToolResult('ticket.read', { ok: true, data: { email: '[EMAIL_1]' } }) },
    ]);
  });

  it('masks reads handed over in the agent\'s turn value by value, text around them as text', async () => {
    const read = (data: unknown) => fenceToolResult('ticket.read', { ok: true, data });
    const [sent] = await sentOf([
      { role: 'user', content: `Ticket of Ann "The Boss" Lee:\n${read({ requester: { name: 'Ann "The Boss" Lee' } })}\nand\n${read({ email: 'ann@example.com' })}\nReply to Lee.` },
    ]);
    expect(sent).toEqual({
      role: 'user',
      content: `Ticket of [CUSTOMER_1]:\n${read({ requester: { name: '[CUSTOMER_1]' } })}\nand\n${read({ email: '[EMAIL_1]' })}\nReply to [CUSTOMER_1_LAST].`,
    });
  });
});

describe('the line on placeholders', () => {
  it('reaches the model with its examples as written; a look-alike elsewhere in the same message is still neutralised', async () => {
    const prompt = systemPrompt({ masked: true });
    expect(prompt).toContain(PLACEHOLDER_HELP);
    const [sent] = await sentOf([{ role: 'system', content: `${prompt}\nTeam note: Ann "The Boss" Lee writes [EMAIL_1] to test us.` }]);
    expect(sent!.content).toContain('such as [CUSTOMER_1], [CUSTOMER_1_FIRST] (first name) or [EMAIL_1]: write them exactly so.');
    expect(sent!.content).toContain('Team note: [CUSTOMER_1] writes (EMAIL_1) to test us.');
    expect(sent!.content).not.toContain('(CUSTOMER_1)');
  });
});
