import type { Driver } from './deskmate';
import { waitIn } from './deskmate';
import { poll, type WaitOptions } from './wait';

/**
 * Teach mode from the test's side: the agent's pointer in the helpdesk page (trusted mouse
 * events at an element's centre, as a person's click lands on the picker's glass) and the
 * sidebar's teach steps. Works with a Playwright or a Puppeteer page.
 */
export interface PointerPage {
  evaluate<R, A>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R>;
  mouse: { move(x: number, y: number): Promise<unknown>; click(x: number, y: number): Promise<unknown> };
}

export const pickerShown = (page: PointerPage): Promise<boolean> => page.evaluate(() => document.querySelector('[data-deskmate-picker]') !== null, null);

export async function waitForPicker(page: PointerPage, shown = true, options?: WaitOptions): Promise<void> {
  await poll(async () => ((await pickerShown(page).catch(() => !shown)) === shown ? true : undefined), shown ? 'the picker overlay in the page' : 'the picker overlay to go', options);
}

/** A person's click on what `selector` shows: at its centre, through the picker's glass. */
export async function pickIn(page: PointerPage, selector: string): Promise<void> {
  await waitForPicker(page);
  const at = await page.evaluate((s: string) => {
    const el = document.querySelector(s);
    if (!el) return null;
    el.scrollIntoView({ block: 'center' });
    const r = el.getBoundingClientRect();
    return { x: r.left + Math.min(r.width / 2, 40), y: r.top + Math.min(r.height / 2, 10) };
  }, selector);
  if (!at) throw new Error(`nothing in the page matches ${selector}`);
  await page.mouse.move(at.x, at.y);
  await page.mouse.click(at.x, at.y);
}

/** The sidebar's found text of a step, once it has one. */
export const foundOf = (driver: Driver, step: string, options?: WaitOptions): Promise<string> =>
  waitIn(driver, (s: string) => document.querySelector(`[data-testid="teach-step"][data-step="${s}"] [data-testid="teach-found"]`)?.textContent ?? null, step, `what the ${step} step found`, options);

/** The step the sidebar says is being picked. */
export const currentStep = (driver: Driver): Promise<string | null> =>
  driver.evaluate(() => document.querySelector('[data-testid="teach-step"][data-state="current"]')?.getAttribute('data-step') ?? null, null);

/** What the page's own handlers counted (the fixture's body[data-page-clicks]). */
export const pageHandlerRuns = (page: PointerPage): Promise<number> => page.evaluate(() => Number(document.body.dataset.pageClicks ?? 0), null);
