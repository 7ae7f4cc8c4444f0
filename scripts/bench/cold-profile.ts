/**
 * `npx vite-node scripts/bench/cold-profile.ts -- [--ext DIR] [--runs N] [--profile]`: the
 * service worker's cold start, taken apart. Launches Chromium over a raw CDP pipe with the built
 * extension, opens one of its pages, and `runs` times stops the worker (CDP
 * ServiceWorker.stopAllWorkers), waits, and wakes it with the chat port's first message,
 * timing click -> answer. With --profile a CPU profile of the worker is started before its
 * first line (browser-level Target.setAutoAttach with waitForDebuggerOnStart, Profiler.start,
 * Runtime.runIfWaitingForDebugger) and its top self-time functions are printed. Printed
 * figures only; nothing here asserts a time.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromiumArgs } from '../../test/e2e/harness/chromium';
import { CHROME_EXTENSION_DIR, chromePath } from '../../test/e2e/harness/paths';
import { launchOverPipe, type CdpPipe } from './cdp-pipe';
import { renderProfile, sourceMaps, summarizeProfile } from './profile';
import { summarize } from './stats';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(get: () => T | undefined, what: string, timeoutMs = 20_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = get();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(5);
  }
}

/** What the page runs to wake the worker: the message a sidebar sends first, timed to its answer. */
function wakeSource(port: string, message: unknown): string {
  return `new Promise((done) => {
    const now = () => performance.timeOrigin + performance.now();
    const message = ${JSON.stringify(message)};
    chrome.tabs.getCurrent((tab) => {
      if ('tabId' in message) message.tabId = tab.id;
      const t0 = now();
      const p = chrome.runtime.connect({ name: ${JSON.stringify(port)} });
      p.onMessage.addListener(() => { const t1 = now(); p.disconnect(); done({ t0, t1 }); });
      p.postMessage(message);
    });
  })`;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    args: process.argv.slice(2).filter((a) => a !== '--'),
    options: {
      ext: { type: 'string', default: CHROME_EXTENSION_DIR },
      runs: { type: 'string', default: '10' },
      profile: { type: 'boolean', default: false },
      save: { type: 'string' },
    },
  });
  const dir = values.ext!;
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as { name: string };
  const floor = manifest.name.startsWith('Cold-start floor');
  const [pagePath, port, message] = floor ? ['page.html', 'floor', { type: 'open' }] : ['options.html', 'chat', { type: 'chat.open', tabId: 0 }];
  const userDataDir = mkdtempSync(join(tmpdir(), 'deskmate-cold-profile-'));
  const cdp = launchOverPipe(chromePath(), [...chromiumArgs(dir), '--headless', `--user-data-dir=${userDataDir}`, 'about:blank']);
  try {
    await run(cdp, dir, pagePath, port, message, Number(values.runs), values.profile!, values.save);
  } finally {
    await cdp.close();
    rmSync(userDataDir, { recursive: true, force: true });
  }
}

async function run(cdp: CdpPipe, dir: string, pagePath: string, port: string, message: unknown, runs: number, profile: boolean, save?: string) {
  const targets = new Map<string, { type: string; url: string }>();
  cdp.on('Target.targetCreated', ({ targetInfo }) => targets.set(targetInfo.targetId, targetInfo));
  cdp.on('Target.targetInfoChanged', ({ targetInfo }) => targets.set(targetInfo.targetId, targetInfo));
  await cdp.send('Target.setDiscoverTargets', { discover: true });
  const worker = await until(() => [...targets.values()].find((t) => t.type === 'service_worker' && t.url.startsWith('chrome-extension://')), 'the extension worker');
  const extensionId = new URL(worker.url).host;
  const { targetId } = await cdp.send<{ targetId: string }>('Target.createTarget', { url: `chrome-extension://${extensionId}/${pagePath}` });
  const { sessionId: page } = await cdp.send<{ sessionId: string }>('Target.attachToTarget', { targetId, flatten: true });
  let status = '';
  let activated = false;
  cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }, sessionId) => {
    if (sessionId !== page) return;
    for (const v of versions)
      if (v.scriptURL.startsWith(`chrome-extension://${extensionId}/`) && v.status !== 'redundant') {
        status = v.runningStatus;
        activated = v.status === 'activated';
      }
  });
  await cdp.send('ServiceWorker.enable', {}, page);
  await sleep(2000); // the page's own start-up messages settle

  // The worker, caught before its first line: the browser target auto-attaches to new targets,
  // which wait until told to run. An attached worker's session would outlive a stop (and its next
  // start would not wait), so each run detaches it before stopping the worker.
  let workerSession: string | undefined;
  let profiling = false;
  const startProfiler = async (sessionId: string) => {
    await cdp.send('Profiler.enable', {}, sessionId);
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 }, sessionId);
    await cdp.send('Profiler.start', {}, sessionId);
    profiling = true;
  };
  if (profile) {
    cdp.on('Target.attachedToTarget', async ({ sessionId, targetInfo, waitingForDebugger }) => {
      if (targetInfo.type === 'service_worker' && targetInfo.url.startsWith(`chrome-extension://${extensionId}/`)) {
        workerSession = sessionId;
        if (waitingForDebugger) await startProfiler(sessionId);
      }
      if (waitingForDebugger) await cdp.send('Runtime.runIfWaitingForDebugger', {}, sessionId);
    });
    await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: true, flatten: true });
  }

  const wake = async () => {
    const { result } = await cdp.send<{ result: { value: { t0: number; t1: number } } }>('Runtime.evaluate', { expression: wakeSource(port, message), awaitPromise: true, returnByValue: true }, page);
    return result.value.t1 - result.value.t0;
  };
  await wake();
  const cold: number[] = [];
  const warm: number[] = [];
  const resolve = sourceMaps(dir);
  const summaries = [];
  for (let i = 0; i < runs; i++) {
    await until(() => (status === 'running' && activated ? true : undefined), 'the worker to run, activated');
    // Detached, the worker is attached afresh (and held before its first line) when it starts again.
    if (workerSession) await cdp.send('Target.detachFromTarget', { sessionId: workerSession });
    await cdp.send('ServiceWorker.stopAllWorkers', {}, page);
    await until(() => (status === 'stopped' ? true : undefined), 'the worker to stop');
    profiling = false;
    await sleep(500);
    cold.push(await wake());
    await sleep(100);
    warm.push(await wake());
    if (profile) {
      await until(() => (profiling ? true : undefined), 'the profiler on the started worker');
      const { profile: p } = await cdp.send<{ profile: Parameters<typeof summarizeProfile>[1] }>('Profiler.stop', {}, workerSession);
      if (save) await writeFile(`${save}-${i}.cpuprofile`, JSON.stringify(p));
      summaries.push(summarizeProfile(`worker start ${i + 1}`, p, resolve, 25));
    }
  }
  const c = summarize(cold);
  const w = summarize(warm);
  console.log(`${dir}: wake -> first answer, cold ${c.p50} ms p50 (p95 ${c.p95}), warm ${w.p50} ms p50, n=${c.n}${profile ? ' (profiled: slower than unprofiled)' : ''}`);
  console.log(`  cold: ${cold.map((x) => x.toFixed(1)).join(' ')}`);
  for (const s of summaries.slice(-2)) console.log(renderProfile(s));
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
