import type { ContentPartName } from '../shared/content-parts';

/**
 * The parts of the content script that load when first needed (src/shared/content-parts.ts):
 * each part's script puts its module here when it runs in the page's isolated world, where no
 * page script reaches; `contentPart` asks for it once and hands out the same module after.
 * The registry and the loader live on the isolated world's global, not in this module: each part
 * is a bundle of its own with its own copy of this file (the tools part asks for Readability).
 */
const GLOBAL = '__deskmateContentParts';
const LOADER = '__deskmateContentPartLoader';

type Registry = Partial<Record<ContentPartName, unknown>>;
const registry = (): Registry => ((globalThis as Record<string, unknown>)[GLOBAL] ??= {}) as Registry;

/** Runs a part's script in this tab (the content script sets it: it asks the background). */
export type PartLoader = (name: ContentPartName) => Promise<void>;

interface Loading {
  load: PartLoader;
  pending: Map<ContentPartName, Promise<unknown>>;
}
const loading = (): Loading =>
  ((globalThis as Record<string, unknown>)[LOADER] ??= {
    load: async (name: ContentPartName) => {
      throw new Error(`The ${name} part of Deskmate cannot be loaded here.`);
    },
    pending: new Map(),
  } satisfies Loading) as Loading;

export function setContentPartLoader(load: PartLoader): void {
  loading().load = load;
}

/** Called by a part's script: a part already there stays as it is (a second run changes nothing). */
export function registerContentPart(name: ContentPartName, module: unknown): void {
  registry()[name] ??= module;
}

/** The part's module, loaded the first time it is asked for; a failed load is tried again next time. */
export function contentPart<T>(name: ContentPartName): Promise<T> {
  const have = registry()[name];
  if (have) return Promise.resolve(have as T);
  const { load, pending } = loading();
  let asked = pending.get(name);
  if (!asked) {
    asked = load(name)
      .then(() => {
        const got = registry()[name];
        if (!got) throw new Error(`The ${name} part of Deskmate did not load.`);
        return got;
      })
      .finally(() => pending.delete(name));
    pending.set(name, asked);
  }
  return asked as Promise<T>;
}
