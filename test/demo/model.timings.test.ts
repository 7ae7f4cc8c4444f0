import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startDemoModel, type DemoModel, type DemoTiming } from '../../demo/model/server.mjs';

// The demo model's own clock, which `npm run bench` subtracts from the time a turn takes.
let model: DemoModel;
beforeAll(async () => {
  model = await startDemoModel({ port: 0, chunkDelayMs: 5 });
});
afterAll(() => model.close());
beforeEach(() => model.reset());

const chat = (stream: boolean) =>
  fetch(`${model.url}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'deskmate-demo', stream, messages: [{ role: 'user', content: 'hello' }] }),
  }).then((res) => res.text());
const wall = () => performance.timeOrigin + performance.now();

describe('demo model timings', () => {
  it('times a streamed request from arrival to the last byte, and stamps each chunk with its text', async () => {
    model.script([{ text: 'w1 w2 w3' }]);
    const before = wall();
    await chat(true);
    const after = wall();

    const [timing] = model.timings();
    expect(timing).toBeDefined();
    const { receivedAt, endedAt, ms, chunks } = timing!;
    expect(receivedAt).toBeGreaterThanOrEqual(before);
    expect(endedAt).not.toBeNull();
    expect(endedAt!).toBeLessThanOrEqual(after);
    expect(ms).toBeCloseTo(endedAt! - receivedAt, 6);
    // Three word chunks, 5 ms apart at least.
    expect(chunks.filter((c) => c.text).map((c) => c.text)).toEqual(['w1 ', 'w2 ', 'w3']);
    expect(ms!).toBeGreaterThanOrEqual(3 * 5 - 1);
    const times = chunks.map((c) => c.at);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(times[0]!).toBeGreaterThanOrEqual(receivedAt);
    expect(times.at(-1)!).toBeLessThanOrEqual(endedAt!);
  });

  it('times a request without streaming and lists requests oldest first over HTTP', async () => {
    await chat(false);
    await chat(true);

    const timings = (await fetch(`${model.origin}/_control/timings`).then((r) => r.json())) as DemoTiming[];
    expect(timings).toHaveLength(2);
    expect(timings[0]!.chunks).toEqual([]);
    expect(timings[1]!.chunks.length).toBeGreaterThan(0);
    expect(timings[0]!.receivedAt).toBeLessThan(timings[1]!.receivedAt);
    expect(timings.every((t) => t.ms !== null && t.ms >= 0)).toBe(true);
  });

  it('forgets its timings on reset, and refuses browsers like the other control endpoints', async () => {
    await chat(false);
    model.reset();
    expect(model.timings()).toEqual([]);

    const fromPage = await fetch(`${model.origin}/_control/timings`, { headers: { origin: 'https://evil.example' } });
    expect(fromPage.status).toBe(403);
  });
});
