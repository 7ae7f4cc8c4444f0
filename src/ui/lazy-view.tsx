import type { ComponentType, FunctionComponent } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { t } from './i18n';

/** A view in its own chunk, with a way to load it ahead of its first render. */
export type LazyView<P> = FunctionComponent<P> & { load(): Promise<ComponentType<P>> };

/**
 * A view the sidebar rarely shows (the Page and Audit tabs, teach mode, the setup card, what
 * left the browser, the confirm card) is kept out of the first load: its chunk is fetched the
 * first time it is rendered, and until then (a frame or two) nothing stands in its place. A
 * fetch that failed says so where the view would be, with a button to fetch it again, so a
 * click that asked for it (Send… for a confirm card) is never silently lost; the next render
 * of the view tries again too.
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
    const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>(loaded ? 'ready' : 'loading');
    const [attempt, setAttempt] = useState(0);
    useEffect(() => {
      if (loaded) return;
      let live = true;
      load().then(
        () => live && setStatus('ready'),
        (error: unknown) => {
          console.warn('Deskmate: a part of the sidebar could not be loaded', error);
          if (live) setStatus('failed');
        },
      );
      return () => {
        live = false;
      };
    }, [attempt]);
    const Loaded = loaded;
    if (Loaded) return <Loaded {...props} />;
    if (status !== 'failed') return null;
    return (
      <p class="error small" role="alert" data-testid="lazy-failed">
        {t('lazy_failed')}{' '}
        <button
          type="button"
          class="link"
          data-testid="lazy-retry"
          onClick={() => {
            setStatus('loading');
            setAttempt((n) => n + 1);
          }}
        >
          {t('lazy_retry')}
        </button>
      </p>
    );
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
