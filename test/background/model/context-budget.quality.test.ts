import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { runAgentTurn, systemPrompt, ToolRegistry, type AgentEvent, type ChatMessage, type Tool } from '../../../src/core';
import { DEMO_MODEL_ID } from '../../../src/background/model/model-settings';
import { createOpenAIModel } from '../../../src/background/model/openai-model';
import { parseKbFile } from '../../../src/tools/kb-import';
import { createKbSearchTool } from '../../../src/tools/kb-search';
import { createKbIndex } from '../../../src/tools/knowledge-base';
import { replyProposeTool } from '../../../src/tools/reply-propose';
import { startDemoModel, type DemoModel } from '../../../demo/model/server.mjs';
import { TEN_QUESTIONS } from '../../../scripts/bench/conversation';

/**
 * A long conversation about the demo's 34-message ticket #1045, against the demo model over
 * real HTTP: the requests stay bounded, and the demo model still finds in them what each
 * question needs (it calls a tool again only when a result is missing).
 */
let server: DemoModel;
beforeAll(async () => {
  server = await startDemoModel({ port: 0, chunkDelayMs: 0 });
});
afterAll(() => server.close());
beforeEach(() => {
  fakeBrowser.reset();
  server.reset();
});

interface DemoTicket {
  number: string;
  subject: string;
  status: string;
  requester: { name: string; email: string };
  messages: { author: string; role: string; at: string; body: string }[];
}

async function ticket1045() {
  const { tickets } = JSON.parse(await readFile('demo/helpdesk/tickets.json', 'utf8')) as { tickets: DemoTicket[] };
  const t = tickets.find((x) => String(x.number).includes('1045'))!;
  const text = (html: string) => html.replace(/<\/p>\s*<p>/g, '\n').replace(/<[^>]+>/g, '').trim();
  return {
    number: t.number,
    subject: t.subject,
    status: t.status,
    requester: t.requester,
    messages: t.messages.map((m) => ({ author: m.author, role: m.role, time: m.at, body: text(m.body) })),
  };
}

async function registry() {
  const data = await ticket1045();
  const ticketTool: Tool = {
    name: 'ticket.read',
    domain: 'ticket',
    title: 'Read ticket',
    description: 'Reads the ticket.',
    sideEffect: 'read',
    inputSchema: { type: 'object', properties: {} },
    run: async () => ({ ok: true, data }),
  };
  const kb = createKbIndex(parseKbFile('kb.md', await readFile('demo/kb/northwind-support.md', 'utf8')).articles);
  const r = new ToolRegistry();
  r.register(ticketTool);
  r.register(createKbSearchTool(async (q, n) => kb.search(q, n)));
  r.register(replyProposeTool);
  return { registry: r, requester: data.requester.name };
}

const QUESTIONS = [
  'Draft a reply to the customer.',
  'Who is the customer?',
  'Which article did you use?',
  'Draft a reply again, shorter if you can.',
  'Who is the customer?',
  'Draft a reply once more.',
  'Draft another reply.',
  'Draft a final reply.',
  'Which article did you use?',
  'What did I ask first?',
];

describe('a ten-question conversation about a long ticket', () => {
  it('stays within 1.5 times the first question, and the model still has what it needs', async () => {
    const { registry: tools, requester } = await registry();
    const model = createOpenAIModel({ preset: 'demo', baseURL: server.url, apiKey: '', model: DEMO_MODEL_ID });
    let history: ChatMessage[] = [];
    const turns: { answer: string; calls: string[]; drafts: string[]; lastRequestChars: number }[] = [];
    for (const question of QUESTIONS) {
      const before = server.requests().length;
      const events: AgentEvent[] = [];
      const result = await runAgentTurn({ model, registry: tools, history, userText: question, system: systemPrompt(), onEvent: (e) => void events.push(e) });
      expect(result.outcome).toBe('stop');
      history = [...history, ...result.messages];
      const last = server.requests().slice(before).at(-1) as { messages: unknown; tools: unknown };
      turns.push({
        answer: String(result.messages.at(-1)?.content ?? ''),
        calls: events.flatMap((e) => (e.type === 'tool_call_started' ? [e.tool] : [])),
        drafts: result.drafts.map((d) => d.body),
        lastRequestChars: JSON.stringify(last.messages).length + JSON.stringify(last.tools).length,
      });
    }
    const drafting = [0, 3, 5, 6, 7];
    for (const i of drafting) expect(turns[i]!.calls).toEqual(['ticket.read', 'kb.search', 'reply.propose']);
    // Every draft was written from the whole ticket, as the first one was.
    for (const i of drafting) expect(turns[i]!.drafts).toEqual(turns[0]!.drafts);
    // Follow-ups are answered from what the request still holds, with no tool called again.
    expect(turns[1]).toMatchObject({ answer: `The customer is ${requester}.`, calls: [] });
    expect(turns[4]).toMatchObject({ answer: `The customer is ${requester}.`, calls: [] });
    // Two questions on, the search result was neither recent nor cited: left out, so the model
    // searched again with the same query, and answers as it does when the result is recent.
    expect(turns[2]!.calls).toEqual(['kb.search']);
    expect(turns[2]!.answer).toMatch(/^I used the knowledge-base article "[^"]+"\.$/);
    expect(turns[8]).toMatchObject({ answer: turns[2]!.answer, calls: [] });
    expect(turns[9]).toMatchObject({ answer: `Your first question was: "${QUESTIONS[0]}"`, calls: [] });
    expect(turns[7]!.lastRequestChars / turns[0]!.lastRequestChars).toBeLessThanOrEqual(1.5);
  });

  it('asked for a draft ten times, the tenth request stays within 1.5 times the first, and the last draft is still in it', { timeout: 60_000 }, async () => {
    const { registry: tools } = await registry();
    const model = createOpenAIModel({ preset: 'demo', baseURL: server.url, apiKey: '', model: DEMO_MODEL_ID });
    let history: ChatMessage[] = [];
    const sizes: number[] = [];
    const drafts: string[][] = [];
    const ask = async (question: string) => {
      const before = server.requests().length;
      const events: AgentEvent[] = [];
      const result = await runAgentTurn({ model, registry: tools, history, userText: question, system: systemPrompt(), onEvent: (e) => void events.push(e) });
      expect(result.outcome).toBe('stop');
      history = [...history, ...result.messages];
      const last = server.requests().slice(before).at(-1) as { messages: unknown; tools: unknown };
      sizes.push(JSON.stringify(last.messages).length + JSON.stringify(last.tools).length);
      drafts.push(result.drafts.map((d) => d.body));
      return { answer: String(result.messages.at(-1)?.content ?? ''), calls: events.flatMap((e) => (e.type === 'tool_call_started' ? [e.tool] : [])) };
    };
    // The benchmark's conversation: every question makes the model read the ticket again.
    for (const question of TEN_QUESTIONS) expect((await ask(question)).calls).toEqual(['ticket.read', 'kb.search', 'reply.propose']);
    for (const d of drafts) expect(d).toEqual(drafts[0]);
    expect(sizes[9]! / sizes[0]!).toBeLessThanOrEqual(1.5);
    // Earlier drafts left the request; the newest is still there, word for word.
    expect(await ask('What did your last draft say?')).toEqual({ answer: `The last draft said: "${drafts[0]![0]}"`, calls: [] });
  });
});
