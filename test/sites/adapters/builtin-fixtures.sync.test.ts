import { describe, expect, it } from 'vitest';
import { Window } from 'happy-dom';
import { builtinPage, builtinSeed, helpdeskOf } from '../../e2e/harness/builtin-helpdesks';
import { fixtureHtml } from '../load-fixture';

/**
 * The built-in recipes' saved fixture pages (test/fixtures/sites/<id>/ticket.html, what the
 * unit tests read) are the pages the E2E fixture server renders (builtin-pages.ts), scripts
 * aside: one shape per helpdesk, so the unit and browser tests cannot drift apart.
 */
const pages: [string, string, string][] = [
  ['zammad', 'desk.example.org', '/'],
  ['zendesk', 'acme.zendesk.com', '/agent/tickets/5'],
  ['freshdesk', 'acme.freshdesk.com', '/a/tickets/5'],
  ['helpscout', 'secure.helpscout.net', '/conversation/5/31005'],
];

/** The body's DOM without scripts and without the whitespace between tags. */
function shape(html: string): string {
  const window = new Window();
  window.document.write(html);
  const body = window.document.body;
  body.querySelectorAll('script').forEach((s) => s.remove());
  const walker = window.document.createTreeWalker(body, 4);
  const blanks: Node[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) if (!/\S/.test(node.textContent ?? '')) blanks.push(node as unknown as Node);
  blanks.forEach((n) => (n as ChildNode).remove());
  const out = body.innerHTML;
  void window.happyDOM.close();
  return out;
}

describe('the built-in recipes’ saved fixtures', () => {
  it.each(pages)('%s: ticket.html is the page the fixture server renders', (id, host, path) => {
    const served = builtinPage(helpdeskOf(host), path, builtinSeed());
    expect(served).not.toBeNull();
    const saved = shape(fixtureHtml(id, 'ticket.html'));
    expect(saved).toContain('The box was crushed and the lamp inside is broken.');
    expect(saved).toBe(shape(served!));
  });
});
