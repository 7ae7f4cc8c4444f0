import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { contextMessage, createContextModel, draftFromAnswer, refusesTools, runAgentTurn, systemPrompt, ToolRegistry, type AgentEvent, type Tool } from '../../../src/core';
import { DEMO_MODEL_ID, type ModelSettings } from '../../../src/background/model/model-settings';
import { createOpenAIModel, listModels } from '../../../src/background/model/openai-model';
import { parseKbFile } from '../../../src/tools/kb-import';
import { createKbSearchTool } from '../../../src/tools/kb-search';
import { createKbIndex } from '../../../src/tools/knowledge-base';
import { replyProposeTool } from '../../../src/tools/reply-propose';
import { startDemoModel, type DemoModel } from '../../../demo/model/server.mjs';

/** The OpenAI SDK glue against the demo model server, over real HTTP. */
let server: DemoModel;
beforeAll(async () => {
  server = await startDemoModel({ port: 0, chunkDelayMs: 0 });
});
afterAll(() => server.close());
beforeEach(() => {
  fakeBrowser.reset();
  server.reset();
});

const settings = (over: Partial<ModelSettings> = {}): ModelSettings => ({ preset: 'demo', baseURL: server.url, apiKey: '', model: DEMO_MODEL_ID, ...over });

const ticketTool: Tool = {
  name: 'ticket.read',
  domain: 'ticket',
  title: 'Read ticket',
  description: 'Reads the ticket.',
  sideEffect: 'read',
  inputSchema: { type: 'object', properties: {} },
  run: async () => ({
    ok: true,
    data: {
      number: '#1041',
      subject: 'Charged twice for order NW-20931',
      status: 'open',
      requester: { name: 'Maria Lindqvist', email: 'maria@example.com' },
      messages: [{ author: 'Maria Lindqvist', role: 'customer', time: null, body: 'I was charged twice for order NW-20931. Please refund the duplicate charge.' }],
    },
  }),
};

async function registry() {
  const kb = createKbIndex(parseKbFile('kb.md', await readFile('demo/kb/northwind-support.md', 'utf8')).articles);
  const r = new ToolRegistry();
  r.register(ticketTool);
  r.register(createKbSearchTool(async (q, n) => kb.search(q, n)));
  r.register(replyProposeTool);
  return r;
}

const textOf = (events: AgentEvent[]) => events.flatMap((e) => (e.type === 'text_delta' ? [e.delta] : [])).join('');

async function turn(model = createOpenAIModel(settings()), seen: (events: AgentEvent[]) => void = () => undefined) {
  const events: AgentEvent[] = [];
  const result = await runAgentTurn({
    model,
    registry: await registry(),
    history: [],
    userText: 'What does the customer want? Draft a reply.',
    system: systemPrompt(),
    retry: { baseDelayMs: 1 },
    onEvent: (e) => {
      events.push(e);
      seen(events);
    },
  });
  return { result, events };
}

describe('the OpenAI-compatible model over real HTTP', () => {
  it('plays the draft story: reads the ticket, searches the knowledge base, proposes a draft', async () => {
    const { result, events } = await turn();
    expect(result.outcome).toBe('stop');
    expect(events.filter((e) => e.type === 'tool_call_started').map((e) => (e as { tool: string }).tool)).toEqual(['ticket.read', 'kb.search', 'reply.propose']);
    expect(result.drafts[0]!.body).toMatch(/^Hi Maria,/);
    expect(result.drafts[0]!.body).toContain('Refunds go back to the original payment method');
    expect(events.filter((e) => e.type === 'text_delta').length).toBeGreaterThan(3);
    expect(result.usage.promptTokens).toBeGreaterThan(0);
  });

  it('says what is wrong: a refused key, an unknown model, an unreachable server', async () => {
    expect((await turn(createOpenAIModel(settings({ apiKey: 'bad-key' })))).result.error).toMatchObject({ kind: 'auth', status: 401 });
    const missing = await turn(createOpenAIModel(settings({ model: 'no-such-model' })));
    expect(missing.result.error).toMatchObject({ kind: 'not_found' });
    expect(missing.result.error!.message).toContain('no-such-model');
    const dead = await turn(createOpenAIModel(settings({ baseURL: 'http://127.0.0.1:9/v1' })));
    expect(dead.result.error?.kind).toMatch(/unreachable|permission/);
  });

  it('retries a 429, then goes on', async () => {
    server.script([{ status: 429 }, { text: 'Fine now.' }]);
    const { result, events } = await turn();
    expect(events.some((e) => e.type === 'retry')).toBe(true);
    expect(result.outcome).toBe('stop');
  });

  it('keeps the partial answer of a stream cut mid-answer', async () => {
    server.script([{ text: 'The customer wants a refund for the duplicate charge.', cutAfterChars: 16, holdCut: true }]);
    let released = false;
    const { result } = await turn(undefined, (events) => {
      // The cut comes once the text before it has arrived, whatever the machine's speed.
      if (released || textOf(events) !== 'The customer wan') return;
      released = true;
      server.releaseCut();
    });
    expect(result.error).toMatchObject({ kind: 'stream_cut', retryable: true });
    expect(result.messages.at(-1)).toMatchObject({ role: 'assistant', content: 'The customer wan', cut: 'stream_cut' });
  });

  it('keeps a reasoning stream out of the answer and the draft', async () => {
    server.behave({ reasoning: true });
    const { result, events } = await turn();
    const text = textOf(events);
    expect(result.drafts[0]!.body).toMatch(/^Hi Maria,/);
    for (const said of [text, result.drafts[0]!.body, JSON.stringify(result.messages)]) expect(said).not.toContain('Thinking it over');
    expect(JSON.stringify(server.requests())).not.toContain('Thinking it over');
  });

  it('reports a model without tool support as a refusal of tools, and answers when asked without them', async () => {
    server.behave({ noTools: true });
    const refused = await turn();
    expect(refusesTools(refused.result.error), JSON.stringify(refused.result.error)).toBe(true);
    const withoutTools = await turn(createContextModel(createOpenAIModel(settings()), contextMessage([{ tool: 'ticket.read', result: await ticketTool.run({}, new AbortController().signal, {}) }])));
    expect(withoutTools.result.outcome).toBe('stop');
    expect(draftFromAnswer(withoutTools.result.messages.at(-1)!.content ?? '')).toMatch(/^Hi Maria,\n/);
  });

  it('lists the models for "Test connection", or says why not', async () => {
    expect(await listModels(settings())).toContain(DEMO_MODEL_ID);
    await expect(listModels(settings({ apiKey: 'bad-key' }))).rejects.toMatchObject({ kind: 'auth' });
  });
});
