// @ts-check
/**
 * Allowlist HTML sanitizer for message bodies. Customer mail is untrusted: only the tags and
 * attributes below survive, every other tag is dropped (its text kept), and the content of
 * script-like elements is dropped entirely. Output is re-serialised, never passed through.
 */
import { escapeHtml } from './public/views.mjs';

const ALLOWED = new Set([
  'p', 'br', 'b', 'strong', 'i', 'em', 'u', 's', 'code', 'pre', 'blockquote', 'span', 'div',
  'ul', 'ol', 'li', 'a', 'img', 'hr', 'h3', 'h4', 'sub', 'sup',
  'table', 'thead', 'tbody', 'tr', 'th', 'td',
]);
const VOID = new Set(['br', 'hr', 'img']);
/** Elements whose whole content goes, not only the tags. */
const DROP_CONTENT = new Set([
  'script', 'style', 'iframe', 'object', 'embed', 'template', 'noscript', 'textarea', 'select',
  'svg', 'math', 'title', 'head', 'frameset', 'noembed', 'xmp',
]);
const ATTRS = /** @type {Record<string, string[]>} */ ({
  a: ['href', 'title'],
  img: ['src', 'alt', 'width', 'height'],
  td: ['colspan', 'rowspan'],
  th: ['colspan', 'rowspan'],
});
const SAFE_HREF = /^(https?:|mailto:)/i;
const SAFE_IMG = /^data:image\/(png|gif|jpeg|webp);base64,[a-z0-9+/=\s]+$/i;


/** Text as written in HTML: keeps well-formed entity references, escapes everything else. */
const escapeText = (/** @type {string} */ s) =>
  s.replace(/&(?![a-z][a-z0-9]*;|#\d+;|#x[0-9a-f]+;)/gi, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const NAMED = /** @type {Record<string, string>} */ ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', colon: ':', tab: '\t', newline: '\n' });
export const decodeEntities = (/** @type {string} */ s) =>
  s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (m, /** @type {string} */ e) => {
    if (e[0] !== '#') return NAMED[e.toLowerCase()] ?? m;
    const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
    return code > 0 && code < 0x110000 ? String.fromCodePoint(code) : '';
  });

/**
 * Splits HTML into tokens: { text } | { open, attrs, selfClosing } | { close }. Comments,
 * doctypes and processing instructions are dropped; a stray "<" is text.
 * @param {string} html
 */
export function* tokenize(html) {
  const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/y;
  let i = 0;
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    if (lt === -1) { yield { text: html.slice(i) }; return; }
    if (lt > i) yield { text: html.slice(i, lt) };
    if (html.startsWith('<!--', lt)) {
      const end = html.indexOf('-->', lt + 4);
      i = end === -1 ? html.length : end + 3;
      continue;
    }
    TAG.lastIndex = lt;
    const tag = TAG.exec(html);
    if (tag) {
      const name = /** @type {string} */ (tag[2]).toLowerCase();
      const rest = tag[3] ?? '';
      i = lt + tag[0].length;
      if (tag[1]) { yield { close: name }; continue; }
      yield { open: name, attrs: parseAttrs(rest), selfClosing: /\/\s*$/.test(rest) };
      if (DROP_CONTENT.has(name)) {
        // Raw-text content: skip to the matching end tag, whatever it contains.
        const endTag = new RegExp(`</${name}`, 'ig');
        endTag.lastIndex = i;
        const end = endTag.exec(html)?.index ?? -1;
        i = end === -1 ? html.length : html.indexOf('>', end) + 1 || html.length;
        yield { close: name };
      }
      continue;
    }
    if ('!?/'.includes(html[lt + 1] ?? 'x')) {
      const end = html.indexOf('>', lt);
      i = end === -1 ? html.length : end + 1;
      continue;
    }
    yield { text: '<' };
    i = lt + 1;
  }
}

/** @param {string} s @returns {Record<string, string>} */
function parseAttrs(s) {
  /** @type {Record<string, string>} */
  const attrs = {};
  for (const m of s.matchAll(/([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g)) {
    const name = /** @type {string} */ (m[1]).toLowerCase();
    if (!(name in attrs)) attrs[name] = decodeEntities(m[2] ?? m[3] ?? m[4] ?? '');
  }
  return attrs;
}

/** @param {string} tag @param {Record<string, string>} attrs */
function safeAttrs(tag, attrs) {
  let out = '';
  for (const name of ATTRS[tag] ?? []) {
    const value = attrs[name];
    if (value === undefined) continue;
    // Browsers ignore control characters and spaces inside a scheme ("jav\tascript:").
    const compact = value.replace(/[\u0000-\u0020]/g, '');
    if (name === 'href' && !SAFE_HREF.test(compact)) continue;
    if (name === 'src' && !SAFE_IMG.test(value.trim())) continue;
    if ((name === 'width' || name === 'height' || name === 'colspan' || name === 'rowspan') && !/^\d{1,4}$/.test(value)) continue;
    out += ` ${name}="${escapeHtml(value)}"`;
  }
  if (tag === 'a') out += ' rel="noopener noreferrer nofollow" target="_blank"';
  return out;
}

/**
 * Returns HTML holding only allowed tags and attributes, balanced.
 * @param {string} html
 */
export function sanitizeHtml(html) {
  let out = '';
  /** @type {string[]} */
  const open = [];
  let dropDepth = 0;
  for (const t of tokenize(String(html ?? ''))) {
    if ('text' in t) {
      if (dropDepth === 0) out += escapeText(t.text ?? '');
    } else if ('open' in t) {
      const name = t.open ?? '';
      if (DROP_CONTENT.has(name)) { dropDepth++; continue; }
      if (dropDepth > 0 || !ALLOWED.has(name)) continue;
      if (name === 'img' && !(t.attrs && 'src' in t.attrs && SAFE_IMG.test(t.attrs.src?.trim() ?? ''))) continue;
      out += `<${name}${safeAttrs(name, t.attrs ?? {})}>`;
      if (!VOID.has(name) && !t.selfClosing) open.push(name);
    } else {
      const name = t.close ?? '';
      if (DROP_CONTENT.has(name)) { dropDepth = Math.max(0, dropDepth - 1); continue; }
      const at = open.lastIndexOf(name);
      if (dropDepth > 0 || at === -1) continue;
      while (open.length > at) out += `</${open.pop()}>`;
    }
  }
  while (open.length) out += `</${open.pop()}>`;
  return out;
}

const BLOCK = new Set(['p', 'div', 'ul', 'ol', 'li', 'blockquote', 'pre', 'table', 'tr', 'h3', 'h4', 'hr']);

/**
 * Plain text of sanitized HTML, for the sent log: block ends and <br> become newlines.
 * @param {string} html
 */
export function htmlToText(html) {
  let out = '';
  for (const t of tokenize(sanitizeHtml(html))) {
    if ('text' in t) out += decodeEntities(t.text ?? '').replace(/[ \t\r\n]+/g, ' ');
    else if ('open' in t && t.open === 'br') out += '\n';
    else if (BLOCK.has(('open' in t ? t.open : t.close) ?? '')) out += '\n';
  }
  // Trim source spaces around line breaks before no-break spaces turn into spaces: those are the
  // author's own (an indent, a double space) and stay.
  return out.replace(/ *\n */g, '\n').replace(/\u00a0/g, ' ').replace(/\n{3,}/g, '\n\n').trim();
}
