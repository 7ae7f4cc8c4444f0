import type { MessageChoice } from '../../shared/teach';
import type { RecipeRoles, RoleName } from '../../shared/recipe-format';
import { selectorFor, safeQueryAll, stableClasses, tokensOf } from './teach-selectors';

/**
 * Teach mode's first step: from one message the agent clicked, every message of the thread
 * (the repeated sibling structure it belongs to), how their roles show, and the ticket's
 * header around them (subject, requester).
 */

const HINT = /message|post|comment|article|entry|reply|note|event|item|card|bubble|thread|conversation|mail/i;
const INLINE = new Set(['p', 'span', 'b', 'i', 'strong', 'em', 'a', 'br', 'code', 'small', 'u', 'font', 'img', 'svg', 'path', 'time', 'label', 'h2', 'h3', 'h4', 'h5', 'h6', 'td', 'th', 'tr']);

/** Siblings of `el` built like it: same tag, and a shared stable class or data- attribute when it has one. */
function alike(el: Element): Element[] {
  const classes = stableClasses(el);
  const attrs = el.getAttributeNames().filter((n) => n.startsWith('data-') && !/\d/.test(n));
  return [...(el.parentElement?.children ?? [])].filter(
    (s) =>
      s.localName === el.localName &&
      (classes.length === 0 || classes.some((c) => s.classList.contains(c))) &&
      (classes.length > 0 || attrs.length === 0 || attrs.some((a) => s.hasAttribute(a))),
  );
}

const richness = (el: Element) => (el.textContent?.trim().length ?? 0) > 15 && el.querySelectorAll('*').length >= 1;

function score(el: Element, group: Element[]): number {
  let s = group.length >= 2 ? 4 : 0;
  if (INLINE.has(el.localName)) s -= 5;
  if (el.localName === 'article' || el.localName === 'li') s += 2;
  if (HINT.test(el.className.toString()) || el.getAttributeNames().some((n) => n.startsWith('data-') && HINT.test(n + el.getAttribute(n)))) s += 2;
  if (group.every(richness)) s += 1;
  return s;
}

/** The message element `target` is in, and all the messages like it. */
export function messageGroup(target: Element): { message: Element; all: Element[] } | null {
  let best: { el: Element; group: Element[]; s: number } | null = null;
  for (let a: Element | null = target; a && a.parentElement && a.localName !== 'body'; a = a.parentElement) {
    const group = alike(a);
    const s = score(a, group);
    if (s > 0 && (!best || s > best.s)) best = { el: a, group, s };
  }
  return best ? { message: best.el, all: best.group } : null;
}

/** A selector matching exactly the messages of the group. */
export function groupSelector(message: Element, all: Element[]): string | null {
  const shared = stableClasses(message).filter((c) => all.every((m) => m.classList.contains(c)));
  const attr = message.getAttributeNames().find((n) => n.startsWith('data-') && !/\d/.test(n) && all.every((m) => m.hasAttribute(n)));
  const tag = message.localName;
  const own = [...(shared.length ? [`${tag}.${shared.slice(0, 2).join('.')}`] : []), ...(attr ? [`${tag}[${attr}]`] : []), tag];
  const parent = message.parentElement;
  const parentSelector = parent && parent.localName !== 'body' ? selectorFor(parent) : null;
  const same = (sel: string) => {
    const found = safeQueryAll(message.ownerDocument, sel);
    return found.length === all.length && all.every((m) => found.includes(m));
  };
  for (const t of own) {
    if (same(t)) return t;
    if (parentSelector && same(`${parentSelector} > ${t}`)) return `${parentSelector} > ${t}`;
  }
  return null;
}

const CUSTOMER = /customer|requester|end[-_]?user|client|contact|visitor|incoming|inbound|\buser\b/i;
const INTERNAL = /internal|private|\bnote\b/i;
const AGENT = /agent|staff|support|admin|operator|outgoing|outbound|response|team|assignee/i;

const roleWord = (value: string): RoleName | null => (INTERNAL.test(value) ? 'internal' : CUSTOMER.test(value) ? 'customer' : AGENT.test(value) ? 'agent' : null);

