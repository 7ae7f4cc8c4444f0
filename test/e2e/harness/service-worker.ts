import type { BrowserContext, CDPSession, Page, Worker } from 'playwright-core';
import { extensionIdOf, extensionUrl } from './extension-pages';
import { DEFAULT_TIMEOUT_MS, poll, type WaitOptions } from './wait';

/**
 * Stopping and watching the MV3 service worker. Playwright fires no event when the worker
 * stops, and Worker.evaluate hangs while it is stopped (Chromium 156), so the truth comes from
 * the CDP ServiceWorker domain's workerVersionUpdated runningStatus.
 */
export type WorkerRunningStatus = 'stopped' | 'starting' | 'running' | 'stopping';

export interface WorkerOptions extends WaitOptions {
  /** Defaults to the extension whose worker Playwright knows in this context. */
  extensionId?: string;
}

interface Version {
  scriptURL: string;
  runningStatus: WorkerRunningStatus;
  status: string;
}

export async function serviceWorkerStatus(
  context: BrowserContext,
  options: WorkerOptions = {},
): Promise<WorkerRunningStatus> {
  const version = await withWatch(context, options, (watch) => watch.until(() => true, 'the current status'));
  return version.runningStatus;
}

/** Stops the extension's worker (about 20 ms here) and resolves once CDP reports it stopped. */
export async function stopServiceWorker(context: BrowserContext, options: WorkerOptions = {}): Promise<void> {
  await withWatch(context, options, async (watch) => {
    const settled = await watch.until(
      (v) => v.status === 'activated' && (v.runningStatus === 'running' || v.runningStatus === 'stopped'),
      'the worker to be installed, and running or stopped',
    );
    if (settled.runningStatus === 'stopped') return;
    // A message still on its way (a side panel's request, a page's announce) can start the worker
    // again right after the stop, so "stopped" may be followed by "starting" and "running" before
    // the next look: any report since the stop counts.
    const since = watch.mark();
    await watch.session.send('ServiceWorker.stopAllWorkers');
    await watch.until((v) => v.runningStatus === 'stopped', 'the worker to stop', since);
  });
}

/**
 * Resolves with Playwright's Worker once the extension's worker is activated and running; then
 * evaluate works. At launch Playwright reports the worker while it is still being installed.
 */
export async function waitForServiceWorkerRunning(
  context: BrowserContext,
  options: WorkerOptions = {},
): Promise<Worker> {
  const extensionId = options.extensionId ?? extensionIdOf(context);
  await withWatch(context, { ...options, extensionId }, (watch) => watch.until(isReady, 'the worker to run'));
  const scope = extensionUrl(extensionId, '');
  const worker = context.serviceWorkers().find((w) => w.url().startsWith(scope));
  const timeout = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  return worker ?? context.waitForEvent('serviceworker', { predicate: (w) => w.url().startsWith(scope), timeout });
}

const isReady = (version: Version) => version.runningStatus === 'running' && version.status === 'activated';

interface Watch {
  session: CDPSession;
  /** The position in the reports so far, for `until` to look from. */
  mark(): number;
  /** The latest report once it is `wanted`; with `since`, any report from that mark on. */
  until(wanted: (version: Version) => boolean, what: string, since?: number): Promise<Version>;
}

// The ServiceWorker domain lives on page targets only, so it borrows a page (or opens a blank one).
async function withWatch<T>(context: BrowserContext, options: WorkerOptions, use: (watch: Watch) => Promise<T>) {
  const scope = extensionUrl(options.extensionId ?? extensionIdOf(context), '');
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const scratch: Page | undefined = context.pages().length ? undefined : await context.newPage();
  const session = await context.newCDPSession(scratch ?? context.pages()[0]!);
  let current: Version | undefined; // one extension, one live version: the last one reported
  const reports: Version[] = [];
  session.on('ServiceWorker.workerVersionUpdated', (event) => {
    for (const version of event.versions) {
      if (version.scriptURL.startsWith(scope) && version.status !== 'redundant') {
        current = version;
        reports.push(version);
      }
    }
  });
  const describe = () => (current ? `${current.runningStatus}, ${current.status}` : 'not registered');
  const mark = () => reports.length;
  const until = (wanted: (version: Version) => boolean, what: string, since?: number) =>
    poll(
      () => (since === undefined ? (current && wanted(current) ? current : undefined) : reports.slice(since).find(wanted)),
      () => `${what} (${scope}: ${describe()})`,
      { timeoutMs, intervalMs: 10 },
    );
  try {
    await session.send('ServiceWorker.enable'); // replays the current versions as events
    return await use({ session, mark, until });
  } finally {
    await session.detach().catch(() => undefined);
    await scratch?.close().catch(() => undefined);
  }
}
