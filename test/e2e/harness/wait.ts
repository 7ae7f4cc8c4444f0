/** Every wait in the harness is bounded, and says what it was waiting for when it gives up. */
export interface WaitOptions {
  timeoutMs?: number;
  intervalMs?: number;
}

export const DEFAULT_TIMEOUT_MS = 15_000;

export function sleep(ms: number): Promise<void> {
  return new Promise((done) => setTimeout(done, ms));
}

export async function withTimeout<T>(work: Promise<T>, timeoutMs: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${timeoutMs} ms: ${what}`)), timeoutMs);
  });
  try {
    return await Promise.race([work, expired]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Calls `probe` until it returns something other than undefined. A probe that throws counts
 * as "not yet" (a page mid-navigation throws), and its last error is kept for the message.
 * A probe that never settles (evaluate in a stopped worker) is cut off at the deadline too.
 * `what` may be a function, to describe the state at the moment it gives up.
 */
export async function poll<T>(
  probe: () => Promise<T | undefined> | T | undefined,
  what: string | (() => string),
  { timeoutMs = DEFAULT_TIMEOUT_MS, intervalMs = 50 }: WaitOptions = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    const left = Math.max(deadline - Date.now(), 1);
    try {
      const value = await withTimeout(Promise.resolve().then(probe), left, 'one probe');
      if (value !== undefined) return value;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() >= deadline) {
      const cause = lastError instanceof Error ? ` (last error: ${lastError.message})` : '';
      const waitedFor = typeof what === 'function' ? what() : what;
      throw new Error(`timed out after ${timeoutMs} ms: ${waitedFor}${cause}`);
    }
    await sleep(intervalMs);
  }
}
