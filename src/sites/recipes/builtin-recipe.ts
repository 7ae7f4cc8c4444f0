import type { Adapter, AdapterImpls, SendImpl } from '../adapter';
import { adapterFromRecipe } from './recipe';
import { builtinRecipePage, type BuiltinRecipe } from './recipe-page';

export type { BuiltinRecipe } from './recipe-page';

/** A built-in recipe's adapter (recipe-page.ts says where it runs): the recipe's tools on the page's origin. */
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
    ...builtinRecipePage({ id, recipe, hosts }),
    title: recipe.title,
    ...(hosts ? { hosts } : {}),
    tools,
    ...(recipe.reply || recipe.note ? { afterLoad: (doc: Document, l: Location) => here(l)?.afterLoad?.(doc, l) ?? Promise.resolve(null) } : {}),
    sentAs: on(recipe.site).sentAs!,
  };
}
