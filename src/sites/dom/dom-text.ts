import { createBuilder, CUT_MARKER, type Builder } from './text-builder';

/**
 * Readable plain text from rendered HTML, for what adapters hand to the model: paragraphs and
 * <br> become newlines, list items "- " (or "1. "), links "text (url)", table cells " | ",
 * images "[image: alt]"; script, style and hidden content are left out. Works on nodes of any
 * realm (page, content script, happy-dom), so it checks nodeType, never instanceof.
 */
export { CUT_MARKER };

const SKIP = new Set([
  'script', 'style', 'noscript', 'template', 'iframe', 'object', 'embed', 'svg', 'canvas',
  'head', 'title', 'select', 'textarea', 'input', 'button',
]);
/** Blocks set off by a blank line. */
const PARAGRAPH = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'pre', 'blockquote', 'table', 'hr', 'figure']);
/** Blocks that start and end a line. */
const LINE = new Set([
  'div', 'section', 'article', 'aside', 'header', 'footer', 'main', 'nav', 'address', 'form',
  'fieldset', 'details', 'summary', 'dl', 'dt', 'dd', 'tr', 'caption', 'thead', 'tbody', 'tfoot', 'figcaption', 'li',
]);
const LINK_SCHEMES = /^(https?:|mailto:)/i;

/**
 * How much of one message of a thread is read. The registry hands the model at most 100,000
 * characters of a result's JSON (src/core/registry.ts), so a longer message would be cut there
 * anyway, and with it every message after it; cut here, the thread keeps all its messages.
 */
export const MESSAGE_MAX_CHARS = 50_000;

/** The text of one message of a thread, at most MESSAGE_MAX_CHARS and the marker. */
export const messageText = (el: Node | null | undefined): string => elementText(el, MESSAGE_MAX_CHARS);

interface Walk {
  /** Whitespace as written: 'all' (pre, pre-wrap), 'lines' (pre-line: line breaks kept, spaces collapsed). */
  pre: false | 'all' | 'lines';
  listDepth: number;
  /** Elements above this one: the walk recurses, and a page script can nest 100,000 deep. */
  depth: number;
}

/**
 * Below this depth an element's text is taken whole and flat. The HTML parser nests at most 512
 * deep, so only a page script gets here; recursing further would overflow the stack.
 */
const MAX_DEPTH = 400;

/**
 * The plain text of a node (an element, a document or a fragment). With `maxChars`, the walk
 * stops once that much text is in and CUT_MARKER ends it: a 1 MB message costs no more than
 * the part of it anyone will read, and the page is not kept waiting for the rest.
 */
export function elementText(root: Node | null | undefined, maxChars = Infinity): string {
  if (!root) return '';
  const b = createBuilder(maxChars);
  walkChildren(root, b, { pre: false, listDepth: 0, depth: 0 });
  return b.done();
}

function walkChildren(node: Node, b: Builder, w: Walk): void {
  const inner = { ...w, depth: w.depth + 1 };
  for (let child = node.firstChild; child && !b.full(); child = child.nextSibling) visit(child, b, inner);
}

function visit(node: Node, b: Builder, w: Walk): void {
  if (node.nodeType === 3 /* text */) {
    const t = node.nodeValue ?? '';
    if (w.pre === 'all') return b.raw(t);
    if (w.pre === 'lines') {
      t.split(/\r\n?|\n/).forEach((line, i) => {
        if (i) b.raw('\n');
        b.text(line.replace(/[ \t\f]+/g, ' '));
      });
      return;
    }
    return b.text(t.replace(/[ \t\n\r\f]+/g, ' '));
  }
  if (node.nodeType !== 1 /* element */) return;
  const el = node as Element;
  const tag = el.localName.toLowerCase();
  if (SKIP.has(tag) || el.hasAttribute('hidden') || el.getAttribute('aria-hidden') === 'true') return;
  if (w.depth >= MAX_DEPTH) return b.text(flatText(el).replace(/[ \t\n\r\f]+/g, ' '));
  if (tag === 'br') return b.raw('\n');
  if (tag === 'ul' || tag === 'ol') return visitList(el, tag === 'ol', b, w);
  if (tag === 'li') return visitItem(el, '- ', b, w);
  if (tag === 'a') return visitLink(el, b, w);
  if (tag === 'img') {
    const alt = el.getAttribute('alt')?.trim();
    return alt ? b.text(`[image: ${alt}]`) : undefined;
  }
  if ((tag === 'td' || tag === 'th') && el.previousElementSibling) b.text(' | ');
  const gap = PARAGRAPH.has(tag) ? 2 : LINE.has(tag) ? 1 : 0;
  if (gap) b.breakLines(gap);
  walkChildren(el, b, whiteSpaceOf(el, tag, w));
  if (gap) b.breakLines(gap);
}

/**
 * Text kept with its line breaks by an inline style, as osTicket shows a plain-text message
 * (`<div style="white-space:pre-wrap">`): its paragraphs are newlines, not markup.
 */
function whiteSpaceOf(el: Element, tag: string, w: Walk): Walk {
  if (tag === 'pre') return { ...w, pre: 'all' };
  const style = /white-space\s*:\s*(pre-line|pre-wrap|pre|break-spaces|normal|nowrap)/i.exec(el.getAttribute('style') ?? '')?.[1]?.toLowerCase();
  if (!style) return w;
  if (style === 'normal' || style === 'nowrap') return w.pre ? { ...w, pre: false } : w;
  return { ...w, pre: style === 'pre-line' ? 'lines' : 'all' };
}

function visitList(list: Element, ordered: boolean, b: Builder, w: Walk): void {
  const gap = w.listDepth > 0 ? 1 : 2;
  b.breakLines(gap);
  let n = Number.parseInt(list.getAttribute('start') ?? '1', 10) || 1;
  const inner = { ...w, listDepth: w.listDepth + 1 };
  for (let child = list.firstChild; child && !b.full(); child = child.nextSibling) {
    const isItem = child.nodeType === 1 && (child as Element).localName.toLowerCase() === 'li';
    if (isItem) visitItem(child as Element, ordered ? `${n++}. ` : '- ', b, inner);
    else visit(child, b, inner);
  }
  b.breakLines(gap);
}

function visitItem(item: Element, marker: string, b: Builder, w: Walk): void {
  if (item.hasAttribute('hidden')) return;
  b.breakLines(1);
  b.raw('  '.repeat(Math.max(0, w.listDepth - 1)) + marker);
  walkChildren(item, b, w);
  b.breakLines(1);
}

function visitLink(link: Element, b: Builder, w: Walk): void {
  const start = b.mark();
  walkChildren(link, b, w);
  const text = b.since(start).trim();
  const href = link.getAttribute('href')?.trim() ?? '';
  if (!LINK_SCHEMES.test(href)) return;
  const shown = href.replace(/^mailto:/i, '');
  if (text === '') b.text(shown);
  else if (text !== href && text !== shown) b.text(` (${href})`);
}

/** The text of every text node under `root`, in order, without recursion (for nesting past MAX_DEPTH). */
function flatText(root: Node): string {
  const parts: string[] = [];
  let node: Node | null = root.firstChild;
  while (node && node !== root) {
    if (node.nodeType === 3) parts.push(node.nodeValue ?? '');
    if (node.firstChild && !(node.nodeType === 1 && SKIP.has((node as Element).localName.toLowerCase()))) {
      node = node.firstChild;
      continue;
    }
    while (node && node !== root && !node.nextSibling) node = node.parentNode;
    if (node && node !== root) node = node.nextSibling;
  }
  return parts.join(' ');
}
