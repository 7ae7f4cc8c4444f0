import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './paths';

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
  const path = join(mkdtempSync(join(tmpdir(), 'deskmate-recipe-')), `${name}.json`);
  writeFileSync(path, JSON.stringify(recipe, null, 2));
  return { path, recipe };
}
