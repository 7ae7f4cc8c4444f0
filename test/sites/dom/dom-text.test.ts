import { afterAll, describe, expect, it } from 'vitest';
import { Window } from 'happy-dom';
import { elementText } from '../../../src/sites/dom/dom-text';
import { comparableText, htmlToText } from '../../../src/sites/dom/text-compare';

const window = new Window({ url: 'https://helpdesk.example/' });
const doc = window.document as unknown as Document;
afterAll(() => window.happyDOM.close());
const text = (html: string) => htmlToText(html, doc);

describe('elementText', () => {
  it('makes paragraphs blank-line separated and <br> a newline', () => {
    expect(text('<p>Hello,</p><p>line one<br>line two</p>')).toBe('Hello,\n\nline one\nline two');
  });

  it('collapses source whitespace but keeps <pre> as written', () => {
    expect(text('<p>  a \n  b\t c </p><pre>x  = 1\n  y = 2</pre>')).toBe('a b c\n\nx  = 1\n  y = 2');
  });

  it('keeps the line breaks of text styled white-space: pre-wrap / pre-line (osTicket\'s plain-text messages)', () => {
    expect(text('<div><div style="white-space:pre-wrap">Hello,\n\nsince Friday  it drops.\nThanks,\nPriya</div></div>')).toBe(
      'Hello,\n\nsince Friday  it drops.\nThanks,\nPriya',
    );
    expect(text('<div style="white-space: pre-line">a   b\n\nc</div>')).toBe('a b\n\nc');
    expect(text('<div style="white-space:pre-wrap">x\n<span style="white-space:normal">y\n z</span></div>')).toBe('x\ny z');
  });

  it('writes list items as "- " and numbered items from their start, nested lists indented', () => {
    expect(text('<ul><li>one</li><li>two<ul><li>deep</li></ul></li></ul><ol start="3"><li>three</li><li>four</li></ol>')).toBe(
      '- one\n- two\n  - deep\n\n3. three\n4. four',
    );
  });

  it('writes links as "text (url)" unless the text already is the address', () => {
    expect(text('<a href="https://x.example/a">the docs</a>')).toBe('the docs (https://x.example/a)');
    expect(text('<a href="https://x.example/a">https://x.example/a</a>')).toBe('https://x.example/a');
    expect(text('<a href="mailto:a@x.example">a@x.example</a>')).toBe('a@x.example');
    expect(text('<a href="javascript:alert(1)">click</a>')).toBe('click');
  });

  it('leaves out scripts, styles, hidden elements and form controls', () => {
    expect(text('<p>kept<script>alert(1)</script><style>p{}</style><span hidden>gone</span><span aria-hidden="true">x</span><button>Send</button></p>')).toBe('kept');
  });

  it('writes tables row by row with " | " between cells, and images by their alt text', () => {
    expect(text('<table><tr><th>A</th><th>B</th></tr><tr><td>1</td><td>2</td></tr></table><img src="x.png" alt="Logo"><img src="p.gif" alt="">')).toBe(
      'A | B\n1 | 2\n\n[image: Logo]',
    );
  });

  it('keeps escaped markup as text and turns no-break spaces into spaces', () => {
    expect(text('<p>&lt;script&gt; &amp;&nbsp;&nbsp;x</p>')).toBe('<script> &  x');
  });

  it('reads a live element, and nothing from nothing', () => {
    const div = doc.createElement('div');
    div.innerHTML = '<div>a</div><div>b</div>';
    expect(elementText(div)).toBe('a\nb');
    expect(elementText(null)).toBe('');
  });
});

describe('comparableText', () => {
  it('ignores whitespace runs, line-end spaces, CRLF and extra blank lines, but not line breaks', () => {
    expect(comparableText(' a  b \r\n\n\n\u00a0c\t')).toBe('a b\n\nc');
    expect(comparableText('a\nb')).not.toBe(comparableText('a b'));
  });
});
