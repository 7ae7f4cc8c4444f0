/** Helpers so that a Stop is honoured even by a model or a sleep that ignores its signal. */

export const ABORTED: unique symbol = Symbol('aborted');

/** A promise that settles when `signal` aborts; `dispose` removes its listener. */
export function whenAborted(signal: AbortSignal): { promise: Promise<typeof ABORTED>; dispose: () => void } {
  let listener = () => {};
  const promise = new Promise<typeof ABORTED>((resolve) => {
    listener = () => resolve(ABORTED);
    if (signal.aborted) resolve(ABORTED);
    else signal.addEventListener('abort', listener, { once: true });
  });
  return { promise, dispose: () => signal.removeEventListener('abort', listener) };
}

/** Waits `ms`, or until `signal` aborts. */
export function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}

/** A signal that never aborts, for callers that pass none. */
export const neverAborted = (): AbortSignal => new AbortController().signal;
