import { afterEach, describe, expect, it, vi } from 'vitest';
import { citableArticles, fenceToolResult, type ChatMessage } from '../../src/core';

const kb = (n: number): ChatMessage => ({ role: 'tool', tool_call_id: `k${n}`, content: fenceToolResult('kb.search', { ok: true, data: { hits: [{ id: `a${n}`, title: `Article ${n}` }, { id: 'a1', title: 'Not the first' }] } }) });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('what a conversation offers to cite', () => {
  it('parses each tool result once, however many later steps ask of the whole conversation', () => {
    const history = Array.from({ length: 100 }, (_, i) => [{ role: 'user', content: `question ${i + 1}` } as ChatMessage, kb(i + 1)]).flat();
    const first = citableArticles(history);
    const parse = vi.spyOn(JSON, 'parse');
    const next = citableArticles([...history, kb(101)]);
    expect(parse).toHaveBeenCalledTimes(1);
    expect([...next]).toEqual([...first, ['a101', 'Article 101']]);
    // The first article keeps the title it came with, not that of a later hit with its id.
    expect(next.get('a1')).toBe('Article 1');
  });
});
