import { describe, expect, it } from 'vitest';
import { fenceToolResult } from '../../src/core/fence';
import { newMessages, readRequest, readResponse } from '../../src/ui/outbound-text';

const request = (messages: unknown[]) =>
  JSON.stringify({ model: 'm', stream: true, messages, tools: [{ type: 'function', function: { name: 'ticket__read', parameters: {} } }, { type: 'function', function: { name: 'kb__search', parameters: {} } }] });
const SYSTEM = { role: 'system', content: 'You are Deskmate.' };
const ASK = { role: 'user', content: 'What does [CUSTOMER_1] want?' };
const CALL = { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'kb__search', arguments: '{"query":"refund"}' } }] };
const RESULT = { role: 'tool', tool_call_id: 'c1', content: fenceToolResult('kb.search', { ok: true, data: { hits: [{ id: 'a', title: 'Refunds <b>fast</b>' }] } }) };

describe('what was sent to the model, in words', () => {
  it('reads the messages, the tools offered and a tool result with the call’s arguments, from the exact body', () => {
    const read = readRequest(request([SYSTEM, ASK, CALL, RESULT]))!;
    expect(read.tools).toEqual(['ticket.read', 'kb.search']);
    expect(read.messages.map((m) => [m.role, m.text, m.calls])).toEqual([
      ['system', 'You are Deskmate.', []],
      ['user', 'What does [CUSTOMER_1] want?', []],
      ['assistant', '', ['kb.search']],
      ['tool', RESULT.content, []],
    ]);
    // The fence's escaped angle brackets are the same JSON value: the title reads as it was.
    expect(read.messages[3]!.result).toEqual({ tool: 'kb.search', args: { query: 'refund' }, value: { ok: true, data: { hits: [{ id: 'a', title: 'Refunds <b>fast</b>' }] } } });
  });

  it('shows only what a request adds to the turn’s request before it', () => {
    const first = readRequest(request([SYSTEM, ASK]))!;
    const second = readRequest(request([SYSTEM, ASK, CALL, RESULT]))!;
    expect(newMessages(first, null)).toHaveLength(2);
    expect(newMessages(second, first).map((m) => m.role)).toEqual(['assistant', 'tool']);
  });

  it('is no reading at all for a body cut by the log’s bound (the raw text stays)', () => {
    expect(readRequest(request([SYSTEM, ASK]).slice(0, 40))).toBeNull();
  });

  it('puts a streamed answer back together: its text and the tools it asked for', () => {
    const chunk = (delta: unknown) => JSON.stringify({ object: 'chat.completion.chunk', choices: [{ index: 0, delta }] });
    const body = [chunk({ content: 'Maria ' }), chunk({ content: 'wants a refund.' }), chunk({ tool_calls: [{ index: 0, id: 'x', function: { name: 'reply__propose', arguments: '' } }] }), chunk({ tool_calls: [{ index: 0, function: { arguments: '{}' } }] }), ''].join('\n');
    expect(readResponse(body)).toEqual({ text: 'Maria wants a refund.', calls: ['reply.propose'], status: null });
  });

  it('says a refusal with its status and the server’s own message', () => {
    expect(readResponse('HTTP 401\n{"error":{"message":"Incorrect API key provided"}}')).toEqual({ text: 'Incorrect API key provided', calls: [], status: 401 });
    expect(readResponse('HTTP 502\n<html>Bad gateway</html>')).toEqual({ text: '<html>Bad gateway</html>', calls: [], status: 502 });
  });
});
