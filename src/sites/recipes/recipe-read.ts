import type { PageTicket, TicketData, TicketMessage } from '../adapter';
import { textOf } from '../adapter-helpers';
import { messageText } from '../dom/dom-text';
import type { Recipe, RoleMatch, RoleName } from '../../shared/recipe-format';
import { addressLimit } from '../../shared/recipe-pattern';

/** Reading a ticket page the way its recipe describes it. */

/** The ticket key in the URL (path and query, and #fragment where the recipe says), or null when the page is not a ticket page. */
export function keyOf(recipe: Recipe, url: URL): string | null {
  if (url.origin !== recipe.site) return null;
  const path = ticketPath(recipe.ticket.path);
  const address = url.pathname + url.search + (recipe.ticket.hash ? url.hash : '');
  // The pattern's worst case grows with the address's length (src/shared/recipe-pattern.ts).
  if (!path || address.length > path.limit) return null;
  const match = path.re.exec(address);
  return match?.[1] ?? (match?.groups ? (Object.values(match.groups)[0] ?? null) : null);
}

/**
 * Each recipe's ticket pattern, compiled once: a busy page is looked at several times a second,
 * and compiling it anew each time was a third of the content script's CPU there. No `g` or `y`
 * flag, so `exec` keeps no state between pages. Null for a pattern that does not compile; a
 * pattern of a shape that could freeze the page has a limit of 0 and matches nothing.
 */
const compiled = new Map<string, { re: RegExp; limit: number } | null>();
function ticketPath(source: string): { re: RegExp; limit: number } | null {
  let path = compiled.get(source);
  if (path === undefined) {
    try {
      path = { re: new RegExp(source), limit: addressLimit(source) };
    } catch {
      path = null;
    }
    compiled.set(source, path);
  }
  return path;
}

/** A ticket number is at its label's end, and shorter than this. */
const LABEL_TAIL = 64;

export const shownTicket =
  (recipe: Recipe) =>
  (url: URL, doc: Document): PageTicket | null => {
    const key = keyOf(recipe, url);
    if (!key) return null;
    if (recipe.ticket.present && !doc.querySelector(recipe.ticket.present)) return null;
    // Mid-navigation the URL and the page can disagree: then no ticket is shown for sure.
    const own = recipe.ticket.key;
    if (own && doc.querySelector(own.selector)?.getAttribute(own.attribute) !== key) return null;
    // Only the label's end: on page text, this pattern takes time quadratic in the text's length.
    const shownNumber = recipe.ticket.label ? /#?\s*([\w-]+)\s*$/.exec(textOf(doc, recipe.ticket.label).slice(-LABEL_TAIL))?.[1] : undefined;
    return { key, label: `#${shownNumber ?? key}` };
  };

const matches = (el: Element, match: RoleMatch | undefined, value: string | null): boolean =>
  !!match &&
  ((value !== null && (match.values ?? []).includes(value)) ||
    (!!match.selector && (el.matches(match.selector) || el.querySelector(match.selector) !== null)));

function roleOf(recipe: Recipe, el: Element): TicketMessage['role'] {
  const roles = recipe.read.role;
  if (!roles) return 'customer';
  const value = roles.attribute ? el.getAttribute(roles.attribute) : null;
  const found = (['internal', 'agent', 'customer'] as RoleName[]).find((r) => matches(el, roles[r], value));
  return found ?? roles.otherwise ?? 'customer';
}

function readMessage(recipe: Recipe, el: Element): TicketMessage {
  const { author, time, body } = recipe.read;
  const timeEl = time ? el.querySelector(time) : null;
  return {
    author: author ? textOf(el, author) : '',
    role: roleOf(recipe, el),
    time: timeEl?.getAttribute('datetime') ?? (timeEl?.textContent?.trim() || null),
    body: messageText(el.querySelector(body)),
  };
}

/** The thread's message elements, oldest first. */
export function messageElements(recipe: Recipe, doc: Document): Element[] {
  const all = [...doc.querySelectorAll(recipe.read.messages)];
  return recipe.read.newestFirst ? all.reverse() : all;
}

export const readMessages = (recipe: Recipe, doc: Document): TicketMessage[] => messageElements(recipe, doc).map((el) => readMessage(recipe, el));

/** The text of the first match, or its value where it is a form field (a subject kept in an input). */
function fieldText(doc: Document, selector: string): string {
  const el = doc.querySelector(selector);
  if (el?.localName === 'input' || el?.localName === 'textarea') return (el as HTMLInputElement).value.replace(/\s+/g, ' ').trim();
  return textOf(doc, selector);
}

/** "Liam Chen <liam@example.com>" as a name and an address; a bare address stays one. */
const MAILBOX = /^\s*"?([^"<>]*?)"?\s*<\s*([^\s<>@]+@[^\s<>]+)\s*>\s*$/;

/**
 * The requester, where a page shows them as `Name <email>` in one element (read by
 * requesterEmail, requesterName or both): split, so the card's To is `Name <email>` once and the
 * draft greets a name, not an address.
 */
export function requesterOf(name: string | null, email: string | null): { name: string | null; email: string | null } {
  const fromEmail = email ? MAILBOX.exec(email) : null;
  const fromName = name ? MAILBOX.exec(name) : null;
  return {
    name: (fromName ? fromName[1]!.trim() || null : name) ?? (fromEmail?.[1]!.trim() || null),
    email: fromEmail?.[2] ?? (email || null) ?? fromName?.[2] ?? null,
  };
}

/**
 * The subject without the page's own number in front ("#3: Printer offline", "[#3] …", "3 - …"),
 * when that number is the ticket's: the reply's subject is "Re: Printer offline", not "Re: #3: …".
 */
export function subjectOf(text: string, label: string): string {
  const number = label.replace(/^#/, '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const stripped = text.replace(new RegExp(`^\\s*\\[?#?${number}\\]?\\s*[:.)\\]–—-]?\\s+`), '');
  return stripped || text;
}

export function readTicket(recipe: Recipe, doc: Document, label: string): TicketData {
  const r = recipe.read;
  const opt = (selector: string | undefined) => (selector ? fieldText(doc, selector) || null : null);
  return {
    number: label,
    subject: subjectOf(fieldText(doc, r.subject), label),
    status: opt(r.status),
    requester: requesterOf(opt(r.requesterName), opt(r.requesterEmail)),
    messages: readMessages(recipe, doc),
  };
}
