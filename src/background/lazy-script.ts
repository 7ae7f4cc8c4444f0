import { browser } from 'wxt/browser';

/**
 * A script built as its own unlisted entrypoint beside background.js, which leaves its module on
 * the global object when it runs: weight the worker carries only once a feature first needs it.
 */
export interface LazyScript<T> {
  /** Its path in the package, e.g. `/kb-index.js`. */
  path: string;
  /** Runs the script if it has not run yet. A failure is not remembered: the next call tries again. */
  load(): Promise<T>;
}

type WorkerScope = { importScripts(...urls: string[]): void; addEventListener(type: 'install', listener: () => void): void };
const worker = (): WorkerScope | null => (typeof (globalThis as Partial<WorkerScope>).importScripts === 'function' ? (globalThis as unknown as WorkerScope) : null);

export function defineLazyScript<T>(path: string, globalName: string, what: string): LazyScript<T> {
  const loaded = () => (globalThis as Record<string, unknown>)[globalName] as T | undefined;
  const ran = (): T => {
    const module = loaded();
    if (!module) throw new Error(`The ${what} script ran without setting its module.`);
    return module;
  };
  let loading: Promise<T> | undefined;
  const run = (): Promise<T> => {
    const scope = worker();
    if (!scope && typeof document !== 'undefined') {
      // Firefox's background is a page: a script element, allowed by script-src 'self'.
      return new Promise((resolve, reject) => {
        const script = document.createElement('script');
        script.src = browser.runtime.getURL(path as '/');
        script.onload = () => {
          try {
            resolve(ran());
          } catch (error) {
            reject(error);
          }
        };
        script.onerror = () => reject(new Error(`The ${what} script could not be loaded.`));
        document.head.append(script);
      });
    }
    scope?.importScripts(path);
    return Promise.resolve().then(ran);
  };
  return {
    path,
    load() {
      if (loaded()) return Promise.resolve(loaded()!);
      loading ??= Promise.resolve()
        .then(run)
        .catch((error: unknown) => {
          loading = undefined;
          throw error;
        });
      return loading;
    },
  };
}

/**
 * Chrome's MV3 worker may import a script after its first run only if it imported it while it
 * was being installed (Chromium 156 throws otherwise; `import()` is not allowed there at all).
 * So each lazy script is imported once at install, which keeps it with the worker's own scripts
 * for every later start, and run again only when it is needed. Added synchronously at the start.
 */
export function keepLazyScriptsAtInstall(scripts: readonly LazyScript<unknown>[], failed: (path: string, error: unknown) => void): void {
  const scope = worker();
  scope?.addEventListener('install', () => {
    for (const script of scripts) {
      // A failure here must not fail the install: the worker runs without it, and the feature
      // that needs it fails closed with its own error.
      try {
        scope.importScripts(script.path);
      } catch (error) {
        failed(script.path, error);
      }
    }
  });
}
