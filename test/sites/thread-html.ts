/**
 * A customer thread of about `bytes` of HTML, shaped like real mail: paragraphs with trailing
 * spaces, links, lists, a quoted block, preformatted text and <br>s. Deterministic.
 */
export function threadHtml(bytes: number): string {
  const block = (i: number) =>
    `<div class="msg"><p>Hello team, message ${i} about order <b>#${1000 + i}</b> &nbsp; </p>` +
    `<p>The invoice <a href="https://shop.example/invoices/${i}">invoice ${i}</a> shows a double charge.<br>Second line ${i}. </p>` +
    `<ul><li>first point ${i}</li><li>second point <i>${i}</i></li></ul>` +
    `<blockquote><p>On Monday you wrote: we will refund ${i}.</p></blockquote>` +
    `<pre>ref ${i}\n  amount: 48.00</pre><img alt="receipt ${i}"></div>`;
  const parts: string[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const b = block(i);
    parts.push(b);
    size += b.length;
  }
  return parts.join('');
}
