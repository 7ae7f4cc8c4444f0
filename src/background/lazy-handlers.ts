import type { RequestType } from '../shared/protocol';
import type { LazyScript } from './lazy-script';
import type { Handlers } from './router';

/**
 * Handlers whose code is in a lazy script: the first of their messages runs the script and builds
 * them, and each message is then passed on. A script that fails to load fails that message (the
 * router answers `internal` with the script's error) and is tried again at the next.
 */
export function lazyHandlers<M, K extends RequestType>(script: LazyScript<M>, types: readonly K[], build: (module: M) => Pick<Handlers, K>): Pick<Handlers, K> {
  let built: Promise<Pick<Handlers, K>> | undefined;
  const handlers = () =>
    (built ??= script
      .load()
      .then(build)
      .catch((error: unknown) => {
        built = undefined;
        throw error;
      }));
  const passOn = (type: K) => async (req: never, sender: never) => ((await handlers())[type] as (req: never, sender: never) => Promise<unknown>)(req, sender);
  return Object.fromEntries(types.map((type) => [type, passOn(type)])) as unknown as Pick<Handlers, K>;
}
