/**
 * Robust selectors for what the agent points at in teach mode: ids, stable classes, data- and
 * aria- attributes and a little structure. Generated class names (css-1x2y3z, sc-abc123,
 * Button_root__x7Yz2) and per-record ids (post-17) change between builds or records, and long
 * nth-child chains break with any layout change, so none of them is used.
 */

const STATE_CLASS = /^(?:is-|has-|ng-|ember-)|^(?:active|selected|hover|hovered|focus|focused|open|opened|closed|collapsed|expanded|hidden|visible|disabled|loading|new|unread|read|odd|even|first|last)$/i;

/** A class a stylesheet author wrote, not one a build tool or a state toggle did. */
export function isStableClass(c: string): boolean {
  if (c.length < 2 || c.length > 40 || !/^[a-zA-Z_-][\w-]*$/.test(c)) return false;
  if (STATE_CLASS.test(c)) return false;
  if (/^(?:css|sc|jss|svelte|astro|emotion|styled|makeStyles)-/i.test(c) || /^jss\d/.test(c)) return false;
  // Numbered classes are per record or per build (jss-12, item-3), or layout utilities (mb-2).
  if (/\d{3,}/.test(c) || /[-_]\d+$/.test(c)) return false;
  // A hash-like part: letters and digits mixed with no separator (x7Yz2, 1x2y3z, abc123).
  return !c.split(/[-_]+/).some((part) => part.length >= 4 && /\d/.test(part) && /[a-z]/i.test(part));
}

/** An id a person wrote (reply-box), not a record's (post-17) or a framework's (ember812, :r3:). */
export const isStableId = (id: string): boolean =>
  id.length >= 2 && id.length <= 40 && /^[a-zA-Z][\w-]*$/.test(id) && !/\d/.test(id) && !/^(?:ember|react|mui|radix|headlessui|ext-gen|yui)/i.test(id);

/** Attributes worth naming an element by, most telling first. */
const ATTRIBUTES = ['data-testid', 'data-test-id', 'data-test', 'data-qa', 'data-cy', 'data-action', 'data-role', 'data-type', 'data-kind', 'name', 'role', 'aria-label', 'type'];

const stableValue = (v: string): boolean => v.length > 0 && v.length <= 60 && !/\d{3,}/.test(v) && !/["\\\n]/.test(v);

export const stableClasses = (el: Element): string[] => [...el.classList].filter(isStableClass);

const cssEscape = (s: string): string => s.replace(/([^\w-])/g, '\\$1');

/** Simple selectors for the element alone, most specific and robust first. */
export function tokensOf(el: Element): string[] {
  const tag = el.localName;
  const out: string[] = [];
  if (el.id && isStableId(el.id)) out.push(`#${cssEscape(el.id)}`);
  for (const name of ATTRIBUTES) {
    const v = el.getAttribute(name);
    if (v !== null && stableValue(v) && !(name === 'type' && !['input', 'button'].includes(tag))) out.push(`${tag}[${name}="${v}"]`);
  }
  const classes = stableClasses(el);
  if (classes.length) out.push(`${tag}.${classes.slice(0, 2).map(cssEscape).join('.')}`);
  for (const c of classes.slice(0, 3)) out.push(`${tag}.${cssEscape(c)}`);
  out.push(tag);
  return [...new Set(out)];
}

const firstIs = (root: ParentNode, selector: string, el: Element): boolean => {
  try {
    return root.querySelector(selector) === el;
  } catch {
    return false;
  }
};

/**
 * A selector whose first match under `root` is `el`: its own token when that is enough, else
 * prefixed by up to three ancestors' tokens (below `root`), with one :nth-of-type at most.
 */
export function selectorFor(el: Element, root: ParentNode = el.ownerDocument): string | null {
  const own = tokensOf(el);
  for (const t of own) if (firstIs(root, t, el)) return t;
  const stop = (root as Element).localName ? (root as Element) : null;
  let prefix = '';
  let ancestor = el.parentElement;
  for (let depth = 0; depth < 3 && ancestor && ancestor !== stop && ancestor.localName !== 'html'; depth++, ancestor = ancestor.parentElement) {
    const best = tokensOf(ancestor).find((t) => t !== ancestor!.localName) ?? null;
    if (!best) continue;
    prefix = `${best} ${prefix}`;
    for (const t of own) if (firstIs(root, `${prefix}${t}`, el)) return `${prefix}${t}`;
    if (best.startsWith('#')) break; // an id is as good an anchor as it gets
  }
  const nth = nthOfType(el);
  for (const t of own.slice(0, 2)) {
    for (const candidate of [`${t}:nth-of-type(${nth})`, `${prefix}${t}:nth-of-type(${nth})`]) if (firstIs(root, candidate, el)) return candidate;
  }
  return null;
}

const nthOfType = (el: Element): number => [...(el.parentElement?.children ?? [])].filter((s) => s.localName === el.localName).indexOf(el) + 1;

/**
 * A selector for a part inside each message: of the candidates for `el` (relative to its own
 * message), the one found in the most messages, its first match in its own message being `el`.
 */
export function partSelector(el: Element, message: Element, all: readonly Element[]): { selector: string; count: number } | null {
  const candidates: string[] = [...tokensOf(el)];
  for (let a = el.parentElement, depth = 0; a && a !== message && depth < 2; a = a.parentElement, depth++) {
    for (const up of tokensOf(a).slice(0, 2)) for (const t of tokensOf(el).slice(0, 3)) candidates.push(`${up} ${t}`);
  }
  let best: { selector: string; count: number } | null = null;
  for (const selector of candidates) {
    if (!firstIs(message, selector, el)) continue;
    const count = all.filter((m) => safeQuery(m, selector)).length;
    if (!best || count > best.count) best = { selector, count };
    if (count === all.length) break;
  }
  return best;
}

export const safeQuery = (root: ParentNode, selector: string): Element | null => {
  try {
    return root.querySelector(selector);
  } catch {
    return null;
  }
};

export const safeQueryAll = (root: ParentNode, selector: string): Element[] => {
  try {
    return [...root.querySelectorAll(selector)];
  } catch {
    return [];
  }
};
