import '../../fakes/scripts'; // runs the lazy scripts and content parts this file's code reaches
import { describe, expect, it } from 'vitest';
import adapter, { MAX_PAGE_CHARS, MAX_SELECTION_CHARS } from '../../../src/sites/adapters/generic';
import { adapterToolNames } from '../../../src/sites/adapter';
import { PAGE_TOOLS } from '../../../src/shared/page-tools';
import { FIXTURE_ORIGIN, useFixtures } from '../load-fixture';

const load = useFixtures('generic');
const article = () => load('article.html', '/kb/vpn-keepalive');
const readPage = adapter.tools['page.read']!;
const readSelection = adapter.tools['selection.read']!;

/** A fixture page with its body replaced by `html`, built as DOM. */
function pageWith(html: string) {
  const page = article();
  page.document.body.replaceChildren();
  page.document.body.insertAdjacentHTML('afterbegin', html);
  return page;
}

describe('detect and ticket', () => {
  it('serves any http(s) page and shows no ticket there', () => {
    const { document } = article();
    for (const url of ['http://127.0.0.1:8080/', 'https://intranet.example/kb/1?x=1#y']) {
      expect(adapter.detect(new URL(url), document)).toBe(true);
      expect(adapter.ticket(new URL(url), document)).toBeNull();
    }
  });

  it('does not serve other schemes', () => {
    const { document } = article();
    for (const url of ['file:///tmp/a.html', 'chrome://extensions/', 'about:blank', 'moz-extension://x/sidepanel.html']) {
      expect(adapter.detect(new URL(url), document)).toBe(false);
    }
  });

  it('reads, inserts on a click, and sends nothing on a page Deskmate does not understand', () => {
    expect(adapterToolNames(adapter)).toEqual(['page.read', 'selection.read', 'reply.fill']);
    expect(adapterToolNames(adapter).map((n) => PAGE_TOOLS[n].sideEffect)).toEqual(['read', 'read', 'write']);
  });
});

describe('page.read', () => {
  it('reads the main article as text, without navigation, sidebar, scripts or hidden parts', async () => {
    const { document, location } = article();
    const result = await readPage({}, document, location);
    expect(result).toMatchObject({
      ok: true,
      data: { title: 'Fixing VPN drops after the 4.2 client update · Northwind IT Knowledge Base', url: `${FIXTURE_ORIGIN}/kb/vpn-keepalive`, truncated: false },
    });
    const text = (result.data as { text: string }).text;
    expect(text).toMatch(/^Since version 4\.2 of the VPN client rolled out/);
    expect(text).toContain('Why it happens\n\nVersion 4.2 changed how the client decides');
    expect(text).toContain('1. Open the VPN client and choose Profiles.\n2. Edit the Northwind Office profile.');
    expect(text).toMatch(/can stay in place after it is installed\.$/);
    for (const outside of ['Related articles', 'Service status', 'Was this article helpful', 'Privacy', 'analytics', 'Share this article']) {
      expect(text).not.toContain(outside);
    }
  });

  it('cuts a long page at the bound and says so in the text', async () => {
    const paragraph = `<p>${'The keepalive interval decides when an idle tunnel is closed. '.repeat(20)}</p>`;
    const { document, location } = pageWith(`<article><h1>Long</h1>${paragraph.repeat(40)}</article>`);
    const data = (await readPage({}, document, location)).data as { text: string; truncated: boolean };
    expect(data.truncated).toBe(true);
    const [kept, note] = data.text.split('\n\n[Deskmate: ');
    expect(kept!.length).toBe(MAX_PAGE_CHARS);
    expect(note).toMatch(/^the page's text was cut here, after 20,000 of [\d,]+ characters\.\]$/);
  });

  it('falls back to the page’s visible text where there is no article, and refuses a blank page', async () => {
    const form = pageWith('<form><label>Order number <input name="n"></label><button>Track</button></form><p>Track your parcel.</p><script>x()</script>');
    expect((await readPage({}, form.document, form.location)).data).toMatchObject({ text: expect.stringContaining('Track your parcel.') });
    const blank = pageWith('<div hidden>secret</div>');
    expect(await readPage({}, blank.document, blank.location)).toMatchObject({ ok: false, code: 'empty_page' });
  });
});

describe('selection.read', () => {
  it('reads what the user selected on the page', async () => {
    const { document, location } = article();
    const range = document.createRange();
    range.selectNodeContents(document.querySelector('article ol li:nth-child(3)')!);
    document.getSelection()!.addRange(range);
    expect(await readSelection({}, document, location)).toEqual({ ok: true, data: { text: 'Set Keepalive to 10 minutes and save.', truncated: false } });
  });

  it('reads the selection inside a focused text field', async () => {
    const { document, location } = pageWith('<textarea>Order NW-20931 arrived damaged.</textarea>');
    const field = document.querySelector('textarea')!;
    field.focus();
    field.setSelectionRange(6, 14);
    expect(await readSelection({}, document, location)).toEqual({ ok: true, data: { text: 'NW-20931', truncated: false } });
  });

  it('never reads a selected password', async () => {
    const { document, location } = pageWith('<input type="password" value="hunter2-secret">');
    const field = document.querySelector('input')!;
    field.focus();
    field.setSelectionRange(0, 14);
    expect(await readSelection({}, document, location)).toMatchObject({ ok: false, code: 'no_selection' });
  });

  it('bounds a long selection, and says when nothing is selected', async () => {
    const { document, location } = pageWith(`<p>${'x'.repeat(MAX_SELECTION_CHARS + 500)}</p>`);
    expect(await readSelection({}, document, location)).toMatchObject({ ok: false, code: 'no_selection' });
    const range = document.createRange();
    range.selectNodeContents(document.querySelector('p')!);
    document.getSelection()!.addRange(range);
    const data = (await readSelection({}, document, location)).data as { text: string; truncated: boolean };
    expect(data.truncated).toBe(true);
    expect(data.text.startsWith('x'.repeat(MAX_SELECTION_CHARS) + '\n\n[Deskmate: the selection was cut here')).toBe(true);
  });
});
