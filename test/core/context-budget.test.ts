import { describe, expect, it } from 'vitest';
import { budgetMessages, DEFAULT_BUDGET, earlierMarker, EXPIRED_MARKER, fenceToolResult, SUPERSEDED_MARKER, type ChatMessage } from '../../src/core';

const ticket = { ok: true, data: { subject: 'Refund', messages: [{ role: 'customer', body: 'x'.repeat(20_000) }] } };
const kbResult = (title: string) => ({ ok: true, data: { hits: [{ title, body: 'y'.repeat(2000), score: 3 }] } });

/** One question: the model calls a tool, gets its result, and answers. */
function question(n: number, tool: string, args: string, result: unknown, answer: string): ChatMessage[] {
  return [
    { role: 'user', content: `question ${n}` },
    { role: 'assistant', content: null, tool_calls: [{ id: `c${n}${tool}`, name: tool, arguments: args }] },
    { role: 'tool', tool_call_id: `c${n}${tool}`, content: fenceToolResult(tool.replace('__', '.'), result) },
    { role: 'assistant', content: answer },
  ];
}

const contentOf = (messages: ChatMessage[], id: string) => messages.find((m) => m.role === 'tool' && m.tool_call_id === id)?.content ?? '';

describe('the context budget', () => {
  it('leaves out a result that a later identical call replaced, keeping the newest and every call answered', () => {
    const history = [...question(1, 'ticket__read', '{}', ticket, 'One.'), ...question(2, 'ticket__read', ' { } ', ticket, 'Two.')];
    const sent = budgetMessages(history);
    expect(contentOf(sent, 'c1ticket__read')).toContain(SUPERSEDED_MARKER);
    expect(contentOf(sent, 'c2ticket__read')).toBe(contentOf(history, 'c2ticket__read'));
    expect(sent.filter((m) => m.role === 'tool')).toHaveLength(2);
    expect(sent.filter((m) => m.role !== 'tool')).toEqual(history.filter((m) => m.role !== 'tool'));
  });

  it('keeps a result whose later call had other arguments', () => {
    const history = [...question(1, 'kb__search', '{"query":"refund"}', kbResult('Refunds'), 'A.'), ...question(2, 'kb__search', '{"query":"invoice"}', kbResult('Invoices'), 'See Refunds.')];
    expect(budgetMessages(history)).toEqual(history);
  });

  it('keeps the older copy when the newer call failed', () => {
    const history = [...question(1, 'ticket__read', '{}', ticket, 'One.'), ...question(2, 'ticket__read', '{}', { ok: false, code: 'tab_gone', error: 'gone' }, 'Two.')];
    expect(contentOf(budgetMessages(history), 'c1ticket__read')).toBe(contentOf(history, 'c1ticket__read'));
  });

  it('drops an old knowledge-base result that no recent answer cites, and keeps a cited or recent one', () => {
    const history = [
      ...question(1, 'kb__search', '{"query":"a"}', kbResult('Duplicate charge refund'), 'Based on "Duplicate charge refund".'),
      ...question(2, 'kb__search', '{"query":"b"}', kbResult('Order stuck in transit'), 'Based on "Order stuck in transit".'),
      { role: 'user', content: 'question 3' },
      { role: 'assistant', content: 'As "Order stuck in transit" says, wait a week.' },
      { role: 'user', content: 'question 4' },
      ...question(5, 'kb__search', '{"query":"c"}', kbResult('Bulk order quotes'), 'Quotes.').slice(1),
    ] as ChatMessage[];
    const sent = budgetMessages(history);
    expect(contentOf(sent, 'c1kb__search')).toContain(EXPIRED_MARKER);
    expect(contentOf(sent, 'c2kb__search')).toBe(contentOf(history, 'c2kb__search'));
    expect(contentOf(sent, 'c5kb__search')).toBe(contentOf(history, 'c5kb__search'));
  });

  it('never leaves out a refusal, even when the same call was refused again', () => {
    const refused = { ok: false, code: 'not_read_only', error: 'Only a person can send.' };
    const history = [...question(1, 'reply__send', '{"body":"x"}', refused, 'No.'), ...question(2, 'reply__send', '{"body":"x"}', refused, 'No.')];
    expect(budgetMessages(history)).toEqual(history);
  });

  it('changes nothing it is given', () => {
    const history = [...question(1, 'ticket__read', '{}', ticket, 'One.'), ...question(2, 'ticket__read', '{}', ticket, 'Two.')];
    const copy = structuredClone(history);
    budgetMessages(history);
    expect(history).toEqual(copy);
  });

  it('sends only the latest questions of a long conversation, whole, the first saying how many went before', () => {
    let history: ChatMessage[] = [];
    for (let n = 1; n <= 30; n++) history = [...history, ...question(n, 'kb__search', `{"query":"q${n}"}`, kbResult(`Article ${n}`), `Answer ${n}.`)];
    const kept = DEFAULT_BUDGET.keptTurns;
    const sent = budgetMessages(history);
    const questions = sent.filter((m) => m.role === 'user').map((m) => m.content);
    expect(questions).toHaveLength(kept);
    expect(questions[0]).toBe(`${earlierMarker(30 - kept)}\n\nquestion ${31 - kept}`);
    expect(questions.slice(1)).toEqual(Array.from({ length: kept - 1 }, (_, i) => `question ${32 - kept + i}`));
    // What follows the first question sent is the history as it was budgeted: every call with its answer.
    const from = history.findIndex((m) => m.role === 'user' && m.content === `question ${31 - kept}`);
    expect(sent.slice(1)).toEqual(budgetMessages(history.slice(from)).slice(1));
    const calls = new Set(sent.flatMap((m) => (m.role === 'assistant' ? (m.tool_calls ?? []).map((c) => c.id) : [])));
    expect(sent.filter((m) => m.role === 'tool').every((m) => m.role === 'tool' && calls.has(m.tool_call_id))).toBe(true);
    expect(calls.size).toBe(kept);
  });

  it('costs question 100 of a conversation what question 12 costs', () => {
    let history: ChatMessage[] = [];
    const sizes: number[] = [];
    for (let n = 1; n <= 100; n++) {
      history = [...history, { role: 'user', content: `Question ${String(n).padStart(3, '0')}: what does the customer want?` }, { role: 'assistant', content: `Answer ${String(n).padStart(3, '0')}. ${'word '.repeat(60)}` }];
      sizes.push(JSON.stringify(budgetMessages(history)).length);
    }
    const atKept = sizes[DEFAULT_BUDGET.keptTurns - 1]!;
    expect(sizes[99]! / atKept).toBeLessThanOrEqual(1.1);
    expect(sizes[99]! / sizes[0]!).toBeLessThanOrEqual(DEFAULT_BUDGET.keptTurns + 1);
  });

  it('reads only the role of each message before the latest questions, however long the conversation', () => {
    let history: ChatMessage[] = [];
    for (let n = 1; n <= 100; n++) history = [...history, ...drafting(n, `Draft ${n}.`)];
    const kept = DEFAULT_BUDGET.keptTurns;
    const from = history.findIndex((m) => m.role === 'user' && m.content === `question ${101 - kept}`);
    const read: string[] = [];
    // Any field but the role of an earlier message is a read of what the request never carries.
    const guarded = history.map((m, i) =>
      i < from
        ? new Proxy(m, {
            get(target, key) {
              if (key !== 'role') read.push(`${i}.${String(key)}`);
              return Reflect.get(target, key);
            },
          })
        : m,
    );
    const sent = budgetMessages(guarded);
    expect(read).toEqual([]);
    expect(sent).toEqual(budgetMessages(history));
    expect(sent[0]).toEqual({ role: 'user', content: `${earlierMarker(100 - kept)}\n\nquestion ${101 - kept}` });
  });

  it('keeps the tenth question about a 20,000-character ticket within 1.5 times the first', () => {
    let history: ChatMessage[] = [];
    const sizes: number[] = [];
    for (let n = 1; n <= 10; n++) {
      history = [...history, ...question(n, 'ticket__read', '{}', ticket, `Answer ${n}.`)];
      sizes.push(JSON.stringify(budgetMessages(history)).length);
    }
    expect(sizes[9]! / sizes[0]!).toBeLessThanOrEqual(1.5);
  });

  /** A question that reads the ticket, searches, proposes a draft and answers. */
  function drafting(n: number, draft: string): ChatMessage[] {
    return [
      ...question(n, 'ticket__read', '{}', ticket, '').slice(0, 3),
      ...question(n, 'kb__search', '{"query":"refund"}', kbResult('Refunds'), '').slice(1, 3),
      ...question(n, 'reply__propose', JSON.stringify({ body: draft }), { ok: true, data: { proposed: true } }, `Answer ${n}, from "Refunds".`).slice(1),
    ];
  }
  const callIds = (messages: ChatMessage[]) => messages.flatMap((m) => (m.role === 'assistant' ? (m.tool_calls ?? []).map((c) => c.id) : []));

  it('takes a replaced call and its result out once its question is no longer recent, and keeps every question and answer', () => {
    const history = [1, 2, 3].flatMap((n) => question(n, 'ticket__read', '{}', ticket, `Answer ${n}.`));
    const sent = budgetMessages(history);
    expect(callIds(sent)).toEqual(['c2ticket__read', 'c3ticket__read']);
    expect(sent.some((m) => m.role === 'tool' && m.tool_call_id === 'c1ticket__read')).toBe(false);
    expect(contentOf(sent, 'c2ticket__read')).toContain(SUPERSEDED_MARKER);
    expect(contentOf(sent, 'c3ticket__read')).toBe(contentOf(history, 'c3ticket__read'));
    const text = (ms: ChatMessage[]) => ms.filter((m) => m.role === 'user' || (m.role === 'assistant' && m.content)).map((m) => m.content);
    expect(text(sent)).toEqual(text(history));
  });

  it('lets a later draft replace an earlier one, whatever it says: the old call leaves once its question is old, a recent one stays whole', () => {
    const history = [...drafting(1, 'First draft.'), ...drafting(2, 'Second draft.'), ...drafting(3, 'Third draft.')];
    const sent = budgetMessages(history);
    const proposals = sent.flatMap((m) => (m.role === 'assistant' ? (m.tool_calls ?? []).filter((c) => c.name === 'reply__propose').map((c) => c.arguments) : []));
    expect(proposals).toEqual([JSON.stringify({ body: 'Second draft.' }), JSON.stringify({ body: 'Third draft.' })]);
    // Every call still in the request has its answer, and every answer its call.
    const answered = sent.flatMap((m) => (m.role === 'tool' ? [m.tool_call_id] : []));
    expect(answered).toEqual(callIds(sent));
  });

  it('keeps a draft whose later proposal was refused, and the refusal', () => {
    const refused = { ok: false, code: 'invalid_input', error: 'body: too long' };
    const history = [
      ...drafting(1, 'First draft.'),
      ...question(2, 'reply__propose', '{"body":""}', refused, 'Could not.'),
      ...question(3, 'reply__propose', '{"body":""}', refused, 'Could not.'),
    ];
    const sent = budgetMessages(history);
    expect(callIds(sent)).toContain('c1reply__propose');
    expect(contentOf(sent, 'c2reply__propose')).toBe(contentOf(history, 'c2reply__propose'));
  });

  it('keeps the other calls of a message when one of them leaves', () => {
    const both: ChatMessage[] = [
      { role: 'user', content: 'question 1' },
      { role: 'assistant', content: null, tool_calls: [{ id: 'a', name: 'ticket__read', arguments: '{}' }, { id: 'b', name: 'kb__search', arguments: '{"query":"x"}' }] },
      { role: 'tool', tool_call_id: 'a', content: fenceToolResult('ticket.read', ticket) },
      { role: 'tool', tool_call_id: 'b', content: fenceToolResult('kb.search', kbResult('Refunds')) },
      { role: 'assistant', content: 'See "Refunds".' },
    ];
    const history = [...both, ...question(2, 'ticket__read', '{}', ticket, 'Two, "Refunds".'), ...question(3, 'ticket__read', '{}', ticket, 'Three, "Refunds".')];
    const sent = budgetMessages(history);
    expect(callIds(sent)).toEqual(['b', 'c2ticket__read', 'c3ticket__read']);
    expect(sent.find((m) => m.role === 'assistant' && m.tool_calls?.some((c) => c.id === 'b'))).toMatchObject({ content: null });
  });

  it('keeps the tenth request for a draft about a 20,000-character ticket within 1.5 times the first', () => {
    let history: ChatMessage[] = [];
    const sizes: number[] = [];
    for (let n = 1; n <= 10; n++) {
      history = [...history, ...drafting(n, `Dear customer, here is draft ${n}. ${'z'.repeat(1500)}`)];
      sizes.push(JSON.stringify(budgetMessages(history)).length);
    }
    expect(sizes[9]! / sizes[0]!).toBeLessThanOrEqual(1.5);
  });
});
