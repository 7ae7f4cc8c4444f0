import type { ComponentType, FunctionComponent } from 'preact';
import { useEffect, useState } from 'preact/hooks';

/** A view in its own chunk, with a way to load it ahead of its first render. */
export type LazyView<P> = FunctionComponent<P> & { load(): Promise<ComponentType<P>> };

/**
 * A view the sidebar rarely shows (the Page and Audit tabs, teach mode, the setup card, what
 * left the browser) is kept out of the first load: its chunk is fetched the first time it is
 * rendered, and until then (a frame or two) nothing stands in its place.
 */
export function lazyView<P extends object>(importer: () => Promise<ComponentType<P>>): LazyView<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const load = () => (loading ??= importer().then((view) => (loaded = view)));
  const View = (props: P) => {
    const [, setReady] = useState(loaded !== null);
    useEffect(() => {
      if (loaded) return;
      let live = true;
      void load().then(() => live && setReady(true));
      return () => {
        live = false;
      };
    }, []);
    const Loaded = loaded;
    return Loaded ? <Loaded {...props} /> : null;
  };
  return Object.assign(View, { load });
}
