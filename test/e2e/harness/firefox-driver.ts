import type { Page } from 'puppeteer-core';
import type { Driver } from './deskmate';
import { landed, landingWatch, lookAt, NO_SPOT, steady } from './steady-click';
import { poll } from './wait';

/**
 * A click at the element's centre once it has stopped moving and is on top (see steady-click),
 * as the Chromium side panel's handle clicks: a streamed answer scrolls the chat under a
 * button, and a click measured before that lands on whatever slid there. A click that still
 * misses is made again once, then fails by name. A disabled control is clicked as it is (tests
 * show that such a click does nothing), without waiting for it.
 */
async function steadyClick(page: Page, selector: string, retried = false): Promise<void> {
  await page.waitForSelector(selector);
  let last = NO_SPOT;
  const spot = await poll(
    async () => {
      const before = last;
      last = await page.evaluate(lookAt, selector);
      return steady(before, last, true);
    },
    `${selector} to be visible, on top and still`,
  );
  if (spot.disabled) return page.mouse.click(spot.x, spot.y);
  await page.evaluate(landingWatch, selector);
  await page.mouse.click(spot.x, spot.y);
  // A click that closed or navigated its page went where it was meant to.
  const where = await page.evaluate(landed).catch(() => 'gone');
  if (where === 'target' || where === 'gone') return;
  if (!retried) return steadyClick(page, selector, true);
  throw new Error(`the click meant for ${selector} landed on ${where}`);
}

/** A puppeteer page as a sidebar driver. Text goes into fields as a value plus an input event. */
export function firefoxDriver(page: Page): Driver {
  return {
    evaluate: <R, A>(fn: (arg: A) => R | Promise<R>, arg: A) => page.evaluate(fn as (arg: unknown) => R, arg as unknown) as Promise<R>,
    click: (selector) => steadyClick(page, selector),
    fill: async (selector, text) => {
      await page.waitForSelector(selector);
      await page.evaluate(
        ({ selector, text }) => {
          const field = document.querySelector<HTMLTextAreaElement | HTMLInputElement>(selector)!;
          field.focus();
          field.value = text;
          field.dispatchEvent(new Event('input', { bubbles: true }));
        },
        { selector, text },
      );
    },
  };
}
