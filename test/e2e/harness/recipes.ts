import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, runDir } from './paths';

/**
 * The fixture helpdesks' recipes (test/fixtures/recipes/) as files an agent would import: the
 * fixture server's port is picked at run time, so the site is written into a copy.
 */
export function recipeFileFor(name: 'fixture-iframe' | 'fixture-noframe' | 'fixture-ckeditor' | 'fixture-inline' | 'fixture-spa' | 'fixture-reload' | 'fixture-next' | 'fixture-midpost' | 'fixture-search' | 'demo-helpdesk', site: string, change?: (recipe: Record<string, any>) => void): { path: string; recipe: Record<string, unknown> } {
  // The demo helpdesk's recipe is one of the documented examples.
  const file = name === 'demo-helpdesk' ? join(ROOT, 'src', 'sites', 'adapters', `${name}.json`) : join(ROOT, 'test', 'fixtures', 'recipes', `${name}.json`);
  const recipe = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  recipe.site = site;
  delete recipe.$schema;
  change?.(recipe);
  // A folder of its own per copy, in the run's (gone when the run ends): the file keeps the
  // recipe's name, which an import shows.
  const path = join(mkdtempSync(join(runDir(), 'deskmate-recipe-')), `${name}.json`);
  writeFileSync(path, JSON.stringify(recipe, null, 2));
  return { path, recipe };
}
