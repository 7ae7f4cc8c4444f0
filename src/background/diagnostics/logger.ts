import { browser } from 'wxt/browser';
import type { LogEntry, LogLevel } from '../../shared/diagnostics';
import type { PersonalData } from '../../shared/personal-data-module';
import { personalDataScript } from '../model/personal-data';

/** How many entries the ring keeps: enough for a session's failures, small enough to read. */
export const LOG_CAPACITY = 200;
/** The most entries one area keeps, so that the others' last failures stay readable. */
export const AREA_SHARE = LOG_CAPACITY / 2;
const KEY = 'diagnostics';
/** An error's own text is cut here: the kind of failure, not a page's content. */
const DETAIL_CHARS = 200;

export interface LogArea {
  get(key: string): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
  remove(key: string): Promise<void>;
}

/** core/pii's detection, which the personal data script carries (it is no part of the worker's start). */
export type DetectPersonalData = PersonalData['detectPersonalData'];

/**
 * An error as a log line may hold it: its name and the first characters of its message, with
 * addresses, numbers and links' queries taken out. Callers name what failed in their own words;
 * ticket text and personal data have no place in diagnostics an agent exports and hands on.
 * Without the detection (its script could not load), only the error's name.
 */
export function errorDetail(error: unknown, detect: DetectPersonalData | null): string {
  if (!detect) return `${error instanceof Error ? error.name : 'Error'} (text left out: the personal data check could not load)`;
  const raw = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  let text = raw.replace(/\s+/g, ' ').replace(/(https?:\/\/[^\s?#"']+)[?#][^\s"']*/g, '$1?…').slice(0, DETAIL_CHARS);
  for (const f of detect(text).reverse()) text = `${text.slice(0, f.start)}[${f.kind}]${text.slice(f.end)}`;
  return text.length < raw.length && raw.length > DETAIL_CHARS ? `${text}…` : text;
}

/** The personal data script's detection, loaded at the first error to describe; null if it cannot load. */
const loadDetection = (): Promise<DetectPersonalData | null> => personalDataScript.load().then((m) => m.detectPersonalData, () => null);

/** An error's detail (errorDetail), for a caller outside the log. */
export const describeError = async (error: unknown): Promise<string> => errorDetail(error, await loadDetection());

const CONSOLE: Record<LogLevel, 'info' | 'warn' | 'error'> = { info: 'info', warn: 'warn', error: 'error' };

/**
 * The background's logger: each entry goes to the console and to a ring of the last
 * LOG_CAPACITY entries in storage.session (kept across worker restarts, gone with the browser
 * session, out of content scripts' reach), which the options page's diagnostics view reads.
 * Logging never throws and never waits on the caller's path.
 */
export function createLogger(area: () => LogArea = () => browser.storage.session as unknown as LogArea, now = Date.now, detection = loadDetection) {
  let writes: Promise<void> = Promise.resolve();
  // Read each time, not cached: a restarted worker, or another copy of the background, wrote last.
  const load = async () => (((await area().get(KEY))[KEY] as LogEntry[] | undefined) ?? []).slice(-LOG_CAPACITY);
  /** One write at a time, in order; a failed write is lost, not retried or rethrown. */
  const queue = (work: () => Promise<void>) => (writes = writes.then(work).catch(() => undefined));

  function write(level: LogLevel, where: string, message: string, error?: unknown): void {
    const time = now();
    queue(async () => {
      // An error's detail waits for the detection's script (loaded at the first one), so the
      // console line does too; entries stay in the order they were written.
      const detail = error === undefined ? undefined : errorDetail(error, await detection());
      const entry: LogEntry = { time, level, area: where, message, ...(detail === undefined ? {} : { detail }) };
      console[CONSOLE[level]](`Deskmate [${where}] ${message}${detail ? `: ${detail}` : ''}`);
      const list = await load();
      // The same failure again is counted and moved to the end, not added: a loop, or a page
      // sending refused messages in turn, cannot push out the rest.
      const same = list.findIndex((e) => e.level === entry.level && e.area === entry.area && e.message === entry.message && e.detail === entry.detail);
      if (same >= 0) {
        const [earlier] = list.splice(same, 1);
        list.push({ ...earlier!, time: entry.time, count: (earlier!.count ?? 1) + 1 });
      } else list.push(entry);
      // One area holds at most AREA_SHARE of the ring: a flood of one kind pushes out its own
      // oldest entries, never the other areas'.
      if (list.filter((e) => e.area === entry.area).length > AREA_SHARE) list.splice(list.findIndex((e) => e.area === entry.area), 1);
      await area().set({ [KEY]: list.slice(-LOG_CAPACITY) });
    });
  }

  return {
    info: (where: string, message: string, error?: unknown) => write('info', where, message, error),
    warn: (where: string, message: string, error?: unknown) => write('warn', where, message, error),
    error: (where: string, message: string, error?: unknown) => write('error', where, message, error),
    /** A `.catch` handler for a failure that is kept from the caller on purpose, but not from the log. */
    swallow:
      (where: string, message: string, level: LogLevel = 'warn') =>
      (error: unknown): undefined => {
        write(level, where, message, error);
        return undefined;
      },
    /** Oldest first, once every earlier write is in. */
    async list(): Promise<LogEntry[]> {
      await writes;
      return load();
    },
    async clear(): Promise<void> {
      await queue(() => area().remove(KEY));
    },
  };
}

export type Logger = ReturnType<typeof createLogger>;

/** The background's one logger. */
export const log: Logger = createLogger();

/**
 * The browser's answer when a message has no listener: no sidebar open, no content script in that
 * tab (Chrome 156 and Firefox 153: "Could not establish connection. Receiving end does not exist.";
 * WXT's fake browser: "No listeners available").
 */
export const isNoReceiver = (error: unknown): boolean =>
  /Receiving end does not exist|Could not establish connection|No listeners available/i.test(String((error as Error)?.message ?? error));

/** A `.catch` for a message that may find no listener (normal), logging any other failure. */
export const unlessNoReceiver =
  (where: string, message: string) =>
  (error: unknown): undefined => {
    if (!isNoReceiver(error)) log.warn(where, message, error);
    return undefined;
  };
