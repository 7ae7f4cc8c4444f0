import { describe, expect, it } from 'vitest';
import { definitionHash, mcpToolName, standingOf, suggestedGrade, type McpToolDefinition } from '../../../src/core/mcp';
import { toWireName, fromWireName } from '../../../src/core';

const refund: McpToolDefinition = {
  name: 'payments.refund',
  title: 'Refund a capture',
  description: 'Refunds one card capture in full.',
  inputSchema: { type: 'object', properties: { capture: { type: 'string' } }, required: ['capture'] },
  annotations: { readOnlyHint: false, destructiveHint: true },
};

describe('suggested grade', () => {
  it('suggests read only for readOnlyHint: true', () => {
    expect(suggestedGrade({ annotations: { readOnlyHint: true } })).toBe('read');
  });

  it('suggests send for anything else: false, absent, no annotations, a truthy non-boolean', () => {
    expect(suggestedGrade({ annotations: { readOnlyHint: false } })).toBe('send');
    expect(suggestedGrade({ annotations: {} })).toBe('send');
    expect(suggestedGrade({})).toBe('send');
    expect(suggestedGrade({ annotations: { readOnlyHint: 'true' as never } })).toBe('send');
    // A destructive hint beside a read-only one is still only a claim: the suggestion follows readOnlyHint.
    expect(suggestedGrade({ annotations: { readOnlyHint: true, destructiveHint: true } })).toBe('read');
  });
});

describe('definition hash', () => {
  it('does not depend on the order of keys', async () => {
    const reordered: McpToolDefinition = {
      annotations: { destructiveHint: true, readOnlyHint: false },
      inputSchema: { required: ['capture'], properties: { capture: { type: 'string' } }, type: 'object' },
      description: refund.description!,
      title: refund.title!,
      name: refund.name,
    };
    expect(await definitionHash(reordered)).toBe(await definitionHash(refund));
  });

  it.each([
    ['description', { ...refund, description: 'Refunds one card capture in full, twice.' }],
    ['title', { ...refund, title: 'Look up a capture' }],
    ['schema', { ...refund, inputSchema: { type: 'object', properties: { capture: { type: 'string' }, amount: { type: 'number' } } } }],
    ['annotations', { ...refund, annotations: { readOnlyHint: true } }],
    ['annotations removed', { ...refund, annotations: undefined }],
    ['name', { ...refund, name: 'payments.refund_all' }],
  ])('changes when the %s changes', async (_what, changed) => {
    expect(await definitionHash(changed as McpToolDefinition)).not.toBe(await definitionHash(refund));
  });
});

describe('standing', () => {
  const decision = (hash: string, choice: 'off' | 'read' | 'send') => ({ hash, choice, by: 'agent' as const, at: 1 });

  it('is new without a decision, the choice for the same hash, and changed for another hash', () => {
    expect(standingOf('a', undefined)).toBe('new');
    expect(standingOf('a', decision('a', 'read'))).toBe('read');
    expect(standingOf('a', decision('a', 'off'))).toBe('off');
    expect(standingOf('a', decision('a', 'send'))).toBe('send');
    expect(standingOf('b', decision('a', 'read'))).toBe('changed');
  });
});

describe('MCP tool names on the wire', () => {
  it('keeps a legal name and maps it losslessly both ways', () => {
    for (const name of ['orders.get', 'orders.get_status', 'payments.list', 'crm-v2.find-contact', 'lookup']) {
      const check = mcpToolName(name);
      expect(check).toEqual({ ok: true, name });
      expect(fromWireName(toWireName(name))).toBe(name);
      expect(toWireName(name)).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
    }
  });

  it.each(['get__status', '_private', 'a..b', 'orders/get', 'orders get', '', 'x'.repeat(65), 'ordérs.get'])('refuses %j instead of rewriting it', (name) => {
    const check = mcpToolName(name);
    expect(check.ok).toBe(false);
  });
});