/** How the messages' roles show: a data- attribute or a class naming the role, else none. */
export function rolesOf(all: Element[]): RecipeRoles | undefined {
  for (const name of all[0]?.getAttributeNames() ?? []) {
    if (!name.startsWith('data-') || !all.every((m) => m.hasAttribute(name))) continue;
    const values = [...new Set(all.map((m) => m.getAttribute(name) ?? ''))];
    const roles: RecipeRoles = { attribute: name };
    for (const v of values) {
      const r = roleWord(v);
      if (r) roles[r] = { values: [...(roles[r]?.values ?? []), v] };
    }
    if (roles.customer || roles.agent || roles.internal) return { ...roles, otherwise: roles.customer ? 'agent' : 'customer' };
  }
  const roles: RecipeRoles = {};
  for (const c of new Set(all.flatMap((m) => stableClasses(m)))) {
    const r = roleWord(c);
    if (r && !roles[r] && !all.every((m) => m.classList.contains(c))) roles[r] = { selector: `.${c}` };
  }
  if (roles.customer || roles.agent || roles.internal) return { ...roles, otherwise: roles.customer ? 'agent' : 'customer' };
  return undefined;
}

const isEmail = (s: string) => /^[^\s@<>]+@[^\s@<>]+\.[a-z]{2,}$/i.test(s);
/** `Name <address>` in one element, as Request Tracker's People box shows a requestor (a recipe splits it). */
const isMailbox = (s: string) => /^[^<>@]{1,200}<\s*[^\s@<>]+@[^\s@<>]+\.[a-z]{2,}\s*>$/i.test(s);

/** The ticket's subject, and the requester's address and name, outside the thread. */
export function headerOf(doc: Document, all: Element[]): Pick<MessageChoice, 'subject' | 'requesterName' | 'requesterEmail'> {
  const outside = (el: Element) => !all.some((m) => m.contains(el)) && !el.closest('form, nav, header[role="banner"]');
  const h1 = safeQueryAll(doc, 'h1').find(outside);
  const subject = (h1 && selectorFor(h1)) ?? 'title';
  const leaf = (test: (text: string) => boolean) => safeQueryAll(doc, 'body *').find((el) => el.children.length === 0 && test(el.textContent?.trim() ?? '') && outside(el));
  const email = leaf(isEmail);
  if (!email) {
    const mailbox = leaf(isMailbox);
    const selector = mailbox && (selectorFor(mailbox) ?? anchored(mailbox));
    return selector ? { subject, requesterEmail: selector } : { subject };
  }
  const requesterEmail = selectorFor(email) ?? anchored(email) ?? undefined;
  const name = email.previousElementSibling;
  const requesterName = name && !isEmail(name.textContent?.trim() ?? '') && name.textContent?.trim() ? (selectorFor(name) ?? undefined) : undefined;
  return { subject, ...(requesterEmail ? { requesterEmail } : {}), ...(requesterName ? { requesterName } : {}) };
}

/**
 * A selector for `el` from the nearest ancestor (up to six levels) the page names uniquely, such
 * as the row a label heads: Request Tracker's requestor is `span.user a` like the owner above it,
 * and only its row (`div.form-row.requestors`) tells them apart.
 */
function anchored(el: Element): string | null {
  let up = el.parentElement;
  for (let depth = 0; depth < 6 && up && up.localName !== 'body'; depth++, up = up.parentElement) {
    const anchor = tokensOf(up).find((t) => t !== up!.localName && safeQueryAll(el.ownerDocument, t).length === 1);
    const inside = anchor && selectorFor(el, up);
    if (anchor && inside && safeQueryAll(el.ownerDocument, `${anchor} ${inside}`)[0] === el) return `${anchor} ${inside}`;
  }
  return null;
}

/** A time element inside the messages, and whether the thread lists the newest first. */
export function timesOf(all: Element[]): Pick<MessageChoice, 'time' | 'newestFirst'> {
  const first = all[0]?.querySelector('time, [datetime]');
  if (!first) return {};
  const time = tokensOf(first).find((t) => all.every((m) => m.querySelector(t))) ?? first.localName;
  const stamps = all.map((m) => Date.parse(m.querySelector(time)?.getAttribute('datetime') ?? '')).filter((n) => !Number.isNaN(n));
  const newestFirst = stamps.length >= 2 && stamps[0]! > stamps.at(-1)!;
  return { time, ...(newestFirst ? { newestFirst } : {}) };
}
