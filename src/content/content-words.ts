import { browser } from 'wxt/browser';

/**
 * Words the content script shows in the page (teach mode's picker), in the browser's language
 * from public/_locales; a key without a message reads as itself. The pages have their own `t`,
 * which keeps each text for the life of the page.
 */
export function t(key: string, substitutions?: string | string[]): string {
  const text = substitutions === undefined ? browser.i18n.getMessage(key as never) : browser.i18n.getMessage(key as never, substitutions as never);
  return text || key;
}
