import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { readStream, TOOLS, useDemoModel } from './demo-model-client';

const demo = useDemoModel();
const { post, control } = demo;

describe('demo model: OpenAI wire format', () => {
  it('lists the demo model', async () => {
    const res = await fetch(`${demo.model.url}/models`);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(await res.json()).toEqual({ object: 'list', data: [{ id: 'deskmate-demo', object: 'model', created: expect.any(Number), owned_by: 'deskmate' }] });
  });

  it('streams a text answer in several deltas that reassemble to the whole answer', async () => {
    const body = { model: 'deskmate-demo', messages: [{ role: 'user', content: 'Who are you?' }] };
    const whole = (await (await post(body)).json()).choices[0].message.content as string;
    const res = await post({ ...body, stream: true });
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const turn = await readStream(res);
    expect(turn.text).toBe(whole);
    expect(whole).toMatch(/demo model/);
    expect(turn.chunks.filter((c) => c.choices[0]?.delta.content).length).toBeGreaterThan(5);
    expect(turn).toMatchObject({ done: true, finish: 'stop', calls: [] });
    expect(turn.chunks.every((c) => c.object === 'chat.completion.chunk' && c.model === 'deskmate-demo')).toBe(true);
  });

  it('answers without streaming with a chat.completion', async () => {
    const res = await post({ model: 'deskmate-demo', messages: [{ role: 'user', content: 'Draft a reply' }], tools: TOOLS });
    const json = await res.json();
    expect(json).toMatchObject({ object: 'chat.completion', model: 'deskmate-demo', usage: { prompt_tokens: expect.any(Number) } });
    expect(json.choices[0]).toMatchObject({
      finish_reason: 'tool_calls',
      message: { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'ticket__read', arguments: '{}' } }] },
    });
  });

  it('adds a usage chunk when asked, counting a quarter of the characters', async () => {
    const body = { model: 'deskmate-demo', messages: [{ role: 'user', content: 'hello' }], stream: true, stream_options: { include_usage: true } };
    const turn = await readStream(await post(body));
    const usage = turn.chunks.at(-1);
    expect(usage.choices).toEqual([]);
    expect(usage.usage.prompt_tokens).toBe(Math.ceil(JSON.stringify(body.messages).length / 4));
    expect(usage.usage.completion_tokens).toBe(Math.ceil(turn.text.length / 4));
  });

  it('answers 404 for an unknown model and 401 for the key "bad-key", in OpenAI\'s error shape', async () => {
    const missing = await post({ model: 'gpt-9', messages: [{ role: 'user', content: 'hi' }] });
    expect(missing.status).toBe(404);
    expect((await missing.json()).error).toMatchObject({ type: 'invalid_request_error', code: 'model_not_found', message: expect.stringContaining('gpt-9') });
    const denied = await post({ model: 'deskmate-demo', messages: [{ role: 'user', content: 'hi' }] }, 'bad-key');
    expect(denied.status).toBe(401);
    expect((await denied.json()).error).toMatchObject({ type: 'invalid_request_error', code: 'invalid_api_key' });
    expect((await fetch(`${demo.model.url}/models`, { headers: { authorization: 'Bearer bad-key' } })).status).toBe(401);
  });

  it('answers a CORS preflight with the asked-for headers', async () => {
    const res = await fetch(`${demo.model.url}/chat/completions`, {
      method: 'OPTIONS',
      headers: { origin: 'chrome-extension://abc', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type,x-stainless-os' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-methods')).toContain('POST');
    expect(res.headers.get('access-control-allow-headers')).toBe('authorization,content-type,x-stainless-os');
  });
});

describe('demo model: command line', () => {
  it('prints its URL and exits cleanly on SIGTERM', async () => {
    const child = spawn(process.execPath, ['demo/model/server.mjs', '--port', '0'], { cwd: process.cwd() });
    const line = await new Promise<string>((resolve) => child.stdout.once('data', (d: Buffer) => resolve(String(d))));
    expect(line).toMatch(/^Demo model on http:\/\/127\.0\.0\.1:\d+\/v1\n$/);
    const models = await fetch(`${line.trim().split(' on ')[1]}/models`);
    expect(models.status).toBe(200);
    const code = new Promise((resolve) => child.once('exit', (c) => resolve(c)));
    child.kill('SIGTERM');
    expect(await code).toBe(0);
  });
});

// The official SDK is what the product uses; these run when the `openai` package is installed.
const sdk = await import(/* @vite-ignore */ String('openai')).catch(() => null);
const OpenAI = sdk?.default as (new (options: Record<string, unknown>) => any) | undefined;

describe.skipIf(!OpenAI)(`demo model: with the official openai SDK${OpenAI ? '' : ' (skipped: the openai package is not installed)'}`, () => {
  const client = (apiKey = 'sk-demo') => new OpenAI!({ apiKey, baseURL: demo.model.url, maxRetries: 0 });
  const user = (content: string) => ({ model: 'deskmate-demo', messages: [{ role: 'user', content }] });

  it('lists models and answers with and without streaming', async () => {
    const models = await client().models.list();
    expect(models.data.map((m: { id: string }) => m.id)).toEqual(['deskmate-demo']);
    const whole = await client().chat.completions.create(user('Who are you?'));
    let text = '';
    for await (const chunk of await client().chat.completions.create({ ...user('Who are you?'), stream: true })) {
      text += chunk.choices[0]?.delta.content ?? '';
    }
    expect(text).toBe(whole.choices[0].message.content);
  });

  it('streams tool calls that the SDK assembles', async () => {
    const runner = client().chat.completions.stream({ ...user('Draft a reply please'), tools: TOOLS, stream_options: { include_usage: true } });
    const done = await runner.finalChatCompletion();
    expect(done.choices[0].finish_reason).toBe('tool_calls');
    expect(done.choices[0].message.tool_calls).toMatchObject([{ id: 'call_1', type: 'function', function: { name: 'ticket__read', arguments: '{}' } }]);
    expect(done.usage.total_tokens).toBeGreaterThan(0);
  });

  it('surfaces 401, 404, 429 and a cut stream as SDK errors', async () => {
    await expect(client('bad-key').chat.completions.create(user('hi'))).rejects.toMatchObject({ status: 401, code: 'invalid_api_key' });
    await expect(client().chat.completions.create({ ...user('hi'), model: 'nope' })).rejects.toMatchObject({ status: 404, code: 'model_not_found' });
    await control('script', [{ status: 429 }, { text: 'Half an answer that never ends', cutAfterChars: 6, holdCut: true }]);
    await expect(client().chat.completions.create(user('hi'))).rejects.toBeInstanceOf(sdk!.RateLimitError);
    let text = '';
    const consume = async () => {
      for await (const chunk of await client().chat.completions.create({ ...user('hi'), stream: true })) {
        text += chunk.choices[0]?.delta.content ?? '';
        // The held cut drops the connection once the text before it has been read.
        if (text === 'Half a') await control('release-cut', {});
      }
    };
    await expect(consume()).rejects.toThrow();
    expect(text).toBe('Half a');
  });
});
