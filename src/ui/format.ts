/** Small, pure formatters the components share. */

/** Date and time, in the reader's locale. */
export const formatTime = (ms: number): string =>
  new Date(ms).toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'medium' });

/** Hours and minutes, for an expiry a few minutes away. */
export const formatClock = (ms: number): string =>
  new Date(ms).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });

/** A time a few days back at most: the clock alone today, with the day before it otherwise. */
export function formatWhen(ms: number, now = Date.now()): string {
  const then = new Date(ms);
  if (then.toDateString() === new Date(now).toDateString()) return formatClock(ms);
  return then.toLocaleString(undefined, { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
}

/** A digest as people compare it: the first 12 hex characters. */
export const shortDigest = (digest: string): string => digest.slice(0, 12);

/** Any tool data, readable: pretty JSON, or the text itself. */
export function prettyData(data: unknown): string {
  if (typeof data === 'string') return data;
  try {
    return JSON.stringify(data, null, 2) ?? String(data);
  } catch {
    return String(data);
  }
}

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
