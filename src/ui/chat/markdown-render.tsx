import { Lexer, type Token, type Tokens } from 'marked';
import type { ComponentChildren } from 'preact';
import { linkTarget, opensInOneClick } from '../../shared/link-target';
import { ExternalLink, TrustedLink } from './ExternalLink';

/**
 * Model output as markdown, safely. `marked` only splits the text into tokens; each token
 * becomes a Preact element here, so nothing is ever parsed as HTML: raw HTML shows as text,
 * images are never loaded (they become links), and only http(s) and mailto links are links.
 * Every link shows its destination host; one that `trusted` does not open in one click (the
 * helpdesk's own pages, the knowledge base's exact links) takes a second step showing its full address. Inline,
 * reference and autolinks and images all come out of the lexer as the same tokens, so all of them
 * pass here. Loaded on demand (see Markdown.tsx): marked is half of the sidebar's script.
 */
export const renderMarkdown = (text: string, trusted: Trusted = new Set()): ComponentChildren[] => blocks(Lexer.lex(text, LEX), trusted);

/**
 * A line break in model output is a line break, as in every chat: a summary's "Wants:",
 * "Tried:", "Promised:", "Next:" lines stay four lines (GitHub's `breaks`).
 */
const LEX = { gfm: true, breaks: true } as const;

/** The trusted keys: sites and exact addresses (see `opensInOneClick`). */
type Trusted = ReadonlySet<string>;

/** The URL to link to, or null when it is not an absolute http:, https: or mailto: URL. */
export function safeHref(href: string): string | null {
  try {
    const url = new URL(href);
    return /^(https?|mailto):$/.test(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: '\u00a0' };
// The lexer leaves entities for an HTML renderer to decode; text nodes would show them raw.
const decode = (s: string) => s.replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => ENTITIES[name]!);

const blocks = (tokens: Token[], tr: Trusted): ComponentChildren[] => tokens.map((token) => block(token, tr));

function block(token: Token, tr: Trusted): ComponentChildren {
  const t = token as Tokens.Generic;
  switch (token.type) {
    case 'space':
    case 'def':
      return null;
    case 'paragraph':
      return <p>{inline(t.tokens, tr)}</p>;
    case 'heading': {
      const H = `h${Math.min(6, t.depth + 2)}` as 'h3';
      return <H class="md-h">{inline(t.tokens, tr)}</H>;
    }
    case 'code':
      return <pre class="md-code"><code>{t.text}</code></pre>;
    case 'blockquote':
      return <blockquote>{blocks(t.tokens ?? [], tr)}</blockquote>;
    case 'list':
      return list(token as Tokens.List, tr);
    case 'hr':
      return <hr />;
    case 'table':
      return table(token as Tokens.Table, tr);
    case 'text':
      // A tight list item's text: its inline tokens, when the lexer gave them.
      return t.tokens ? inline(t.tokens, tr) : decode(t.text);
    default:
      // html and anything unknown: the source, as text.
      return <p class="text">{token.raw.trimEnd()}</p>;
  }
}

function list(l: Tokens.List, tr: Trusted): ComponentChildren {
  const items = l.items.map((item) => (
    <li>
      {item.task && (item.checked ? '☑ ' : '☐ ')}
      {blocks(item.tokens.filter((t) => t.type !== 'checkbox'), tr)}
    </li>
  ));
  return l.ordered ? <ol start={l.start === '' ? undefined : l.start}>{items}</ol> : <ul>{items}</ul>;
}

function table(tb: Tokens.Table, tr: Trusted): ComponentChildren {
  const row = (cells: Tokens.TableCell[], Cell: 'th' | 'td') => <tr>{cells.map((c) => <Cell>{inline(c.tokens, tr)}</Cell>)}</tr>;
  return (
    <div class="md-table">
      <table>
        <thead>{row(tb.header, 'th')}</thead>
        <tbody>{tb.rows.map((r) => row(r, 'td'))}</tbody>
      </table>
    </div>
  );
}

function inline(tokens: Token[] | undefined, tr: Trusted): ComponentChildren[] {
  return (tokens ?? []).map((token) => {
    const t = token as Tokens.Generic;
    switch (token.type) {
      case 'text':
        return t.tokens ? inline(t.tokens, tr) : decode(t.text);
      case 'escape':
        return t.text;
      case 'strong':
        return <strong>{inline(t.tokens, tr)}</strong>;
      case 'em':
        return <em>{inline(t.tokens, tr)}</em>;
      case 'del':
        return <del>{inline(t.tokens, tr)}</del>;
      case 'codespan':
        return <code>{t.text}</code>;
      case 'br':
        return <br />;
      case 'link':
        return link(t.href, inline(t.tokens, tr), tr);
      case 'image':
        // Never loaded: an image would tell its server who read the message, and when.
        return link(t.href, `[${t.text || t.href}]`, tr);
      default:
        // Inline HTML (`<img …>`, `<script>`) and anything unknown: the source, as text.
        return token.raw;
    }
  });
}

function link(href: string, children: ComponentChildren, tr: Trusted): ComponentChildren {
  const target = linkTarget(href);
  // javascript:, data:, relative and anything else: the text alone.
  if (!target) return children;
  return opensInOneClick(target, tr) ? <TrustedLink target={target}>{children}</TrustedLink> : <ExternalLink target={target}>{children}</ExternalLink>;
}
