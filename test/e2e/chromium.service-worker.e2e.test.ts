import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchChromium,
  openExtensionPage,
  serviceWorkerStatus,
  stopServiceWorker,
  tabIdOf,
  waitForServiceWorkerRunning,
  type ChromeApi,
  type ChromiumHarness,
} from './harness/chromium';
import { sleep } from './harness/wait';

declare const chrome: ChromeApi;

describe('the MV3 service worker under test control', () => {
  let chromium: ChromiumHarness;

  beforeAll(async () => {
    chromium = await launchChromium();
  });
  afterAll(async () => {
    await chromium?.close();
  });

  it('reports the worker running after launch', async () => {
    expect(await serviceWorkerStatus(chromium.context)).toBe('running');
  });

  it('stops the worker on demand, and it stays stopped', async () => {
    await stopServiceWorker(chromium.context);
    await sleep(300);

    expect(await serviceWorkerStatus(chromium.context)).toBe('stopped');
  });

  it('fails a tab lookup through a stopped worker with a timeout, not a hang', async () => {
    await stopServiceWorker(chromium.context);
    const page = chromium.context.pages()[0]!;

    await expect(tabIdOf(page, { timeoutMs: 2_000 })).rejects.toThrow(/timed out after 2000 ms: chrome\.tabs\.query/);
  });

  it('wakes the worker when an extension page messages it', async () => {
    await stopServiceWorker(chromium.context);
    const page = await openExtensionPage(chromium.context, chromium.extensionId, 'options.html');
    // Whatever the page itself sends, one more message is a sure wake-up; no reply is needed.
    await page.evaluate(() => chrome.runtime.sendMessage({ type: 'e2e.wake' }).catch(() => undefined));

    const worker = await waitForServiceWorkerRunning(chromium.context);

    expect(worker).toBe(chromium.serviceWorker);
    expect(await worker.evaluate(() => chrome.runtime.id)).toBe(chromium.extensionId);
    await page.close();
  });

  // Chromium lets a worker import a script after its first run only if it imported it at install
  // (src/background/lazy-script.ts): a stopped worker started again by a message must still run
  // the handlers kept in scripts of their own.
  it('runs the handlers it keeps in scripts of their own after a stop of the worker: saved replies, teach mode', async () => {
    await stopServiceWorker(chromium.context);
    expect(await serviceWorkerStatus(chromium.context)).toBe('stopped');
    const page = await openExtensionPage(chromium.context, chromium.extensionId, 'options.html');
    const send = (m: object) => page.evaluate((m) => chrome.runtime.sendMessage(m), m);
    const data = { version: 1, replies: [{ id: 'thanks', title: 'Thanks', body: 'Thanks, {{customer.first_name}}!' }] };
    expect(await send({ type: 'savedReplies.save', data })).toEqual({ ok: true, value: { ok: true } });
    expect(await send({ type: 'teach.cancel', tabId: 1 })).toEqual({ ok: true, value: { ok: true } });
    await page.close();
  });
});
