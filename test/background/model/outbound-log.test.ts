import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { runAgentTurn, ToolRegistry, type JsonSchema, type WireEvent } from '../../../src/core';
import { DEMO_MODEL_ID } from '../../../src/background/model/model-settings';
import { createOpenAIModel } from '../../../src/background/model/openai-model';
import { createOutboundLog } from '../../../src/background/model/outbound-log';
import { replyProposeTool } from '../../../src/tools/reply-propose';
import { MAX_BODY_CHARS, MAX_TURNS_PER_CONVERSATION } from '../../../src/shared/outbound';
import { startDemoModel, type DemoModel } from '../../../demo/model/server.mjs';

let server: DemoModel;
beforeAll(async () => {
  server = await startDemoModel({ port: 0, chunkDelayMs: 0 });
});
afterAll(() => server.close());
beforeEach(() => {
  fakeBrowser.reset();
  server.reset();
});

describe('what left the browser', () => {
  it('is told each request body exactly as the server received it, and the chunks that came back', async () => {
    const wire: WireEvent[] = [];
    const model = createOpenAIModel({ preset: 'demo', baseURL: server.url, apiKey: '', model: DEMO_MODEL_ID });
    await runAgentTurn({ model, registry: new ToolRegistry(), history: [], userText: 'Who are you?', onWire: (e) => void wire.push(e) });
    const requests = wire.filter((e) => e.kind === 'request').map((e) => e.text);
    expect(requests.map((r) => JSON.parse(r))).toEqual(server.requests());
    const answer = wire.filter((e) => e.kind === 'response').map((e) => JSON.parse(e.text));
    expect(answer.map((c) => c.choices[0]?.delta?.content ?? '').join('')).toMatch(/offline demo model/);
  });

  it('sends tool schemas without the bounds the registry checks itself', async () => {
    const registry = new ToolRegistry();
    registry.register(replyProposeTool);
    const model = createOpenAIModel({ preset: 'demo', baseURL: server.url, apiKey: '', model: DEMO_MODEL_ID });
    await runAgentTurn({ model, registry, history: [], userText: 'Who are you?' });
    const sent = (server.requests()[0] as { tools: { function: { parameters: unknown } }[] }).tools[0]!.function.parameters;
    expect(sent).toEqual({
      type: 'object',
      properties: {
        body: { type: 'string', description: 'Full reply, plain text.' },
        subject: { type: 'string' },
        sources: { type: 'array', items: { type: 'string' }, description: 'Ids of the kb.search hits the reply uses, and ticket:<key> of past tickets ticket.read returned.' },
      },
      required: ['body'],
    });
    // The registry still holds, and checks, the whole schema.
    expect(replyProposeTool.inputSchema.additionalProperties).toBe(false);
  });

  it("leaves out a key's pattern, which the registry checks, and an MCP server's $schema, which tells the model nothing", async () => {
    const registry = new ToolRegistry();
    registry.register({
      name: 'orders.find',
      domain: 'mcp',
      title: 'Find an order',
      description: 'Finds an order.',
      sideEffect: 'read',
      // As an MCP server lists it: JSON from outside, with its draft named.
      inputSchema: JSON.parse('{"type":"object","properties":{"key":{"type":"string","pattern":"^[A-Z0-9-]{1,20}$","description":"The order number."}},"required":["key"],"$schema":"http://json-schema.org/draft-07/schema#"}') as JsonSchema,
      run: async () => ({ ok: true, data: null }),
    });
    const model = createOpenAIModel({ preset: 'demo', baseURL: server.url, apiKey: '', model: DEMO_MODEL_ID });
    await runAgentTurn({ model, registry, history: [], userText: 'Who are you?' });
    const sent = (server.requests()[0] as { tools: { function: { parameters: unknown } }[] }).tools[0]!.function.parameters;
    expect(sent).toEqual({ type: 'object', properties: { key: { type: 'string', description: 'The order number.' } }, required: ['key'] });
    expect(await registry.invoke('orders.find', { key: 'nw 1' })).toMatchObject({ ok: false, code: 'invalid_input' });
  });

  it('records an HTTP error body as what came back', async () => {
    const wire: WireEvent[] = [];
    const model = createOpenAIModel({ preset: 'demo', baseURL: server.url, apiKey: '', model: DEMO_MODEL_ID });
    server.script([{ status: 400, message: 'does not support tools' }]);
    await runAgentTurn({ model, registry: new ToolRegistry(), history: [], userText: 'x', onWire: (e) => void wire.push(e), retry: { retries: 0 } });
    expect(wire.at(-1)).toMatchObject({ kind: 'response', text: expect.stringMatching(/^HTTP 400\n.*does not support tools/s) });
  });

  it('reads the pieces of an answer when the turn ends, not while the model streams', async () => {
    const log = createOutboundLog();
    const turn = log.startTurn('chat:1:a 7');
    let reads = 0;
    const piece = (text: string): WireEvent => ({
      kind: 'response',
      get text() {
        reads++;
        return text;
      },
    });
    turn.onWire({ kind: 'request', text: '{"a":1}' });
    turn.onWire(piece('one\n'));
    turn.onWire(piece('two\n'));
    expect(reads).toBe(0);
    await turn.end();
    expect(reads).toBe(2);
    const [stored] = await log.turns('chat:1:a 7');
    expect(stored!.exchanges).toEqual([{ request: '{"a":1}', response: 'one\ntwo\n', cut: { request: 0, response: 0 } }]);
  });

  it('keeps turns per conversation, bounds each body, and forgets a conversation', async () => {
    const log = createOutboundLog();
    const turn = log.startTurn('chat:1:a 7');
    turn.onWire({ kind: 'request', text: 'x'.repeat(MAX_BODY_CHARS + 5) });
    turn.onWire({ kind: 'response', text: 'ok' });
    turn.onWire({ kind: 'response', text: '!' });
    await turn.end();
    const [stored] = await log.turns('chat:1:a 7');
    expect(stored!.exchanges).toEqual([{ request: 'x'.repeat(MAX_BODY_CHARS), response: 'ok!', cut: { request: 5, response: 0 } }]);
    expect(await log.turns('chat:1:a 70')).toEqual([]);

    for (let i = 0; i < MAX_TURNS_PER_CONVERSATION + 2; i++) {
      const t = log.startTurn('chat:1:a 70');
      t.onWire({ kind: 'request', text: `r${i}` });
      await t.end();
    }
    const kept = await log.turns('chat:1:a 70');
    expect(kept.map((t) => t.exchanges[0]!.request)).toEqual(Array.from({ length: MAX_TURNS_PER_CONVERSATION }, (_, i) => `r${i + 2}`));
    await log.forget('chat:1:a 7');
    expect(await log.turns('chat:1:a 7')).toEqual([]);
    expect(await log.turns('chat:1:a 70')).toHaveLength(MAX_TURNS_PER_CONVERSATION);
    await log.forgetTab('chat:1:');
    expect(await log.turns('chat:1:a 70')).toEqual([]);
  });

  describe('whatever the clock says', () => {
    afterEach(() => vi.useRealTimers());
    const endTurn = async (log: ReturnType<typeof createOutboundLog>, key: string, request: string) => {
      const t = log.startTurn(key);
      t.onWire({ kind: 'request', text: request });
      await t.end();
    };

    it('keeps the newest turns of a conversation when they all ended in one millisecond', async () => {
      vi.useFakeTimers({ toFake: ['Date'], now: 1_800_000_000_000 });
      const log = createOutboundLog();
      for (let i = 0; i < MAX_TURNS_PER_CONVERSATION + 2; i++) await endTurn(log, 'chat:2:a 1', `r${i}`);
      const kept = await log.turns('chat:2:a 1');
      expect(kept.map((t) => t.exchanges[0]!.request)).toEqual(Array.from({ length: MAX_TURNS_PER_CONVERSATION }, (_, i) => `r${i + 2}`));
    });

    it('keeps the newest turns when the clock goes back between them', async () => {
      vi.useFakeTimers({ toFake: ['Date'], now: 1_800_000_000_000 });
      const log = createOutboundLog();
      for (let i = 0; i < MAX_TURNS_PER_CONVERSATION + 2; i++) {
        await endTurn(log, 'chat:2:a 1', `r${i}`);
        vi.setSystemTime(Date.now() - 60_000);
      }
      const kept = await log.turns('chat:2:a 1');
      expect(kept.map((t) => t.exchanges[0]!.request)).toEqual(Array.from({ length: MAX_TURNS_PER_CONVERSATION }, (_, i) => `r${i + 2}`));
    });

    it('drops the oldest turns over all conversations first, by the order they ended', async () => {
      vi.useFakeTimers({ toFake: ['Date'], now: 1_800_000_000_000 });
      const log = createOutboundLog();
      // Four turns of 800,000 characters each: the bound of 2,000,000 keeps the last two.
      const big = (tag: string) => tag + 'y'.repeat(MAX_BODY_CHARS - tag.length);
      const turnOf = async (key: string, tag: string) => {
        const t = log.startTurn(key);
        for (let i = 0; i < 4; i++) t.onWire({ kind: 'request', text: big(`${tag}.${i}`) });
        await t.end();
        vi.setSystemTime(Date.now() - 1_000); // and the clock goes back after each
      };
      await turnOf('chat:3:a 1', 'a1');
      await turnOf('chat:3:b 1', 'b1');
      await turnOf('chat:3:a 1', 'a2');
      await turnOf('chat:3:b 1', 'b2');
      expect((await log.turns('chat:3:a 1')).map((t) => t.exchanges[0]!.request.slice(0, 4))).toEqual(['a2.0']);
      expect((await log.turns('chat:3:b 1')).map((t) => t.exchanges[0]!.request.slice(0, 4))).toEqual(['b2.0']);
    });
  });
});
