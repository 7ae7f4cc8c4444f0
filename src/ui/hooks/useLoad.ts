import { useEffect, useRef, useState } from 'preact/hooks';
import { onBroadcast } from '../client';
import type { Broadcast } from '../../shared/protocol';
import { errorText } from '../format';

export interface Loaded<T> {
  /** null until the first answer (and again after `deps` change). */
  value: T | null;
  /** Why the last load failed; the last good value is kept. */
  error: string | null;
}

/**
 * Something the background holds: loaded when `deps` change, and again on every broadcast
 * `reloadOn` accepts. Only the newest answer counts, since an older one may arrive last.
 * `load` null means there is nothing to load.
 */
export function useLoad<T>(load: (() => Promise<T>) | null, reloadOn: (m: Broadcast) => boolean, deps: unknown[]): Loaded<T> {
  const [state, setState] = useState<Loaded<T>>({ value: null, error: null });
  const latest = useRef(0);

  useEffect(() => {
    setState({ value: null, error: null });
    if (!load) return;
    const run = () => {
      const n = ++latest.current;
      load().then(
        (value) => n === latest.current && setState({ value, error: null }),
        (e: unknown) => n === latest.current && setState((s) => ({ value: s.value, error: errorText(e) })),
      );
    };
    run();
    const off = onBroadcast((m) => reloadOn(m) && run());
    return () => {
      latest.current++;
      off();
    };
  }, deps);

  return state;
}
