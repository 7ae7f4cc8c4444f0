import type { ComponentType, FunctionComponent } from 'preact';
import { useEffect, useState } from 'preact/hooks';

/** A view in its own chunk, with a way to load it ahead of its first render. */
export type LazyView<P> = FunctionComponent<P> & { load(): Promise<ComponentType<P>> };

/**
 * A view the sidebar rarely shows (the Page and Audit tabs, teach mode, the setup card, what
 * left the browser, the confirm card) is kept out of the first load: its chunk is fetched the
 * first time it is rendered, and until then (a frame or two) nothing stands in its place. A
 * failed fetch is not remembered: the next render tries again.
 */
export function lazyView<P extends object>(importer: () => Promise<ComponentType<P>>): LazyView<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const load = () =>
    (loading ??= importer().then(
      (view) => (loaded = view),
      (error: unknown) => {
        loading = null;
        throw error;
      },
    ));
  const View = (props: P) => {
    const [, setReady] = useState(loaded !== null);
    useEffect(() => {
      if (loaded) return;
      let live = true;
      load().then(
        () => live && setReady(true),
        () => undefined,
      );
      return () => {
        live = false;
      };
    }, []);
    const Loaded = loaded;
    return Loaded ? <Loaded {...props} /> : null;
  };
  return Object.assign(View, { load });
}

/**
 * Fetches views the agent may need soon once the page is idle after its first paint, so their
 * first use is not kept waiting (a click never feels lost); a failure waits for their first render.
 */
export function loadWhenIdle(views: readonly { load(): Promise<unknown> }[]): () => void {
  const run = () => views.forEach((view) => void view.load().catch(() => undefined));
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(run, { timeout: 2000 });
    return () => cancelIdleCallback(id);
  }
  const timer = setTimeout(run, 200);
  return () => clearTimeout(timer);
}
