import { browser } from 'wxt/browser';
import { KB_SYNC_PERIOD_MINUTES } from '../../shared/kb-sync';
import type { KbSync } from './kb-sync';
import { kbSourceUrl } from './kb-sync';
import { log } from '../diagnostics/logger';
import { managedPolicy } from '../access/policy';

export const KB_SYNC_ALARM = 'kb-sync';
/** Set in session storage once the URL was checked in this run of the browser (it is empty at each start). */
const CHECKED_THIS_SESSION = 'kbSyncChecked';
/** After the worker answers its first messages: the sync is never on the path to them. */
const START_DELAY_MS = 2_000;

/**
 * When the knowledge base at a URL is checked: once per browser start, every few hours by an
 * alarm (which outlives the worker), and at once when the URL in force changes. The listeners
 * are added synchronously at the worker's start, as MV3 requires; the first check waits until
 * the background is up and has had time to answer what woke it.
 */
export function watchKbSync(ready: Promise<KbSync>): void {
  const run = (why: string) => void ready.then((sync) => sync.run()).catch(log.swallow('kb-sync', `Could not sync the knowledge base (${why})`, 'error'));
  browser.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name === KB_SYNC_ALARM) run('alarm');
  });
  managedPolicy.onChange(() => void ready.then(startKbSync).catch(log.swallow('kb-sync', 'Could not follow the policy’s knowledge-base URL', 'error')));
  void ready.then((sync) => setTimeout(() => void startKbSync(sync).catch(log.swallow('kb-sync', 'Could not start the knowledge-base sync', 'error')), START_DELAY_MS));
}

/** Keeps the alarm while a URL is set, and checks now when that is due. */
export async function startKbSync(sync: KbSync): Promise<void> {
  const { url } = await kbSourceUrl();
  if (!url) await browser.alarms.clear(KB_SYNC_ALARM);
  // Created once: created again at every start of the worker, it would never come due.
  else if (!(await browser.alarms.get(KB_SYNC_ALARM))) await browser.alarms.create(KB_SYNC_ALARM, { delayInMinutes: KB_SYNC_PERIOD_MINUTES, periodInMinutes: KB_SYNC_PERIOD_MINUTES });
  const session = await browser.storage.session.get(CHECKED_THIS_SESSION);
  if (url && !session[CHECKED_THIS_SESSION]) {
    await browser.storage.session.set({ [CHECKED_THIS_SESSION]: true });
    await sync.run();
  } else if (await sync.due()) await sync.run();
}
