import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { adapterFromRecipe } from '../../../src/sites/recipes/recipe';
import type { Recipe } from '../../../src/shared/recipe-check';
import { closeDesks, deskPage, deskRecipe, msg, NOTE_FORM, openDesk, REPLY_FORM, replyPayload } from './send-desk';

/**
 * A recipe whose reply form is on a page of its own, served by a real local helpdesk: where that
 * page may be framed, Confirm posts from a hidden frame of it and removes the frame; where the
 * helpdesk refuses frames (X-Frame-Options), Send… says the post will be made from that page,
 * opened in the tab, and a Confirm from the ticket page says why it cannot post from here.
 */
let server: Server;
let site = '';
const posted: string[] = [];
/** The reply page: its script posts the text to the helpdesk and shows it in the thread as the agent's. */
const REPLY_PAGE = `<!doctype html><html><body><div class="thread">${msg('customer', 'It stopped.')}</div>
  <form class="reply"><textarea name="body"></textarea><button type="button">Post</button></form>
  <script>
    document.querySelector('form.reply button').addEventListener('click', async () => {
      const text = document.querySelector('form.reply textarea').value;
      await fetch('/framed/3', { method: 'POST', body: text });
      const message = document.createElement('article');
      message.className = 'msg';
      message.dataset.role = 'agent';
      message.innerHTML = '<div class="text"></div>';
      message.firstChild.textContent = text;
      document.querySelector('.thread').append(message);
    });
  </script></body></html>`;

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (req.method === 'POST' && path === '/framed/3') {
      let raw = '';
      req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      req.on('end', () => {
        posted.push(raw);
        res.end();
      });
      return;
    }
    const headers = path.startsWith('/t/3/') ? { 'x-frame-options': 'DENY' } : {};
    res.writeHead(200, { 'content-type': 'text/html', ...headers });
    res.end(path === '/framed/3' ? REPLY_PAGE : '<!doctype html><p>No form here.</p>');
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  site = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));
afterEach(async () => {
  vi.useRealTimers();
  posted.length = 0;
  await closeDesks();
});

const BODY = 'It is fixed now.';
/** The desk's recipe at the local helpdesk, its reply form on `page`; the tab may show the reply page itself. */
const onPage = (page: string): Recipe => ({ ...deskRecipe(site, { reply: { page } }), ticket: { path: '^/t/(\\d+)(?:/reply\\?from=desk)?$' } });
const REFUSING = '/t/{key}/reply?from=desk';

async function prepare(recipe: Recipe, forms: string, path = '/t/3') {
  const tab = openDesk(deskPage({ forms }), `${site}${path}`);
  return adapterFromRecipe(recipe).tools['reply.send']!.prepare({ body: BODY }, tab.doc, tab.location);
}

describe('Send… with the reply form on a page of its own', () => {
  it('says the post is made from that page when the helpdesk will not frame it', async () => {
    expect(await prepare(onPage(REFUSING), NOTE_FORM)).toEqual({
      ok: true,
      data: { site, ticket: '#3', recipient: 'Liam Chen <liam@example.com>', subject: 'Re: Printer offline', body: BODY, effects: [{ kind: 'may_change' }], from: '/t/3/reply?from=desk' },
    });
  });

  it('says the same of a note whose box is on a page of its own', async () => {
    const recipe: Recipe = { ...onPage(REFUSING), note: { page: '/t/{key}/note', editor: 'form.note textarea', editorKind: 'textarea', submit: 'form.note button', afterPost: 'thread' } };
    const tab = openDesk(deskPage({ forms: REPLY_FORM }), `${site}/t/3`);
    expect(await adapterFromRecipe(recipe).tools['note.add']!.prepare({ body: BODY }, tab.doc, tab.location)).toEqual({
      ok: true, data: { site, ticket: '#3', recipient: '', subject: '', body: BODY, effects: [{ kind: 'may_change' }], from: '/t/3/note' },
    });
  });

  it('posts from here where the form is on this page, the tab shows the reply page, or the page may be framed', async () => {
    expect(await prepare(onPage(REFUSING), REPLY_FORM)).toMatchObject({ ok: true, data: { body: BODY } });
    expect(((await prepare(onPage(REFUSING), REPLY_FORM)).data as object)).not.toHaveProperty('from');
    expect(((await prepare(onPage(REFUSING), NOTE_FORM, '/t/3/reply?from=desk')).data as object)).not.toHaveProperty('from');
    expect(((await prepare(onPage('/framed/{key}'), NOTE_FORM)).data as object)).not.toHaveProperty('from');
  });
});

describe('Confirm with the reply form on a page of its own', () => {
  it('posts once from a hidden frame of the reply page, and takes the frame away', async () => {
    const tab = openDesk(deskPage({ forms: NOTE_FORM }), `${site}/t/3`, undefined, true);
    const result = await adapterFromRecipe(onPage('/framed/{key}')).tools['reply.send']!.deliver(replyPayload(BODY, site), tab.doc, tab.location);
    expect(result).toEqual({ ok: true, data: { posted: true } });
    expect(posted).toEqual([BODY]);
    expect(tab.doc.querySelectorAll('iframe')).toHaveLength(0);
  });

  /** Confirm from `path` of the tab, on a clock of the test's (a frame is waited for 15 s, an editor 10 s). */
  async function confirmAt(page: string, path = '/t/3') {
    const tab = openDesk(deskPage({ forms: NOTE_FORM }), `${site}${path}`);
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval', 'Date'] });
    const delivered = adapterFromRecipe(onPage(page)).tools['reply.send']!.deliver(replyPayload(BODY, site), tab.doc, tab.location);
    await vi.advanceTimersByTimeAsync(16_000);
    vi.useRealTimers();
    return { tab, result: await delivered };
  }

  it('from the ticket page, where the helpdesk will not frame the reply page: says so, and to press Send… again', async () => {
    const { tab, result } = await confirmAt(REFUSING);
    expect(result).toEqual({
      ok: false, code: 'no_reply_form',
      error: 'The reply page /t/3/reply?from=desk cannot be opened in a hidden frame (the helpdesk sends X-Frame-Options: DENY); nothing was sent. Press Send… again: Deskmate opens that page in this tab and posts from there.',
    });
    expect(tab.doc.querySelectorAll('iframe')).toHaveLength(0);
  });

  it('a reply page with no form in its frame', async () => {
    expect((await confirmAt('/empty/{key}')).result).toEqual({
      ok: false, code: 'no_reply_form',
      error: 'The reply page /empty/3 did not load in a hidden frame within 15s, or shows no reply box (form.reply textarea) and posting control (form.reply button); nothing was sent.',
    });
  });

  it('on the reply page itself, whose editor never starts: no frame of it is loaded', async () => {
    const { tab, result } = await confirmAt(REFUSING, '/t/3/reply?from=desk');
    expect(result).toEqual({ ok: false, code: 'no_reply_form', error: 'This page shows no reply box (form.reply textarea) and posting control (form.reply button); nothing was sent.' });
    expect(tab.doc.querySelectorAll('iframe')).toHaveLength(0);
    expect(posted).toEqual([]);
  });
});
