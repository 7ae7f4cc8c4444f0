import { describe, expect, it } from 'vitest';
import { answer, finish, fragment, helpdesk, runTurn, ScriptedModel, text, toolResults } from '../fakes/scripted-model';

describe('tool calls streamed in fragments', () => {
  it('assembles argument fragments by index, even when two calls interleave', async () => {
    const { registry, tools } = helpdesk();
    const model = new ScriptedModel([
      [
        text('Let me look.'),
        fragment(0, { id: 'call_a', name: 'kb__search', arguments: '' }),
        fragment(0, { arguments: '{"qu' }),
        fragment(1, { id: 'call_b', name: 'kb__search', arguments: '{"query"' }),
        fragment(0, { arguments: 'ery": "dou' }),
        fragment(1, { arguments: ': "invoice"}' }),
        fragment(0, { arguments: 'ble charge"}' }),
        finish('tool_calls'),
      ],
      answer('ok'),
    ]);
    const { result, ofType } = await runTurn({ model, registry, userText: 'x' });
    expect(result.messages[1]).toEqual({
      role: 'assistant',
      content: 'Let me look.',
      tool_calls: [
        { id: 'call_a', name: 'kb__search', arguments: '{"query": "double charge"}' },
        { id: 'call_b', name: 'kb__search', arguments: '{"query": "invoice"}' },
      ],
    });
    expect(tools.kbSearch.runs.map((r) => r.input)).toEqual([{ query: 'double charge' }, { query: 'invoice' }]);
    expect(ofType('tool_call_started').map((e) => e.args)).toEqual([{ query: 'double charge' }, { query: 'invoice' }]);
  });

  it('treats a new id at an index already used as a new call (servers that number every call 0)', async () => {
    const { registry, tools } = helpdesk();
    const model = new ScriptedModel([
      [
        fragment(0, { id: 'x1', name: 'ticket__read', arguments: '{}' }),
        fragment(0, { id: 'x2', name: 'kb__search', arguments: '{"query":"refund"}' }),
        finish('tool_calls'),
      ],
      answer('ok'),
    ]);
    const { result } = await runTurn({ model, registry, userText: 'x' });
    expect(Object.keys(toolResults(result.messages))).toEqual(['x1', 'x2']);
    expect(tools.ticketRead.runs).toHaveLength(1);
    expect(tools.kbSearch.runs).toHaveLength(1);
  });

  it('keeps an id repeated on every fragment as one call', async () => {
    const { registry, tools } = helpdesk();
    const model = new ScriptedModel([
      [
        fragment(0, { id: 'same', name: 'kb__search', arguments: '{"query":' }),
        fragment(0, { id: 'same', arguments: '"refund"}' }),
        finish('tool_calls'),
      ],
      answer('ok'),
    ]);
    await runTurn({ model, registry, userText: 'x' });
    expect(tools.kbSearch.runs.map((r) => r.input)).toEqual([{ query: 'refund' }]);
  });

  it('gives a call without an id one, unique in the turn, and answers it under that id', async () => {
    const { registry } = helpdesk();
    const model = new ScriptedModel([
      [fragment(0, { name: 'ticket__read' }), fragment(1, { name: 'ticket__read' }), finish('tool_calls')],
      [fragment(0, { name: 'ticket__read' }), finish('tool_calls')],
      answer('ok'),
    ]);
    const { result } = await runTurn({ model, registry, userText: 'x' });
    const ids = result.messages.flatMap((m) => (m.role === 'assistant' ? (m.tool_calls ?? []).map((c) => c.id) : []));
    expect(new Set(ids).size).toBe(3);
    expect(Object.keys(toolResults(result.messages))).toEqual(ids);
  });

  it('runs the calls even when a server says finish "stop" after them', async () => {
    const { registry, tools } = helpdesk();
    const model = new ScriptedModel([[fragment(0, { id: 'c', name: 'ticket__read', arguments: '{}' }), finish('stop')], answer('ok')]);
    const { result } = await runTurn({ model, registry, userText: 'x' });
    expect(tools.ticketRead.runs).toHaveLength(1);
    expect(result.outcome).toBe('stop');
  });
});
