import { Window } from 'happy-dom';
import type { Recipe, RecipeReply } from '../../../src/shared/recipe-check';
import type { ReplyPayload } from '../../../src/sites/adapter';

/**
 * A small helpdesk of our own making for the recipe send tests: a ticket page with a subject,
 * a requester, a thread whose messages carry their role, a reply form and an internal note
 * form. Each form's button does what its helpdesk would: it posts the box's text into the
 * thread (a reply as the agent's, a note as internal), unless a test gives it another role.
 */
export const DESK = 'http://desk.send.test';

export const REPLY_FORM = '<form class="reply"><textarea name="body"></textarea><button type="button">Post</button></form>';
export const NOTE_FORM = '<form class="note"><textarea name="note"></textarea><button type="button">Add note</button></form>';

export const msg = (role: string, text: string) => `<article class="msg" data-role="${role}"><div class="text">${text}</div></article>`;

/** The ticket page; `head` replaces its subject and requester, `thread` its messages, `forms` its forms. */
export const deskPage = ({ head, thread, forms }: { head?: string; thread?: string; forms?: string } = {}) => `<!doctype html><html><body>
  ${head ?? '<h1 class="subject">Printer offline</h1><p class="from"><span class="name">Liam Chen</span> <span class="email">liam@example.com</span></p>'}
  <div class="thread">${thread ?? msg('customer', 'It stopped.')}</div>
  ${forms ?? REPLY_FORM + NOTE_FORM}</body></html>`;

export function deskRecipe(site = DESK, change: { reply?: Partial<RecipeReply>; note?: Partial<RecipeReply> | null } = {}): Recipe {
  return {
    format: 'deskmate-recipe',
    version: 1,
    site,
    title: 'Send desk',
    ticket: { path: '^/t/(\\d+)(?:/reply)?$' },
    read: {
      subject: 'h1.subject', requesterName: '.from .name', requesterEmail: '.from .email', messages: '.thread > .msg', body: '.text',
      role: { attribute: 'data-role', customer: { values: ['customer'] }, agent: { values: ['agent'] }, internal: { values: ['internal'] }, otherwise: 'system' },
    },
    reply: { editor: 'form.reply textarea', editorKind: 'textarea', submit: 'form.reply button', afterPost: 'thread', ...change.reply },
    ...(change.note === null ? {} : { note: { editor: 'form.note textarea', editorKind: 'textarea', submit: 'form.note button', afterPost: 'thread', ...change.note } }),
  };
}

export interface DeskTab {
  window: Window;
  doc: Document;
  location: Location;
  /** The texts each button click posted, in order. */
  clicks: string[];
}

const windows: Window[] = [];
/** Closes every page opened since the last call (call it in afterEach). */
export const closeDesks = () => Promise.all(windows.splice(0).map((w) => w.happyDOM.close()));

/**
 * Opens `html` at `url` in a tab. `roles` says in which role each form's click posts its text
 * (null: the click posts nothing, as a page that goes away with the post). With `scripts`, the
 * pages of the tab (its frames too) run their own scripts.
 */
export function openDesk(html: string, url = `${DESK}/t/3`, roles: Record<string, string | null> = { reply: 'agent', note: 'internal' }, scripts = false): DeskTab {
  const settings = { enableJavaScriptEvaluation: scripts, suppressInsecureJavaScriptEnvironmentWarning: true };
  const window = new Window({ url, settings });
  windows.push(window);
  const doc = window.document as unknown as Document;
  doc.write(html);
  const clicks: string[] = [];
  for (const [name, role] of Object.entries(roles)) {
    const form = doc.querySelector(`form.${name}`);
    form?.querySelector('button')?.addEventListener('click', () => {
      const text = form.querySelector('textarea')!.value;
      clicks.push(text);
      if (role === null) return;
      doc.querySelector('.thread')!.insertAdjacentHTML('beforeend', msg(role, ''));
      doc.querySelector('.thread > .msg:last-child .text')!.textContent = text;
    });
  }
  return { window, doc, location: window.location as unknown as Location, clicks };
}

/** A reply payload as Send… would have prepared it on the desk's ticket 3. */
export const replyPayload = (body: string, site = DESK): ReplyPayload => ({ site, ticket: '#3', recipient: 'Liam Chen <liam@example.com>', subject: 'Re: Printer offline', body });
export const notePayload = (body: string, site = DESK): ReplyPayload => ({ site, ticket: '#3', recipient: '', subject: '', body });
