/**
 * A knowledge base the team publishes at a URL (the same JSON or Markdown an import takes),
 * synced by the background: what the options page shows of it.
 */

/** Why the last check failed; the last good copy is kept in every case. */
export type KbSyncErrorCode =
  /** The browser has not granted access to the URL's host. */
  | 'permission'
  /** No answer: the server is down, the address is wrong, or the browser refused the request. */
  | 'network'
  /** An answer that is not 2xx (or 304). `detail`: the status. */
  | 'status'
  /** Longer than an imported file may be. `detail`: the limit. */
  | 'too_large'
  /** Nothing an import would take. `detail`: the import's first problem. */
  | 'not_kb'
  /** Redirected to a host Deskmate has no access to. `detail`: that origin. */
  | 'redirect'
  /** A web page (a sign-in page, an error page), not JSON or Markdown. */
  | 'web_page';

export interface KbSyncError {
  code: KbSyncErrorCode;
  detail: string;
  at: number;
}

export interface KbSyncView {
  /** The URL in force: the organisation's, else the agent's own; null when none is set. */
  url: string | null;
  /** The URL is the organisation's policy's: shown as such, not editable. */
  managed: boolean;
  /** The agent's own URL as saved ('' for none). */
  ownUrl: string;
  /** Articles in the last good copy of `url`. */
  articles: number;
  /** When the last good copy was fetched (a 200), ms since the epoch. */
  syncedAt: number | null;
  /** When the URL was last asked (a 200 or a 304). */
  checkedAt: number | null;
  /** The last check's failure, if it failed. */
  error: KbSyncError | null;
  /** What the import checks left out of the last good copy (as an import reports it). */
  problems: string[];
}

/** How often the background checks the URL again. */
export const KB_SYNC_PERIOD_MINUTES = 180;

/** An http(s) URL, trimmed, or null ('' stays '': no URL). */
export function kbUrlOf(value: string): string | null {
  const url = value.trim();
  if (url === '') return '';
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null;
  } catch {
    return null;
  }
}
