import type { Adapter, AdapterImpls, SendImpl } from '../adapter';
import { adapterFromRecipe } from './recipe';
import type { Recipe } from '../../shared/recipe-format';

/**
 * A recipe that ships with Deskmate for a helpdesk we cannot run here (src/sites/adapters/<id>.json).
 * It runs only where Deskmate runs (loopback, or a site the agent enabled), on a host its
 * helpdesk uses (`hosts`), or on any such site for a self-hosted helpdesk (`hosts` null), where
 * its ticket path and page structure recognise the pages. Applied to the page's own origin, so
 * it serves one site at a time, like an imported recipe.
 */
export interface BuiltinRecipe {
  id: string;
  recipe: Recipe;
  /** The hosts (hostname, no port) the helpdesk lives on; null for a self-hosted one. */
  hosts: RegExp | null;
}

export function builtinRecipeAdapter({ id, recipe, hosts }: BuiltinRecipe): Adapter {
  const byOrigin = new Map<string, Adapter>();
  const on = (origin: string): Adapter => {
    let adapter = byOrigin.get(origin);
    if (!adapter) byOrigin.set(origin, (adapter = adapterFromRecipe({ ...recipe, site: origin })));
    return adapter;
  };
  const ours = (url: URL): boolean => !hosts || hosts.test(url.hostname);
  const here = (l: Location): Adapter | null => (ours(new URL(l.href)) ? on(l.origin) : null);
  const tools: AdapterImpls = {};
  for (const name of Object.keys(on(recipe.site).tools) as (keyof AdapterImpls)[]) {
    const impl = on(recipe.site).tools[name];
    if (typeof impl === 'function') {
      (tools as Record<string, unknown>)[name] = (input: unknown, doc: Document, l: Location) => (here(l)?.tools[name] as typeof impl).call(null, input, doc, l);
    } else if (impl) {
      const send = (l: Location) => here(l)?.tools[name] as SendImpl<{ body: string }>;
      (tools as Record<string, unknown>)[name] = {
        prepare: (input, doc, l) => send(l).prepare(input, doc, l),
        deliver: (payload, doc, l) => send(l).deliver(payload, doc, l),
      } satisfies SendImpl<{ body: string }>;
    }
  }
  return {
    id,
    title: recipe.title,
    ...(hosts ? { hosts } : {}),
    detect: (url, doc) => ours(url) && on(url.origin).detect(url, doc),
    ticket: (url, doc) => (ours(url) ? on(url.origin).ticket(url, doc) : null),
    tools,
    ...(recipe.reply || recipe.note ? { afterLoad: (doc: Document, l: Location) => here(l)?.afterLoad?.(doc, l) ?? Promise.resolve(null) } : {}),
    sentAs: on(recipe.site).sentAs!,
  };
}
