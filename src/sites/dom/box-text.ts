import type { ToolResult } from '../../core';
import { failed } from '../adapter-helpers';
import type { ReplyPayload } from '../adapter';
import { elementText } from './dom-text';
import { frameDocument, isTextField } from './editable';
import { comparableText } from './text-compare';

/**
 * The helpdesk's own reply box, read before Deskmate writes into it: the agent may have typed
 * there. A send prepared while the box holds other text says so on its card (`replaces`), and
 * a delivery finds the box as the card said, or sends nothing and leaves the box as it is.
 */

/** The text an editor holds now: a text field's value, or an editing host's text (its body, for an iframe editor). */
export function boxText(el: Element | null | undefined): string {
  if (!el) return '';
  if (isTextField(el) || el.localName === 'textarea') return (el as HTMLTextAreaElement).value;
  const host = frameDocument(el)?.body ?? (el as HTMLElement);
  // A helpdesk's own placeholder written into an empty editor (Request Tracker's "Type your
  // message here", marked by a `placeholder` class it removes on focus) is no text of the agent's.
  if (host.classList.contains('placeholder')) return '';
  return elementText(host);
}

/** Editors keep zero-width characters in an empty paragraph (Redactor): they are no text. */
const comparable = (s: string): string => comparableText(s.replace(/[\u200b\ufeff]/g, ''));

/** What a send of `body` would replace in the box: its text, unless the box is empty or already holds exactly the reply. */
export function replacedBy(current: string, body: string): string | undefined {
  const now = comparable(current);
  return now === '' || now === comparable(body) ? undefined : current.replace(/[\u200b\ufeff]/g, '').trim();
}

/** The payload with what the box holds that the send would replace, if anything. */
export function withBox<P extends ReplyPayload>(payload: P, current: string): P {
  const replaces = replacedBy(current, payload.body);
  return replaces === undefined ? payload : { ...payload, replaces };
}

/**
 * Whether the box may be written now: it holds nothing, the reply itself, or exactly the text
 * the card said the send replaces. Anything else was typed since: nothing is sent.
 */
export function boxChanged(current: string, payload: ReplyPayload, what = 'reply'): ToolResult | null {
  const now = comparable(current);
  if (now === '' || now === comparable(payload.body) || (payload.replaces !== undefined && now === comparable(payload.replaces))) return null;
  const shown = now.length > 80 ? `${now.slice(0, 80)}…` : now;
  return failed(
    'reply_box_changed',
    `The ${what} box on the page holds text the card did not show (“${shown}”). Nothing was sent, and that text is still in the box: click Send… again to choose what to do with it.`,
  );
}
