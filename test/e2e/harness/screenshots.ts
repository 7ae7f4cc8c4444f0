import { copyFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { attachPanelSession } from '../../../scripts/demo/panel-session';
import { ROOT } from './paths';
import type { SidePanel } from './side-panel-handle';

/** Where E2E screenshots go: `.e2e-out/` in the worktree, or E2E_OUT_DIR. */
export const E2E_OUT_DIR = process.env.E2E_OUT_DIR ?? join(ROOT, '.e2e-out');

/** A screenshot of the real side panel as a person sees it; returns the file's path. */
export async function panelScreenshot(context: BrowserContext, panel: SidePanel, name: string): Promise<string> {
  await mkdir(E2E_OUT_DIR, { recursive: true });
  const file = join(E2E_OUT_DIR, `${name}.png`);
  const session = await attachPanelSession(context, panel);
  try {
    await session.screenshot(file);
  } finally {
    await session.detach();
  }
  return file;
}

/** A screenshot of a tab or an extension page opened as a tab. */
export async function pageScreenshot(page: Page, name: string): Promise<string> {
  await mkdir(E2E_OUT_DIR, { recursive: true });
  const file = join(E2E_OUT_DIR, `${name}.png`);
  await page.screenshot({ path: file });
  return file;
}

/**
 * A screenshot the README shows: copied to docs/<name>.png when E2E_DOCS=1 (retaking them is a
 * choice, so an ordinary run leaves the tree as it was).
 */
export async function keepForDocs(file: string, name: string): Promise<void> {
  if (process.env.E2E_DOCS === '1') await copyFile(file, join(ROOT, 'docs', `${name}.png`));
}
