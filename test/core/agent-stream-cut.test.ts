import { describe, expect, it } from 'vitest';
import { ModelError } from '../../src/core';
import { answer, finish, fragment, helpdesk, runTurn, ScriptedModel, text, usage } from '../fakes/scripted-model';

describe('a stream that breaks', () => {
  it('keeps the partial text of a stream that ends without a finish, and reports stream_cut', async () => {
    const { registry } = helpdesk();
    const model = new ScriptedModel([[text('The customer '), text('was charged')], answer('never')]);
    const { result, events } = await runTurn({ model, registry, userText: 'x' });
    expect(result.outcome).toBe('error');
    expect(result.messages.at(-1)).toEqual({ role: 'assistant', content: 'The customer was charged', cut: 'stream_cut' });
    expect(result.error).toMatchObject({ kind: 'stream_cut', retryable: true });
    expect(events.slice(-3).map((e) => e.type)).toEqual(['assistant_message', 'error', 'done']);
    expect(model.requests).toHaveLength(1);
  });

  it('keeps the partial text when the model throws stream_cut mid-answer', async () => {
    const { registry } = helpdesk();
    const cut = new ModelError('stream_cut', 'The connection closed mid-answer.');
    const model = new ScriptedModel([{ events: [text('Refunds take ')], error: cut }]);
    const { result } = await runTurn({ model, registry, userText: 'x' });
    expect(result.messages.at(-1)).toEqual({ role: 'assistant', content: 'Refunds take ', cut: 'stream_cut' });
    expect(result.error).toEqual({ kind: 'stream_cut', message: 'The connection closed mid-answer.', retryable: true });
  });

  it('runs no half-streamed tool call and keeps none in the history', async () => {
    const { registry, tools } = helpdesk();
    const model = new ScriptedModel([[text('Searching.'), fragment(0, { id: 'c', name: 'kb__search', arguments: '{"query": "ref' })]]);
    const { result } = await runTurn({ model, registry, userText: 'x' });
    expect(tools.kbSearch.runs).toHaveLength(0);
    expect(result.messages.at(-1)).toEqual({ role: 'assistant', content: 'Searching.', cut: 'stream_cut' });
  });

  it('reports an empty stream as cut and keeps no empty message', async () => {
    const { registry } = helpdesk();
    const { result } = await runTurn({ model: new ScriptedModel([[]]), registry, userText: 'x' });
    expect(result.error?.kind).toBe('stream_cut');
    expect(result.messages).toEqual([{ role: 'user', content: 'x' }]);
  });

  it('keeps a whole answer whose stream failed only after the finish', async () => {
    const { registry } = helpdesk();
    const model = new ScriptedModel([{ events: answer('All done.'), error: new ModelError('stream_cut', 'closed') }]);
    const { result } = await runTurn({ model, registry, userText: 'x' });
    expect(result.outcome).toBe('stop');
    expect(result.messages.at(-1)).toEqual({ role: 'assistant', content: 'All done.' });
  });

  it('marks an answer cut by the token limit and runs none of its tool calls', async () => {
    const { registry, tools } = helpdesk();
    const model = new ScriptedModel([[text('Let me'), fragment(0, { id: 'c', name: 'kb__search', arguments: '{"query":"x"}' }), finish('length'), usage(10, 4096)]]);
    const { result, ofType } = await runTurn({ model, registry, userText: 'x' });
    expect(tools.kbSearch.runs).toHaveLength(0);
    expect(result.outcome).toBe('stop');
    expect(result.messages.at(-1)).toEqual({ role: 'assistant', content: 'Let me', cut: 'length' });
    expect(ofType('assistant_message')[0]?.finishReason).toBe('length');
  });
});
