import { describe, expect, it } from 'vitest';
import { builtinRecipeHandlers } from '../../../src/background/recipes/builtin-recipes';
import type { KeyValue } from '../../../src/background/recipes/recipe-store';
import type { Services } from '../../../src/background/services';

const sidebar = { kind: 'extension', url: 'chrome-extension://x/sidepanel.html' } as const;
const memory = (): KeyValue & { data: Map<string, unknown> } => {
  const data = new Map<string, unknown>();
  return { data, get: async (k) => structuredClone(data.get(k)), set: async (k, v) => void data.set(k, structuredClone(v)) };
};

describe('built-in recipes: "Works here"', () => {
  it('lists every built-in recipe unconfirmed until ticked, keeps the tick, and takes it back', async () => {
    const backend = memory();
    const said: unknown[] = [];
    const services = { broadcast: (m: unknown) => void said.push(m) } as unknown as Services;
    const h = builtinRecipeHandlers(services, backend);
    const list = await h['recipes.builtin']({ type: 'recipes.builtin' }, sidebar);
    expect(list.map((r) => [r.id, r.confirmed])).toEqual([['zammad', null], ['zendesk', null], ['freshdesk', null], ['helpscout', null]]);

    expect(await h['recipes.works-here']({ type: 'recipes.works-here', id: 'zendesk', works: true }, sidebar)).toEqual({ ok: true });
    // A fresh background (a restarted worker) reads the tick back from storage.
    const again = builtinRecipeHandlers(services, backend);
    const after = await again['recipes.builtin']({ type: 'recipes.builtin' }, sidebar);
    expect(after.find((r) => r.id === 'zendesk')?.confirmed?.at).toMatch(/^\d{4}-/);
    expect(after.filter((r) => r.confirmed).map((r) => r.id)).toEqual(['zendesk']);
    expect(said).toContainEqual({ type: 'view.changed', tabId: null });

    await again['recipes.works-here']({ type: 'recipes.works-here', id: 'zendesk', works: false }, sidebar);
    expect((await again['recipes.builtin']({ type: 'recipes.builtin' }, sidebar)).every((r) => r.confirmed === null)).toBe(true);
  });

  it('ticks nothing for a name that is not a built-in recipe', async () => {
    const backend = memory();
    const h = builtinRecipeHandlers({ broadcast: () => undefined } as unknown as Services, backend);
    expect(await h['recipes.works-here']({ type: 'recipes.works-here', id: 'recipe:https://evil.example', works: true }, sidebar)).toEqual({ ok: false });
    expect(backend.data.size).toBe(0);
  });
});
