import { useState } from 'preact/hooks';
import { request } from '../client';
import type { BuiltinRecipeView } from '../../shared/protocol';
import { errorText } from '../format';
import { useLoad } from './useLoad';

/** The built-in recipes and their "Works here" ticks, with the way to tick or untick one. */
export function useBuiltinRecipes() {
  const [version, setVersion] = useState(0);
  // A tick changes for every site at once (view.changed with no tab); a tab's own change leaves them.
  const list = useLoad(() => request('recipes.builtin', {}), (m) => m.type === 'view.changed' && m.tabId === null, [version]);
  const [error, setError] = useState<string | null>(null);
  const setWorks = async (id: string, works: boolean) => {
    try {
      await request('recipes.works-here', { id, works });
      setError(null);
      setVersion((v) => v + 1);
    } catch (e) {
      setError(errorText(e));
    }
  };
  return { recipes: list.value, error: error ?? list.error, setWorks };
}

export type BuiltinRecipes = ReturnType<typeof useBuiltinRecipes>;
export type { BuiltinRecipeView };
