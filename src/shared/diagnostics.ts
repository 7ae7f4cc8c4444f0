/** How much a diagnostics entry matters: info for a failure that is expected now and then. */
export type LogLevel = 'info' | 'warn' | 'error';

/** One line of the background's diagnostics: what failed, where and when; never ticket text. */
export interface LogEntry {
  /** Milliseconds since the epoch. */
  time: number;
  level: LogLevel;
  /** The part of the background it comes from (chat, site-access, router, ...). */
  area: string;
  /** What failed, in the code's own words. */
  message: string;
  /** The error's name and the start of its message, personal data taken out. */
  detail?: string;
  /** The same entry this many times in a row (the time is the last one's). */
  count?: number;
}
