import { join } from 'node:path';
import type { DemoModel } from '../../demo/model/server.mjs';
import { launchChromium, stopServiceWorker } from '../../test/e2e/harness/chromium';
import { extensionUrl } from '../../test/e2e/harness/extension-pages';
import { ROOT } from '../../test/e2e/harness/paths';
import type { ColdStartFigures } from './cold-start';

/** A minimal MV3 extension: a worker that answers a port and makes one fetch (scripts/bench/floor-extension). */
export const FLOOR_EXTENSION_DIR = join(ROOT, 'scripts/bench/floor-extension');

/**
 * The floor under the cold-start figure: the same warm-vs-stopped turns as measureColdStart,
 * with an extension that does nothing but answer its page's port and fetch from the same model
 * server, in a Chromium launched the same way (same binary and switches) and stopped through
 * CDP the same way. What it shows is Chromium starting any worker on this machine.
 */
export async function measureColdFloor(model: DemoModel, pairs: number): Promise<ColdStartFigures> {
  const chromium = await launchChromium({ extensionDir: FLOOR_EXTENSION_DIR });
  const out: ColdStartFigures = { warmFirstRequestMs: [], coldFirstRequestMs: [], warmFirstTokenMs: [], coldFirstTokenMs: [], coldTypedToClickMs: [] };
  try {
    const page = await chromium.context.newPage();
    await page.goto(extensionUrl(chromium.extensionId, 'page.html'));
    await page.waitForFunction(() => typeof (globalThis as { floorTurn?: unknown }).floorTurn === 'function');
    const url = `${model.url}/chat/completions`;
    for (let i = 0; i < pairs; i++) {
      for (const cold of [false, true]) {
        if (cold) await stopServiceWorker(chromium.context, { extensionId: chromium.extensionId });
        model.script([{ text: `Floor check ${i + 1}, ${cold ? 'after a stop' : 'running'}.` }]);
        const body = JSON.stringify({ model: 'deskmate-demo', messages: [{ role: 'user', content: 'Say hello, please.' }], stream: true });
        const first = model.timings().length;
        const turn = await page.evaluate(
          ([u, b]) => (globalThis as unknown as { floorTurn(u: string, b: string): Promise<{ clickAt: number; tokenAt: number }> }).floorTurn(u!, b!),
          [url, body],
        );
        const received = model.timings()[first]?.receivedAt;
        if (received === undefined) throw new Error('the model server saw no request from the floor extension');
        (cold ? out.coldFirstRequestMs : out.warmFirstRequestMs).push(received - turn.clickAt);
        (cold ? out.coldFirstTokenMs : out.warmFirstTokenMs).push(turn.tokenAt - turn.clickAt);
      }
    }
    return out;
  } finally {
    await chromium.close();
  }
}
