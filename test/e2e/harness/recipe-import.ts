import type { BrowserContext } from 'playwright-core';
import { openExtensionPage } from './extension-pages';
import { recipeFileFor } from './recipes';

/** recipe-import on Chromium's options page: the recipe is checked, shown, and applied on a click. */
export async function importRecipeInChromium(context: BrowserContext, extensionId: string, name: Parameters<typeof recipeFileFor>[0], site: string): Promise<void> {
  const { path } = recipeFileFor(name, site);
  const options = await openExtensionPage(context, extensionId, 'options.html');
  await options.setInputFiles('[data-testid="recipe-import"]', path);
  await options.waitForSelector('[data-testid="recipe-preview"]');
  await options.click('[data-testid="recipe-apply"]');
  await options.waitForSelector(`[data-testid="recipe"][data-site="${site}"]`);
  await options.close();
}
