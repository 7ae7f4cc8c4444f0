/** How the demo model's tests talk to it: over real HTTP, as the product and the SDK do. */
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startDemoModel, type DemoModel } from '../../demo/model/server.mjs';

type Msg = Record<string, unknown>;
export type Call = { id: string; name: string; arguments: string };
export type Turn = { text: string; calls: Call[]; chunks: any[]; done: boolean; finish: string | null };

export const TOOLS = ['ticket__read', 'kb__search', 'reply__propose'].map((name) => ({
  type: 'function',
  function: { name, description: name, parameters: { type: 'object', properties: {} } },
}));

/** A tool result as the product fences it for the model. */
const fenced = (tool: string, result: unknown) =>
  `<tool_result tool="${tool}" untrusted="true">\n${JSON.stringify(result, null, 2)}\n</tool_result>`;

/** Reads an SSE body like the SDK does and reassembles text and tool calls. */
export async function readStream(res: Response): Promise<Turn> {
  const chunks: any[] = [];
  let done = false;
  for (const event of (await res.text()).split('\n\n').filter(Boolean)) {
    const data = event.replace(/^data: /, '');
    if (data === '[DONE]') done = true;
    else chunks.push(JSON.parse(data));
  }
  const calls: Call[] = [];
  let text = '';
  let finish: string | null = null;
  for (const chunk of chunks) {
    const choice = chunk.choices[0];
    if (!choice) continue;
    text += choice.delta.content ?? '';
    finish = choice.finish_reason ?? finish;
    for (const d of choice.delta.tool_calls ?? []) {
      if (d.id) calls[d.index] = { id: d.id, name: d.function.name, arguments: d.function.arguments ?? '' };
      else calls[d.index]!.arguments += d.function.arguments;
    }
  }
  return { text, calls, chunks, done, finish };
}

/** A demo model on port 0 for the file's tests, reset before each. */
export function useDemoModel() {
  let model: DemoModel | undefined;
  beforeAll(async () => { model = await startDemoModel({ port: 0, chunkDelayMs: 0 }); });
  afterAll(() => model?.close());
  beforeEach(() => model!.reset());

  const demo = {
    get model(): DemoModel {
      if (!model) throw new Error('the demo model is started in beforeAll');
      return model;
    },
    post: (body: unknown, key = 'sk-demo') =>
      fetch(`${demo.model.url}/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
        body: JSON.stringify(body),
      }),
    control: (path: string, body?: unknown) =>
      fetch(`${demo.model.origin}/_control/${path}`, body === undefined ? {} : { method: 'POST', body: JSON.stringify(body) }),
    /** Plays the product's side of a draft request: runs each tool call and sends the result back. */
    async draftConversation(ticket: unknown, kbHits: unknown[], tools = TOOLS, answer?: (name: string, args: Record<string, unknown>) => unknown) {
      const messages: Msg[] = [
        { role: 'system', content: 'You are Deskmate.' },
        { role: 'user', content: 'What does the customer want? Draft a reply.' },
      ];
      const results: Record<string, unknown> = {
        ticket__read: { ok: true, data: ticket },
        kb__search: { ok: true, data: { hits: kbHits } },
        reply__propose: { ok: true, data: { proposed: true } },
      };
      const turns: Turn[] = [];
      for (let i = 0; i < 6; i++) {
        const turn = await readStream(await demo.post({ model: 'deskmate-demo', messages, tools, stream: true }));
        turns.push(turn);
        if (!turn.calls.length) break;
        messages.push({ role: 'assistant', content: null, tool_calls: turn.calls.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: c.arguments } })) });
        for (const c of turn.calls) {
          const own = answer?.(c.name, JSON.parse(c.arguments || '{}') as Record<string, unknown>);
          messages.push({ role: 'tool', tool_call_id: c.id, content: fenced(c.name.replace(/__/g, '.'), own ?? results[c.name]) });
        }
      }
      const calls = turns.flatMap((t) => t.calls);
      return { turns, calls, args: calls.map((c) => JSON.parse(c.arguments)), last: turns.at(-1)! };
    },
  };
  return demo;
}
