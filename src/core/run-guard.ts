import { errorMessage, fail } from './results';
import type { ToolResult } from './tool';

// setTimeout fires at once for any delay past 2^31 - 1 ms (about 24.8 days).
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Runs one tool function under a deadline and the caller's abort signal. The function gets
 * a signal that aborts on either; whatever it does (throw, hang, resolve late) the caller
 * gets exactly one result.
 */
export async function guardedRun(
  label: string,
  timeoutMs: number,
  outer: AbortSignal | undefined,
  body: (signal: AbortSignal) => Promise<unknown>,
): Promise<{ settled: true; value: unknown } | { settled: false; result: ToolResult }> {
  if (outer?.aborted) return { settled: false, result: fail('aborted', `${label} was stopped`) };
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onAbort: (() => void) | undefined;

  const stopped = new Promise<ToolResult>((resolve) => {
    timer = setTimeout(() => {
      controller.abort(new Error('timeout'));
      resolve(fail('timeout', `${label} did not finish within ${timeoutMs} ms`));
    }, Math.min(timeoutMs, MAX_TIMER_MS));
    onAbort = () => {
      controller.abort(new Error('aborted'));
      resolve(fail('aborted', `${label} was stopped`));
    };
    outer?.addEventListener('abort', onAbort, { once: true });
  });

  const ran = (async () => {
    try {
      return { settled: true as const, value: await body(controller.signal) };
    } catch (e) {
      return { settled: false as const, result: fail('tool_failed', `${label} failed: ${errorMessage(e)}`) };
    }
  })();

  try {
    return await Promise.race([ran, stopped.then((result) => ({ settled: false as const, result }))]);
  } finally {
    clearTimeout(timer);
    if (onAbort) outer?.removeEventListener('abort', onAbort);
  }
}
