import { describe, expect, it } from 'vitest';
import { readStream, useDemoModel } from './demo-model-client';

const demo = useDemoModel();
const { post, control } = demo;

describe('demo model: test hooks', () => {
  it('cuts a scripted stream after the given characters, without [DONE]', async () => {
    await control('script', [{ text: 'The quick brown fox jumps over the lazy dog.', cutAfterChars: 13, holdCut: true }]);
    const res = await post({ model: 'deskmate-demo', messages: [{ role: 'user', content: 'hi' }], stream: true });
    const reader = res.body!.getReader();
    let raw = '';
    let released = false;
    const read = async () => {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        raw += new TextDecoder().decode(value);
        // The cut is held until the text before it has been read (a held cut waits for this).
        if (!released && raw.includes('bro"')) {
          released = true;
          await control('release-cut', {});
        }
      }
    };
    await expect(read()).rejects.toThrow();
    expect(raw).not.toContain('[DONE]');
    const text = raw.split('\n\n').filter(Boolean).map((e) => JSON.parse(e.slice(6)).choices[0].delta.content ?? '').join('');
    expect(text).toBe('The quick bro');
  });

  it('answers scripted error statuses with OpenAI error JSON, then the next item, then the demo', async () => {
    await control('script', [{ status: 429 }, { status: 500 }, { text: 'scripted', delayMs: 30, toolCalls: [{ name: 'kb__search', arguments: { query: 'x' } }] }]);
    const body = { model: 'deskmate-demo', messages: [{ role: 'user', content: 'hi' }] };
    const limited = await post(body);
    expect(limited.status).toBe(429);
    expect((await limited.json()).error).toMatchObject({ code: 'rate_limit_exceeded', message: expect.any(String) });
    const failed = await post(body);
    expect(failed.status).toBe(500);
    expect((await failed.json()).error).toMatchObject({ type: 'server_error' });
    const scripted = await readStream(await post({ ...body, stream: true }));
    expect(scripted).toMatchObject({ text: 'scripted', finish: 'tool_calls', calls: [{ id: 'call_1', name: 'kb__search', arguments: '{"query":"x"}' }] });
    expect((await readStream(await post({ ...body, stream: true }))).text).toMatch(/demo model/);
  });

  it('records the request bodies in order and forgets them on reset', async () => {
    await post({ model: 'deskmate-demo', messages: [{ role: 'user', content: 'one' }] });
    await post({ model: 'deskmate-demo', messages: [{ role: 'user', content: 'two' }], stream: true }).then((r) => r.text());
    const seen = (await (await control('requests')).json()) as { messages: { content: string }[] }[];
    expect(seen.map((b) => b.messages[0]!.content)).toEqual(['one', 'two']);
    expect(demo.model.requests()).toEqual(seen);
    expect((await control('reset', {})).status).toBe(200);
    expect(await (await control('requests')).json()).toEqual([]);
  });

  it('refuses control requests from browsers and bad scripts', async () => {
    const fromPage = await fetch(`${demo.model.origin}/_control/reset`, { method: 'POST', headers: { origin: 'https://evil.example' } });
    expect(fromPage.status).toBe(403);
    expect((await control('script', [{ status: 200 }])).status).toBe(400);
    expect((await control('script', [{ text: 'x', holdCut: true }])).status).toBe(400);
    expect((await control('script', [{ text: 'x', cutAfterChars: 1, holdCut: 'yes' }])).status).toBe(400);
  });
});
