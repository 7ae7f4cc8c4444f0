import { BUILTIN_RECIPES } from '../../sites/catalog';
import type { BuiltinRecipeView } from '../../shared/protocol';
import type { KeyValue } from './recipe-store';
import type { Handlers } from '../router';
import type { Services } from '../services';
import { createSerial } from '../storage/serial';
import { vault } from '../storage/vault';

/**
 * "Works here" on a built-in recipe, kept with the recipes in the background's vault: the label
 * "not yet confirmed on a live install" goes once an agent ticked it, for every site, until
 * someone unticks it.
 */
type Confirmed = Record<string, { at: string }>;
const KEY = 'recipes.works-here';

export function builtinRecipeHandlers(s: Services, backend: KeyValue = vault): Pick<Handlers, 'recipes.builtin' | 'recipes.works-here'> {
  const serial = createSerial();
  const read = async () => ((await backend.get(KEY)) as Confirmed | undefined) ?? {};
  const list = async (): Promise<BuiltinRecipeView[]> => {
    const confirmed = await read();
    return BUILTIN_RECIPES.map((r) => ({ ...r, confirmed: confirmed[r.id] ?? null }));
  };
  return {
    'recipes.builtin': () => serial(list),
    async 'recipes.works-here'({ id, works }) {
      if (!BUILTIN_RECIPES.some((r) => r.id === id)) return { ok: false };
      await serial(async () => {
        const all = await read();
        if (works) all[id] = { at: new Date().toISOString() };
        else delete all[id];
        await backend.set(KEY, all);
      });
      s.broadcast({ type: 'view.changed', tabId: null });
      return { ok: true };
    },
  };
}
