import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fakeBrowser } from 'wxt/testing';

/**
 * The browser's i18n for UI tests (WXT's fake browser has none), answering from the
 * English messages.json the way Chrome does: named placeholders whose content is $1..$9.
 */
interface Message {
  message: string;
  placeholders?: Record<string, { content: string }>;
}

export const MESSAGES = JSON.parse(
  // A path, not a URL: under happy-dom `URL` is the DOM's, which readFileSync does not take.
  readFileSync(join(dirname(fileURLToPath(import.meta.url)), '../../public/_locales/en/messages.json'), 'utf8'),
) as Record<string, Message>;

export function getMessage(key: string, substitutions?: string | string[]): string {
  const entry = MESSAGES[key];
  if (!entry) return '';
  const subs = substitutions === undefined ? [] : ([] as string[]).concat(substitutions);
  const positional = (text: string) => text.replace(/\$(\d)/g, (_, n: string) => subs[Number(n) - 1] ?? '');
  return entry.message.replace(/\$([a-z0-9_]+)\$/gi, (_, name: string) =>
    positional(entry.placeholders?.[name.toLowerCase()]?.content ?? ''),
  );
}

/** Makes `t` answer from messages.json; call it in `beforeEach` after any `fakeBrowser.reset()`. */
export function installI18n(): void {
  fakeBrowser.i18n.getMessage = getMessage as typeof fakeBrowser.i18n.getMessage;
}
