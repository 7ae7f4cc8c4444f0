import type { Adapter } from './adapter';

/** Every site adapter, most specific first: the first whose detect() matches wins. */
export const ADAPTERS: readonly Adapter[] = [];
