import type { EditorChoice, MessageChoice, PartChoice, SendChoice, TeachChoice, TeachStep } from '../../shared/teach';
import type { Recipe } from '../../shared/recipe-check';
import { readMessages } from '../recipes/recipe-read';
import { editingHost, frameDocument } from '../dom/editable';
import { partSelector, safeQueryAll, selectorFor } from './teach-selectors';
import { groupSelector, headerOf, messageGroup, rolesOf, timesOf } from './teach-thread';

/**
 * What the element the agent picked means at each step of teach mode. Each returns a choice
 * (selectors and what they found), or a reason the element cannot be that step's answer.
 */
/** `reason` is a message key (public/_locales). */
export type Found<T = TeachChoice> = { ok: true; choice: T } | { ok: false; reason: string };

const no = (reason: string): Found<never> => ({ ok: false, reason });

export function messageChoice(target: Element): Found<MessageChoice> {
  const group = messageGroup(target);
  const messages = group && groupSelector(group.message, group.all);
  if (!group || !messages) return no('teach_no_message');
  const role = rolesOf(group.all);
  const header = headerOf(target.ownerDocument, group.all);
  const partial = { read: { messages, body: '*', subject: header.subject, ...(role ? { role } : {}) } } as Recipe;
  const customers = readMessages(partial, target.ownerDocument).filter((m) => m.role === 'customer').length;
  return { ok: true, choice: { messages, count: group.all.length, customers, ...(role ? { role } : {}), ...timesOf(group.all), ...header } };
}

const BLOCKY = new Set(['p', 'span', 'b', 'i', 'strong', 'em', 'a', 'br', 'code', 'small', 'u', 'font', 'img', 'li', 'ul', 'ol', 'pre', 'blockquote', 'h2', 'h3', 'h4', 'h5', 'h6']);

/** The body or the author inside the message the agent clicked in. */
export function partChoice(target: Element, messagesSelector: string, whole: boolean): Found<PartChoice> {
  const all = safeQueryAll(target.ownerDocument, messagesSelector);
  const message = all.find((m) => m.contains(target) && m !== target);
  if (!message) return no('teach_not_in_message');
  let el = target;
  // A paragraph of the body stands for the whole body, not its first paragraph only.
  if (whole) while (BLOCKY.has(el.localName) && el.parentElement && el.parentElement !== message) el = el.parentElement;
  const part = partSelector(el, message, all);
  if (!part) return no('teach_unnamable');
  const sample = all
    .map((m) => m.querySelector(part.selector)?.textContent?.replace(/\s+/g, ' ').trim().slice(0, 60) ?? '')
    .filter(Boolean)
    .slice(0, 3);
  return { ok: true, choice: { selector: part.selector, count: part.count, of: all.length, sample } };
}

/** The reply box: a textarea, a rich editor, an iframe editor; or a control that opens it. */
export function editorChoice(target: Element): Found<EditorChoice> {
  const editor = editorAt(target);
  if (editor) {
    const selector = selectorFor(editor.el);
    return selector ? { ok: true, choice: { editor: selector, kind: editor.kind } } : no('teach_unnamable');
  }
  const opener = target.closest('a[href], button, [role="button"], input[type="button"], input[type="submit"]');
  const open = opener && selectorFor(opener);
  return open ? { ok: true, choice: { open } } : no('teach_not_editor');
}

function editorAt(target: Element): { el: Element; kind: 'textarea' | 'contenteditable' | 'iframe' } | null {
  if (target.localName === 'textarea') return { el: target, kind: 'textarea' };
  const inner = frameDocument(target);
  if (inner?.body && editingHost(inner.body)) return { el: target, kind: 'iframe' };
  const host = editingHost(target);
  if (host) return { el: host, kind: 'contenteditable' };
  // A click on an editor's frame (its toolbar, its border): the one editor inside.
  const inside = safeQueryAll(target, 'textarea, [contenteditable="true"], [contenteditable=""], iframe').filter((e) => e.localName !== 'iframe' || editingHost(frameDocument(e)?.body));
  return inside.length === 1 ? editorAt(inside[0]!) : null;
}

export function sendChoice(target: Element): Found<SendChoice> {
  const control = target.closest('button, input[type="submit"], input[type="button"], a[href], [role="button"]') ?? target;
  const submit = selectorFor(control);
  if (!submit) return no('teach_unnamable');
  const label = ((control as HTMLInputElement).value && control.localName === 'input' ? (control as HTMLInputElement).value : control.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 80);
  const posts = control.closest('form')?.getAttribute('method')?.toLowerCase() === 'post' && (control as HTMLButtonElement).type === 'submit';
  return { ok: true, choice: { submit, label, afterPost: posts ? 'reload' : 'thread' } };
}

/** The choice for `step` from the element picked. `messages` is the thread's selector, once chosen. */
export function choiceFor(step: TeachStep, target: Element, messages: string | null): Found {
  if (step === 'message') return messageChoice(target);
  if (step === 'body' || step === 'author') {
    return messages ? partChoice(target, messages, step === 'body') : no('teach_message_first');
  }
  if (step === 'editor') return editorChoice(target);
  return sendChoice(target);
}
