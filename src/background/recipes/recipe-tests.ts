import { fail as failed, type ToolResult } from '../../core';
import type { Recipe } from '../../shared/recipe-check';
import type { TicketData } from '../../shared/ticket';
import type { KeyValue } from './recipe-store';
import type { Handlers } from '../router';
import type { Services } from '../services';
import { createSerial } from '../storage/serial';
import { vault } from '../storage/vault';

/**
 * Which recipes an agent has tested on a ticket: a recipe from a file, a policy or teach mode
 * stays marked "untested" until Test has read a ticket with exactly that recipe (its text is
 * kept, so a recipe replaced by another, even for the same site, is untested again).
 */
type Tested = Record<string, { at: string; recipe: string }>;
const KEY = 'recipes.tested';

export interface RecipeTests {
  /** The sites whose recipe is tested, of these. */
  testedOf(recipes: Recipe[]): Promise<string[]>;
  mark(recipe: Recipe): Promise<void>;
}

export function createRecipeTests(backend: KeyValue = vault): RecipeTests {
  const serial = createSerial();
  const read = async () => ((await backend.get(KEY)) as Tested | undefined) ?? {};
  return {
    testedOf: (recipes) =>
      serial(async () => {
        const all = await read();
        return recipes.filter((r) => all[r.site]?.recipe === JSON.stringify(r)).map((r) => r.site);
      }),
    mark: (recipe) =>
      serial(async () => {
        const all = await read();
        all[recipe.site] = { at: new Date().toISOString(), recipe: JSON.stringify(recipe) };
        await backend.set(KEY, all);
      }),
  };
}

/** A test counts once it read a ticket with a thread: what the agent then sees is what the recipe reads. */
export const readsATicket = (result: ToolResult<TicketData> | null): boolean => !!result?.ok && !!result.data && result.data.messages.length > 0;

/**
 * `recipes.tested`: the sites whose recipe in force the agent has tested. `recipes.test`: reads
 * the ticket in the tab with its site's recipe in force, as ticket.read would, and marks the
 * recipe tested when a ticket with a thread came back. The site is the tab's, as the browser
 * reported its page; the page never names a recipe.
 */
export function recipeTestHandlers(s: Services, tests: RecipeTests, inForce: () => Promise<Recipe[]>): Pick<Handlers, 'recipes.tested' | 'recipes.test'> {
  return {
    'recipes.tested': async () => tests.testedOf(await inForce()),
    async 'recipes.test'({ tabId }): Promise<ToolResult<TicketData>> {
      const page = s.pages.get(tabId);
      if (!page) return failed('no_tab', 'This tab shows no page Deskmate knows. Reload it and try again.');
      const recipe = await s.recipeOf(page.origin);
      if (!recipe) return failed('unknown_tool', `No site recipe applies to ${page.origin}.`);
      const answer = (await s.send(tabId, { type: 'page.teach-read', recipe }).catch(() => null)) as ToolResult<TicketData> | null;
      if (readsATicket(answer)) {
        await tests.mark(recipe);
        s.broadcast({ type: 'view.changed', tabId: null });
      }
      return answer ?? failed('page_error', 'The page did not answer. Reload it and try again.');
    },
  };
}
