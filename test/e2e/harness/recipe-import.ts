import type { BrowserContext } from 'playwright-core';
import { openExtensionPage } from './extension-pages';
import { recipeFileFor } from './recipes';

/** recipe-import on Chromium's options page: the recipe is checked, shown (naming its site), and applied on a click. */
export async function importRecipeInChromium(context: BrowserContext, extensionId: string, name: Parameters<typeof recipeFileFor>[0], site: string, change?: Parameters<typeof recipeFileFor>[2]): Promise<void> {
  const { path } = recipeFileFor(name, site, change);
  const options = await openExtensionPage(context, extensionId, 'options.html');
  await options.setInputFiles('[data-testid="recipe-import"]', path);
  const preview = await options.waitForSelector('[data-testid="recipe-preview"]');
  if (!(await preview.textContent())?.includes(site)) throw new Error(`The recipe's preview does not name its site ${site}`);
  await options.click('[data-testid="recipe-apply"]');
  await options.waitForSelector(`[data-testid="recipe"][data-site="${site}"]`);
  await options.close();
}
