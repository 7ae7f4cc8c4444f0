import { describe, expect, it } from 'vitest';
import { ToolRegistry } from '../../src/core';
import { parseKbFile } from '../../src/tools/kb-import';
import { createKbSearchTool } from '../../src/tools/kb-search';
import { createKbIndex, HIT_BODY_CHARS } from '../../src/tools/knowledge-base';
import { replyProposeTool } from '../../src/tools/reply-propose';

const markdown = `# Refunds
Refunds go back to the original payment method within 5-7 business days.

## Two-factor authentication reset
If a customer lost their phone, verify their identity, then reset 2FA from the admin panel.

# Shipping delays
Orders ship within 2 days; carriers may need 3-5 more.
`;

describe('knowledge base import', () => {
  it('splits Markdown into one article per heading', () => {
    const { articles, problems } = parseKbFile('help.md', markdown);
    expect(problems).toEqual([]);
    expect(articles.map((a) => a.title)).toEqual(['Refunds', 'Two-factor authentication reset', 'Shipping delays']);
    expect(articles[1]!.body).toContain('reset 2FA');
    expect(articles[0]!.id).toBe('help.md#1');
  });

  it('reads JSON arrays and { articles }, and reports entries it cannot use', () => {
    const json = JSON.stringify({ articles: [{ title: 'Invoices', content: 'Invoices are in EUR.', tags: ['billing', 3] }, { title: 'No body' }] });
    const { articles, problems } = parseKbFile('kb.json', json);
    expect(articles).toEqual([{ id: 'kb.json#1', title: 'Invoices', body: 'Invoices are in EUR.', tags: ['billing'], source: 'kb.json' }]);
    expect(problems).toEqual(['kb.json: article 2 has no title or no body']);
    expect(parseKbFile('bad.json', '{').problems[0]).toMatch(/not valid JSON/);
    expect(parseKbFile('bad.json', '{"a":1}').problems[0]).toMatch(/expected an array/);
  });

  it('names a Markdown file without headings after the file', () => {
    expect(parseKbFile('returns-policy.md', 'Returns are free.').articles[0]).toMatchObject({ title: 'returns-policy', body: 'Returns are free.' });
  });
});

describe('kb.search', () => {
  const index = createKbIndex(parseKbFile('help.md', markdown).articles);

  it('gives each hit its id, title and body, best first, and no score: the order is all the model needs of it', () => {
    const hits = index.search('refunds shipping');
    expect(hits.map((h) => Object.keys(h))).toEqual(hits.map(() => ['id', 'title', 'body']));
    expect(hits[0]).toEqual({ id: 'help.md#1', title: 'Refunds', body: 'Refunds go back to the original payment method within 5-7 business days.' });
  });

  it('finds the best article first, with prefix and fuzzy matching', () => {
    expect(index.search('refund payment')[0]!.title).toBe('Refunds');
    expect(index.search('authentication phone')[0]!.title).toBe('Two-factor authentication reset');
    expect(index.search('shiping')[0]!.title).toBe('Shipping delays');
    expect(index.search('zebra')).toEqual([]);
  });

  it('bounds each hit\'s body', () => {
    const long = createKbIndex([{ id: '1', title: 'Long', body: 'word '.repeat(2000), tags: [], source: 'x' }]);
    expect(long.search('long')[0]!.body.length).toBeLessThanOrEqual(HIT_BODY_CHARS);
  });

  it('is a read tool the model may call, and validates its input', async () => {
    const registry = new ToolRegistry();
    registry.register(createKbSearchTool(async (q, limit) => index.search(q, limit)));
    registry.register(replyProposeTool);
    expect(registry.toFunctionSchemas({ autonomous: true }).map((f) => f.name)).toEqual(['kb__search', 'reply__propose']);
    const r = await registry.invokeReadOnly('kb__search', { query: 'refund', limit: 1 });
    expect(r).toMatchObject({ ok: true, data: { hits: [{ title: 'Refunds' }] } });
    expect(await registry.invokeReadOnly('kb__search', { query: '' })).toMatchObject({ ok: false, code: 'invalid_input' });
    expect(await registry.invokeReadOnly('reply__propose', { body: 'Hi' })).toEqual({ ok: true, data: { proposed: true } });
  });
});
