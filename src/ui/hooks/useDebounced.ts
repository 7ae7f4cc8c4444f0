import { useEffect, useRef } from 'preact/hooks';

export interface Debounced<T> {
  /** Calls with this value once no other comes for the delay. */
  schedule(value: T): void;
  /** Calls now with the value still waiting, if any. */
  flush(): void;
}

/**
 * Calls `fn` with the last value once calls pause for `ms`. What is still waiting when the
 * component goes away (or the page is closed) is called then: an edit is never dropped by closing the sidebar.
 */
export function useDebounced<T>(fn: (value: T) => void, ms: number): Debounced<T> {
  const latest = useRef(fn);
  latest.current = fn;
  const waiting = useRef<{ value: T; timer: ReturnType<typeof setTimeout> } | null>(null);
  const flush = () => {
    const w = waiting.current;
    if (!w) return;
    clearTimeout(w.timer);
    waiting.current = null;
    latest.current(w.value);
  };
  const schedule = (value: T) => {
    if (waiting.current) clearTimeout(waiting.current.timer);
    waiting.current = { value, timer: setTimeout(flush, ms) };
  };
  useEffect(() => {
    // Closing the sidebar unloads the page without unmounting components.
    addEventListener('pagehide', flush);
    return () => {
      removeEventListener('pagehide', flush);
      flush();
    };
  }, []);
  const api = useRef<Debounced<T>>({ schedule, flush });
  api.current.schedule = schedule;
  api.current.flush = flush;
  return api.current;
}
