import type { BrowserContext } from 'playwright-core';
import type { DemoModel } from '../../demo/model/server.mjs';
import { poll } from '../../test/e2e/harness/wait';

/**
 * The browser's share of a turn: the story turn's own request bodies sent again, one after the
 * other, by a bare `fetch` and a read loop in the extension's service worker, with nothing of
 * Deskmate in between. What is left after the model server's own time is what fetching from a
 * local HTTP server costs the worker (connection, IPC to the network service, delivery of the
 * stream), the part of "own time" no code of ours can cut.
 */
export async function measureBrowserFloor(context: BrowserContext, model: DemoModel, bodies: unknown[], runs: number): Promise<number[]> {
  const [worker] = context.serviceWorkers();
  if (!worker) throw new Error('browser floor: the extension service worker is not running');
  const url = `${model.url.replace(/\/+$/, '')}/chat/completions`;
  const floors: number[] = [];
  for (let run = 0; run < runs; run++) {
    const first = model.timings().length;
    const spans = await worker.evaluate(
      async ({ url, texts }) => {
        const now = () => performance.timeOrigin + performance.now();
        const out: { start: number; end: number }[] = [];
        for (const body of texts) {
          const start = now();
          const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json', authorization: 'Bearer none' }, body });
          const reader = response.body!.getReader();
          while (!(await reader.read()).done);
          out.push({ start, end: now() });
        }
        return out;
      },
      { url, texts: bodies.map((b) => JSON.stringify(b)) },
    );
    const timings = await poll(
      () => {
        const all = model.timings().slice(first);
        return all.length === spans.length && all.every((t) => t.endedAt !== null) ? all : undefined;
      },
      "the demo model's timings of the bare fetches",
      { timeoutMs: 5_000 },
    );
    floors.push(spans.reduce((sum, s, i) => sum + (timings[i]!.receivedAt - s.start) + (s.end - timings[i]!.endedAt!), 0));
  }
  return floors;
}
