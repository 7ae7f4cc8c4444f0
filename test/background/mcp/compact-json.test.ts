import { describe, expect, it } from 'vitest';
import { compactJson } from '../../../src/background/mcp/mcp-tools';

describe("an MCP tool's JSON text, as the model gets it", () => {
  it('drops the indentation between tokens and keeps every token as the server wrote it', () => {
    const pretty = '{\n  "order": "NW-20931",\n  "amount": 149.00,\n  "id": 12345678901234567890,\n  "note": "two  spaces,\\n a \\"quote\\" and\\ttab"\n}';
    const compact = compactJson(pretty);
    expect(compact).toBe('{"order":"NW-20931","amount":149.00,"id":12345678901234567890,"note":"two  spaces,\\n a \\"quote\\" and\\ttab"}');
    expect(JSON.parse(compact)).toEqual(JSON.parse(pretty));
  });

  it('leaves a text that is not JSON as it is', () => {
    expect(compactJson('Order NW-20931:  2 captures\n  of €149.00')).toBe('Order NW-20931:  2 captures\n  of €149.00');
    expect(compactJson('{ not json }')).toBe('{ not json }');
  });
});
