// @vitest-environment happy-dom
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadMarkdown, Markdown } from '../../src/ui/chat/Markdown';
import { linkTarget } from '../../src/shared/link-target';
import { LinkTrust } from '../../src/ui/chat/link-trust';
import { freshRoot, dropRoot } from './root';

let root: HTMLElement;
const show = (text: string) => act(() => render(<Markdown text={text} />, root));

// Loaded on demand in the sidebar; here before the first render, so what is checked is markdown.
beforeAll(async () => {
  await loadMarkdown();
});
beforeEach(() => {
  root = freshRoot();
});
afterEach(() => {
  dropRoot(root);
});

const HOSTILE = [
  'Hello <img src=x onerror=alert(1)> there.',
  '',
  '<script>alert(2)</script>',
  '',
  '<iframe src="https://evil.example"></iframe>',
  '',
  '![pixel](https://tracker.example/p.png) [click](javascript:alert(1)) [ok](https://example.com)',
].join('\n');

describe('Markdown', () => {
  it('creates no img, script or iframe element, and shows raw HTML as text', async () => {
    await show(HOSTILE);
    expect(root.querySelector('img, script, iframe, object, embed, svg, style')).toBeNull();
    const text = root.textContent!;
    expect(text).toContain('<img src=x onerror=alert(1)>');
    expect(text).toContain('<script>alert(2)</script>');
    expect(text).toContain('<iframe src="https://evil.example"></iframe>');
    expect([...root.querySelectorAll('*')].some((e) => [...e.attributes].some((a) => a.name.startsWith('on')))).toBe(false);
  });

  it('links only http(s) and mailto URLs, a trusted one in a new tab without an opener', async () => {
    await act(() =>
      render(
        <LinkTrust.Provider value={new Set(['https://example.com'])}>
          <Markdown text={HOSTILE} />
        </LinkTrust.Provider>,
        root,
      ),
    );
    // Only the trusted site is a link at once; the image's host is not, and the javascript: link is its text.
    const links = [...root.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['https://example.com/']);
    expect(links[0]!.getAttribute('target')).toBe('_blank');
    expect(links[0]!.getAttribute('rel')).toContain('noopener');
    expect(root.textContent).toContain('click');
    expect([...root.querySelectorAll('[data-testid="link-host"]')].map((h) => h.textContent)).toEqual(['tracker.example', 'example.com']);
    expect(root.querySelector('[data-testid="ext-link-toggle"]')!.textContent).toBe('[pixel]');
  });

  it('accepts only absolute http, https and mailto URLs', () => {
    expect(linkTarget('mailto:ada@example.com')).toMatchObject({ key: 'mailto:example.com', host: 'example.com', kind: 'mail' });
    expect(linkTarget('https://Desk.Example:8443/a?b#c')).toMatchObject({ key: 'https://desk.example:8443', host: 'desk.example:8443', kind: 'web' });
    for (const bad of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'data:text/html,<b>x', 'vbscript:x', '/relative', 'file:///etc/passwd', 'chrome://settings', 'mailto:nobody']) {
      expect(linkTarget(bad), bad).toBeNull();
    }
  });

  it('renders emphasis, code, lists, headings, quotes and line breaks as elements', async () => {
    await show('# Title\n\nSome *soft* and **strong** text with `code`,  \nbroken line.\n\n- one\n- two\n\n1. first\n2. second\n\n> quoted\n\n```\nconst a = 1 < 2;\n```');
    expect(root.querySelector('h3')!.textContent).toBe('Title');
    expect(root.querySelector('em')!.textContent).toBe('soft');
    expect(root.querySelector('strong')!.textContent).toBe('strong');
    expect(root.querySelector('p code')!.textContent).toBe('code');
    expect(root.querySelector('br')).not.toBeNull();
    expect([...root.querySelectorAll('ul > li')].map((li) => li.textContent)).toEqual(['one', 'two']);
    expect([...root.querySelectorAll('ol > li')].map((li) => li.textContent)).toEqual(['first', 'second']);
    expect(root.querySelector('blockquote')!.textContent).toBe('quoted');
    expect(root.querySelector('pre code')!.textContent).toBe('const a = 1 < 2;');
  });

  it('keeps each line of an answer on its own line, as a summary’s four lines', async () => {
    await show('Wants: a refund of the duplicate charge\nTried: nothing yet\nPromised: nothing\nNext: refund NW-20931');
    const p = root.querySelector('p')!;
    expect(p.querySelectorAll('br')).toHaveLength(3);
    expect([...p.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent)).toEqual(['Wants: a refund of the duplicate charge', 'Tried: nothing yet', 'Promised: nothing', 'Next: refund NW-20931']);
  });

  it('shows entities as the characters they stand for, as text', async () => {
    await show('Tom &amp; Jerry &lt;b&gt;');
    expect(root.textContent).toBe('Tom & Jerry <b>');
    expect(root.querySelector('b')).toBeNull();
  });

  it('renders again as a streamed message grows', async () => {
    await show('Partial **bo');
    expect(root.querySelector('strong')).toBeNull();
    await show('Partial **bold**');
    expect(root.querySelector('strong')!.textContent).toBe('bold');
  });
});
