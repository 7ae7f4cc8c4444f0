/** Small, pure formatters the components share. */

/**
 * Date formatters, each made once at its first use: one takes microseconds to use and far more to
 * make, and the first made in a page also loads the locale's data (30 to 55 ms in Chromium on a
 * 2-core machine), which would land in the render of whatever first shows a time (a big ticket,
 * say). The sidebar makes one once it is idle (`warmDateFormats`).
 */
function madeOnce(options: Intl.DateTimeFormatOptions): () => Intl.DateTimeFormat {
  let made: Intl.DateTimeFormat | undefined;
  return () => (made ??= new Intl.DateTimeFormat(undefined, options));
}
const dateTime = madeOnce({ dateStyle: 'short', timeStyle: 'medium' });
const clock = madeOnce({ hour: '2-digit', minute: '2-digit' });
const dayAndClock = madeOnce({ weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });

/** As Date's toLocaleString with the same options: "Invalid Date" for a time that is not one. */
const formatted = (format: () => Intl.DateTimeFormat, ms: number): string => (Number.isNaN(new Date(ms).getTime()) ? String(new Date(NaN)) : format().format(ms));

/** Date and time, in the reader's locale. */
export const formatTime = (ms: number): string => formatted(dateTime, ms);

/** Hours and minutes, for an expiry a few minutes away. */
export const formatClock = (ms: number): string => formatted(clock, ms);

/** A time a few days back at most: the clock alone today, with the day before it otherwise. */
export function formatWhen(ms: number, now = Date.now()): string {
  const then = new Date(ms);
  if (then.toDateString() === new Date(now).toDateString()) return formatClock(ms);
  return formatted(dayAndClock, ms);
}

/** Loads the locale's date data ahead of the first time shown. */
export const warmDateFormats = (): void => void formatTime(0);

/** A digest as people compare it: the first 12 hex characters. */
export const shortDigest = (digest: string): string => digest.slice(0, 12);

/** The message of whatever a failed request threw. */
export const errorText = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/** A site's host, as the agent knows it ("helpdesk.example.com"); what is no URL, as it is. */
export const hostOf = (site: string | null): string => {
  try {
    return site ? new URL(site).host : '—';
  } catch {
    return site ?? '—';
  }
};
