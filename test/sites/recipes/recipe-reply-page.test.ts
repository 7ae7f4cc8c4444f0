import { afterEach, describe, expect, it } from 'vitest';
import { Window } from 'happy-dom';
import type { Recipe } from '../../../src/shared/recipe-check';
import { adapterFromRecipe } from '../../../src/sites/recipes/recipe';

/**
 * A reply page the helpdesk will not frame is opened in the tab at Send…, and Confirm posts
 * there. An agent may confirm before the page's editor has started (CKEditor 4 makes its
 * iframe's body editable a moment after the page loads): the post waits for it on this page,
 * and never loads the page it is on again in a hidden frame (which the helpdesk refuses).
 */
const ORIGIN = 'http://desk.reply-page.test';
const recipe: Recipe = {
  format: 'deskmate-recipe',
  version: 1,
  site: ORIGIN,
  title: 'Reply page desk',
  ticket: { path: '^/t/(\\d+)(?:/reply)?$' },
  read: { subject: 'h1.subject', requesterEmail: '.from', messages: '.thread > .msg', body: '.text', role: { attribute: 'data-role', agent: { values: ['agent'] }, customer: { values: ['customer'] } } },
  reply: { page: '/t/{key}/reply', editor: 'form textarea', editorKind: 'textarea', submit: 'form button', afterPost: 'thread' },
};

const windows: Window[] = [];
afterEach(async () => {
  await Promise.all(windows.splice(0).map((w) => w.happyDOM.close()));
});

/** The reply page, whose form appears `startMs` after load; posting adds the text to its thread as the agent's. */
function replyPage(startMs: number) {
  const window = new Window({ url: `${ORIGIN}/t/3/reply` });
  windows.push(window);
  const doc = window.document as unknown as Document;
  doc.write(`<h1 class="subject">Printer offline</h1><p class="from">liam@example.com</p>
    <div class="thread"><article class="msg" data-role="customer"><div class="text">It stopped.</div></article></div>`);
  window.setTimeout(() => {
    const form = doc.createElement('form');
    form.innerHTML = '<textarea name="body"></textarea><button type="button">Post</button>';
    form.querySelector('button')!.addEventListener('click', () => {
      const text = form.querySelector('textarea')!.value;
      doc.querySelector('.thread')!.insertAdjacentHTML('beforeend', `<article class="msg" data-role="agent"><div class="text"></div></article>`);
      doc.querySelector('.thread > .msg:last-child .text')!.textContent = text;
    });
    doc.body.append(form);
  }, startMs);
  return { doc, location: window.location as unknown as Location };
}

describe('posting from a reply page opened in the tab', () => {
  it('waits for an editor that starts after the page, posts once on this page, and loads no frame', async () => {
    const { doc, location } = replyPage(300);
    const send = adapterFromRecipe(recipe).tools['reply.send']!;
    const payload = { site: ORIGIN, ticket: '#3', recipient: 'liam@example.com', subject: 'Re: Printer offline', body: 'It is fixed now.' };
    const frames: string[] = [];
    new (doc.defaultView as unknown as typeof globalThis).MutationObserver(() => frames.push(...[...doc.querySelectorAll('iframe')].map((f) => f.src))).observe(doc.body, { childList: true, subtree: true });
    expect(await send.deliver(payload, doc, location)).toMatchObject({ ok: true });
    expect([...doc.querySelectorAll('.thread > .msg[data-role="agent"] .text')].map((e) => e.textContent)).toEqual(['It is fixed now.']);
    expect(frames).toEqual([]);
  });
});
