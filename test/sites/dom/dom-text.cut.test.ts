import { Window } from 'happy-dom';
import { afterAll, describe, expect, it } from 'vitest';
import { CUT_MARKER, elementText, MESSAGE_MAX_CHARS, messageText } from '../../../src/sites/dom/dom-text';
import adapter from '../../../src/sites/adapters/demo-helpdesk';
import { useFixtures } from '../load-fixture';
import { threadHtml } from '../thread-html';

const window = new Window({ url: 'https://helpdesk.example/' });
afterAll(() => window.happyDOM.close());
const parse = (html: string) => (new window.DOMParser().parseFromString(html, 'text/html') as unknown as Document).body;

describe('a message read up to its limit', () => {
  it('is the whole text, with no marker, when it fits', () => {
    const body = parse(threadHtml(30_000));
    expect(elementText(body).length).toBeLessThan(MESSAGE_MAX_CHARS);
    expect(messageText(body)).toBe(elementText(body));
  });

  it('is the start of the whole text and then the marker when it does not', () => {
    const body = parse(threadHtml(400_000));
    const whole = elementText(body);
    const cut = messageText(body);
    expect(whole.length).toBeGreaterThan(2 * MESSAGE_MAX_CHARS);
    expect(cut.endsWith(`\n${CUT_MARKER}`)).toBe(true);
    expect(cut.length).toBeLessThanOrEqual(MESSAGE_MAX_CHARS + CUT_MARKER.length + 1);
    expect(cut.length).toBeGreaterThan(MESSAGE_MAX_CHARS - 200);
    // The same words as the whole text, up to where the cut's last line ends.
    const kept = cut.slice(0, cut.lastIndexOf('\n', cut.length - CUT_MARKER.length - 2));
    expect(whole.startsWith(kept)).toBe(true);
  }, 30_000);

  it('never looks at what comes after the limit (the page is not kept waiting for it)', () => {
    const body = parse(`${threadHtml(200_000)}<p id="after">never read</p>`);
    const after = body.querySelector('#after')!;
    for (const name of ['localName', 'firstChild', 'nodeType']) {
      Object.defineProperty(after, name, { get: () => { throw new Error(`${name} of a node past the limit was read`); } });
    }
    expect(() => messageText(body)).not.toThrow();
  }, 30_000);

  it('never ends in half a surrogate pair', () => {
    const body = parse(`<p>${'😀'.repeat(MESSAGE_MAX_CHARS)}</p>`);
    const kept = messageText(body).slice(0, -(CUT_MARKER.length + 1));
    expect(kept).not.toMatch(/[\uD800-\uDBFF]$/);
  });
});

describe('ticket.read on a thread with a huge message', () => {
  const load = useFixtures('demo-helpdesk');

  it('keeps every message, the huge one cut with the marker and the ones after it whole', async () => {
    const { document, location } = load('ticket.html', '/tickets/1');
    const messages = [...document.querySelectorAll('.hd-message')];
    const before = await adapter.tools['ticket.read']!({}, document, location);
    // The second message of the thread becomes 400 KB of mail; the later ones stay as they were.
    messages[1]!.querySelector('.hd-message-body')!.innerHTML = threadHtml(400_000);
    const after = await adapter.tools['ticket.read']!({}, document, location);
    if (!before.ok || !after.ok) throw new Error('ticket.read failed');
    const was = (before.data as { messages: { body: string }[] }).messages;
    const now = (after.data as { messages: { body: string }[] }).messages;
    expect(now).toHaveLength(was.length);
    expect(now[1]!.body.endsWith(CUT_MARKER)).toBe(true);
    expect(now[1]!.body.length).toBeLessThanOrEqual(MESSAGE_MAX_CHARS + CUT_MARKER.length + 1);
    expect(now.slice(2)).toEqual(was.slice(2));
    expect(now[0]).toEqual(was[0]);
  }, 30_000);
});
