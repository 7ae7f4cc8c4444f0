import { readFileSync } from 'node:fs';
import { describe, expect } from 'vitest';
import { attack } from './attack';
import { checkRecipe, type Recipe } from '../../src/shared/recipe-check';
import { policyRecipes } from '../../src/background/recipes/recipe-handlers';
import { NO_POLICY } from '../../src/shared/policy';

/**
 * From the attacker's side: a recipe file (handed to an agent, or one of an organisation's
 * policy) whose site passes the schema's pattern but is no address a browser parses. The check
 * must refuse it with its words: thrown, it took the import's error away, and in a policy it
 * took every other recipe of the organisation with it.
 */
const recipe = (site: string, title: string): Recipe => ({
  ...(JSON.parse(readFileSync(new URL('../fixtures/recipes/fixture-inline.json', import.meta.url), 'utf8')) as Recipe),
  site,
  title,
});

describe('a recipe whose site is no web address (attacker side)', () => {
  attack('is refused at import with its words, not thrown', () => {
    for (const site of ['http://[', 'http://desk^example.com', 'https://:443']) {
      expect([site, checkRecipe(recipe(site, 'Broken'))]).toEqual([site, { ok: false, code: 'invalid_recipe', error: `recipe.site: "${site}" is not a web address.` }]);
    }
  });

  attack("in the organisation's policy it is left out, and the policy's other recipes stay in force", () => {
    const good = recipe('http://desk.example.com', 'The organisation’s desk');
    const recipes = [JSON.stringify(recipe('http://[', 'Broken')), JSON.stringify(good)];
    expect(policyRecipes({ ...NO_POLICY, recipes }).map((r) => [r.site, r.title])).toEqual([['http://desk.example.com', 'The organisation’s desk']]);
  });
});
