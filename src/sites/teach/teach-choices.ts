import type { EditorChoice, MessageChoice, PartChoice, RoleChoice, SendChoice, TeachChoice, TeachStep } from '../../shared/teach';
import type { Recipe } from '../../shared/recipe-format';
import { readMessages } from '../recipes/recipe-read';
import { editingHost, frameDocument } from '../dom/editable';
import { partSelector, safeQueryAll, selectorFor } from './teach-selectors';
import { groupSelector, headerOf, messageGroup, rolesOf, timesOf } from './teach-thread';
import { roleRule } from './teach-roles';

/**
 * What the element the agent picked means at each step of teach mode. Each returns a choice
 * (selectors and what they found), or a reason the element cannot be that step's answer.
 */
/** `reason` is a message key (public/_locales). */
export type Found<T = TeachChoice> = { ok: true; choice: T } | { ok: false; reason: string };

const no = (reason: string): Found<never> => ({ ok: false, reason });

export function messageChoice(target: Element): Found<MessageChoice> {
  const found = messageGroup(target);
  const grouped = found && groupSelector(found.message, found.all);
  if (!found || !grouped) return no('teach_no_message');
  const { messages, all } = withText(target, found.message, found.all, grouped);
  const role = rolesOf(all);
  // Outside every entry, events included: an event's text is never the ticket's header.
  const header = headerOf(target.ownerDocument, found.all);
  const partial = { read: { messages, body: '*', subject: header.subject, ...(role ? { role } : {}) } } as Recipe;
  const customers = readMessages(partial, target.ownerDocument).filter((m) => m.role === 'customer').length;
  return { ok: true, choice: { messages, count: all.length, customers, ...(role ? { role } : {}), ...timesOf(all), ...header } };
}

/**
 * Only the entries that have the part the agent clicked in are messages: a history that shows a
 * status change or an owner set between the messages, built like them but without a body,
 * counts those out (`entry:has(part)`), so the thread reads 4 messages, not 7.
 */
function withText(target: Element, message: Element, all: Element[], selector: string): { messages: string; all: Element[] } {
  const part = target === message ? null : partSelector(wholePart(target, message), message, all);
  if (!part || part.count === all.length || part.count === 0) return { messages: selector, all };
  const messages = `${selector}:has(${part.selector})`;
  const narrowed = safeQueryAll(target.ownerDocument, messages);
  return narrowed.includes(message) && messages.length <= 300 ? { messages, all: narrowed } : { messages: selector, all };
}

/** A paragraph of a body stands for the whole body, not its first paragraph only. */
function wholePart(target: Element, message: Element): Element {
  let el = target;
  while (BLOCKY.has(el.localName) && el.parentElement && el.parentElement !== message) el = el.parentElement;
  return el;
}

const BLOCKY = new Set(['p', 'span', 'b', 'i', 'strong', 'em', 'a', 'br', 'code', 'small', 'u', 'font', 'img', 'li', 'ul', 'ol', 'pre', 'blockquote', 'h2', 'h3', 'h4', 'h5', 'h6']);

/** The body or the author inside the message the agent clicked in. */
export function partChoice(target: Element, messagesSelector: string, whole: boolean): Found<PartChoice> {
  const all = safeQueryAll(target.ownerDocument, messagesSelector);
  const message = all.find((m) => m.contains(target) && m !== target);
  if (!message) return no('teach_not_in_message');
  const el = whole ? wholePart(target, message) : target;
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
  // A click that reached the page itself (a control gone from under the pointer) is no control.
  if (control === target.ownerDocument.documentElement || control === target.ownerDocument.body) return no('teach_not_send');
  const submit = selectorFor(control);
  if (!submit) return no('teach_unnamable');
  const label = ((control as HTMLInputElement).value && control.localName === 'input' ? (control as HTMLInputElement).value : control.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 80);
  const posts = control.closest('form')?.getAttribute('method')?.toLowerCase() === 'post' && (control as HTMLButtonElement).type === 'submit';
  return { ok: true, choice: { submit, label, afterPost: posts ? 'reload' : 'thread' } };
}

/**
 * The team's message the agent marked (`target` in it), against the customer's: the one picked
 * at the first step while it is still on the page, else the thread's first message.
 */
export function roleChoice(target: Element, messagesSelector: string, seen: Seen): Found<RoleChoice> {
  const all = safeQueryAll(target.ownerDocument, messagesSelector);
  const agent = all.find((m) => m.contains(target));
  if (!agent) return no('teach_not_in_message');
  const customer = seen.customer && all.includes(seen.customer) ? seen.customer : all[0]!;
  if (customer === agent) return no('teach_role_same');
  const role = roleRule(agent, customer, all, seen.body);
  if (!role) return no('teach_no_role_rule');
  const partial = { read: { messages: messagesSelector, body: '*', subject: 'title', role } } as Recipe;
  const customers = readMessages(partial, target.ownerDocument).filter((m) => m.role === 'customer').length;
  return { ok: true, choice: { role, count: all.length, customers } };
}

/** What the tab remembers of this session's earlier picks on this page: the customer's message, the body's selector. */
export interface Seen {
  customer: Element | null;
  body: string | null;
}

/** The choice for `step` from the element picked. `messages` is the thread's selector, once chosen. */
export function choiceFor(step: TeachStep, target: Element, messages: string | null, seen: Seen = { customer: null, body: null }): Found {
  if (step === 'message') return messageChoice(target);
  if (step === 'body' || step === 'author') {
    return messages ? partChoice(target, messages, step === 'body') : no('teach_message_first');
  }
  if (step === 'role') return messages ? roleChoice(target, messages, seen) : no('teach_message_first');
  if (step === 'editor') return editorChoice(target);
  return sendChoice(target);
}
