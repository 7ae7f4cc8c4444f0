import type { Page } from 'puppeteer-core';
import type { Driver } from './deskmate';

/** A puppeteer page as a sidebar driver. Text goes into fields as a value plus an input event. */
export function firefoxDriver(page: Page): Driver {
  return {
    evaluate: <R, A>(fn: (arg: A) => R | Promise<R>, arg: A) => page.evaluate(fn as (arg: unknown) => R, arg as unknown) as Promise<R>,
    click: async (selector) => {
      await page.waitForSelector(selector);
      await page.click(selector);
    },
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
