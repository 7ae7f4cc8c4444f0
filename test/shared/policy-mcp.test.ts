import { describe, expect, it } from 'vitest';
import { parsePolicy } from '../../src/shared/policy';

describe('the policy’s MCP servers', () => {
  it('reads each server with its grades, takes a token out as a secret and leaves out what is malformed, one by one', () => {
    const p = parsePolicy({
      mcpServers: [
        { name: ' Orders ', url: 'https://orders.example.com/mcp', token: 'abc', tools: { 'payments.list': 'read', 'payments.refund': 'off', 'orders.get': 'maybe' } },
        { name: 'Orders', url: 'https://other.example.com/mcp' },
        { name: 'Billing', url: 'ftp://billing.example.com' },
        'Shipping',
        { name: 'Shipping', url: 'http://127.0.0.1:4519/mcp', colour: 'blue' },
      ],
    });
    expect(p.mcpServers).toEqual([
      { name: 'Orders', url: 'https://orders.example.com/mcp', tools: { 'payments.list': 'read', 'payments.refund': 'off' } },
      { name: 'Shipping', url: 'http://127.0.0.1:4519/mcp', tools: {} },
    ]);
    expect(p.secrets).toEqual(['mcpServers[0].token']);
    expect(p.problems).toEqual([
      'mcpServers[0].tools.orders.get: expected "off", "read" or "send"; the tool is left to the agent',
      'mcpServers[1]: a second server named "Orders"; left out',
      'mcpServers[2]: expected a name and an http(s) url',
      'mcpServers[3]: expected { name, url, tools }',
      'mcpServers[4].colour: not a setting Deskmate knows; left out',
    ]);
  });

  it('is no list: left out and named, the rest of the policy holds', () => {
    const p = parsePolicy({ mcpServers: { name: 'Orders' }, sendDisabled: true });
    expect(p.mcpServers).toEqual([]);
    expect(p.sendDisabled).toBe(true);
    expect(p.problems).toEqual(['mcpServers: expected a list of { name, url, tools }']);
  });
});
