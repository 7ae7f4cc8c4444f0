import type { ToolResult } from '../../core';
import { defineAdapter } from '../adapter';
import { bodyOf, failed, guard } from '../adapter-helpers';
import { elementText } from '../dom/dom-text';
import { contentPart } from '../content-parts';
import type { ReadableModule } from './generic-readable';
import { insertText, insertTarget } from '../dom/insert';
import { genericPage } from './generic-page';

/**
 * Any web page Deskmate is enabled on that no helpdesk adapter serves: it is listed last in
 * ADAPTERS. It reads (the page's main text, the user's selection) and, on a person's click,
 * inserts a draft into the field the person focused; on a page Deskmate does not understand,
 * nothing is sent. It shows no ticket; the background drops a tab's tools whenever its URL
 * changes, and the content script announces again.
 */

/** Bounds keep one read from filling the model's context; the cut is said in the text itself. */
export const MAX_PAGE_CHARS = 20_000;
export const MAX_SELECTION_CHARS = 10_000;

/** The first `max` characters, never half a surrogate pair, with a note that says what was cut. */
export function bounded(text: string, max: number, what: string): { text: string; truncated: boolean } {
  if (text.length <= max) return { text, truncated: false };
  const end = /[\uD800-\uDBFF]/.test(text.charAt(max - 1)) ? max - 1 : max;
  const note = `\n\n[Deskmate: ${what} was cut here, after ${end.toLocaleString('en')} of ${text.length.toLocaleString('en')} characters.]`;
  return { text: text.slice(0, end) + note, truncated: true };
}

async function readPage(doc: Document, location: Location): Promise<ToolResult> {
  // Readability loads the first time a page is read. Without an article (a form, a dashboard),
  // the page's visible text is the best there is.
  const { article } = await contentPart<ReadableModule>('readable');
  const found = article(doc) ?? { title: doc.title.trim(), byline: null, text: elementText(doc.body) };
  if (!found.text) return failed('empty_page', 'The page shows no text.');
  const { text, truncated } = bounded(found.text, MAX_PAGE_CHARS, "the page's text");
  return { ok: true, data: { title: found.title, byline: found.byline, url: location.href, text, truncated } };
}

/**
 * The selected text: of a text field when the focus is in one (the page's selection skips
 * those), never of a password field.
 */
function selectedText(doc: Document): string {
  const field = doc.activeElement as HTMLInputElement | HTMLTextAreaElement | null;
  const tag = field?.localName;
  if (tag === 'input' && field?.type === 'password') return '';
  if ((tag === 'textarea' || tag === 'input') && typeof field?.selectionStart === 'number' && field.selectionEnd !== null) {
    const picked = field.value.slice(field.selectionStart, field.selectionEnd);
    if (picked) return picked;
  }
  return doc.getSelection()?.toString() ?? '';
}

async function readSelection(doc: Document): Promise<ToolResult> {
  const selected = selectedText(doc);
  if (!selected.trim()) return failed('no_selection', 'Nothing is selected on the page.');
  const { text, truncated } = bounded(selected, MAX_SELECTION_CHARS, 'the selection');
  return { ok: true, data: { text, truncated } };
}

/** Insert anywhere: the field the agent focused, never a guess between several. */
async function insertDraft(input: unknown, doc: Document): Promise<ToolResult> {
  const body = bodyOf(input);
  if (body === null) return failed('invalid_input', 'The reply is empty.');
  const target = insertTarget(doc);
  if (typeof target === 'string') return failed('no_focus', target);
  const refused = insertText(target, body);
  return refused ? failed('fill_failed', refused) : { ok: true, data: { filled: true } };
}

export default defineAdapter({
  ...genericPage,
  title: 'Web page',
  tools: {
    'page.read': (_input, doc, location) => guard('page_error', 'Could not read the page', () => readPage(doc, location)),
    'selection.read': (_input, doc) => guard('page_error', 'Could not read the selection', () => readSelection(doc)),
    'reply.fill': (input, doc) => guard('page_error', 'Could not insert the text', () => insertDraft(input, doc)),
  },
});
