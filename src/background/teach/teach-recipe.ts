import { checkRecipe, type Recipe, type RecipeCheck } from '../../shared/recipe-check';
import type { TeachChoices } from '../../shared/teach';

/**
 * The recipe a teach session's choices make, built in the background and checked exactly like
 * an imported one. The site and the pages' addresses come from the browser (the tab's origin
 * and the URLs the choices were made on), never from the page.
 */
export interface TeachDraft {
  site: string;
  /** Path and query of the page where the thread was chosen. */
  ticketUrl: string | null;
  /** Path and query of the page where the reply box was chosen. */
  editorUrl: string | null;
  choices: TeachChoices;
  /** A control on the thread's page that shows the reply box (chosen on the way to it). */
  open: string | null;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** The ticket's key in a path: the last number, or the last path segment. */
function keyIn(path: string): { before: string; key: string; after: string } | null {
  const numbers = [...path.matchAll(/\d+/g)];
  const last = numbers.at(-1);
  if (last?.index !== undefined) return { before: path.slice(0, last.index), key: last[0], after: path.slice(last.index + last[0].length) };
  const segment = /\/([^/?#]+)\/?(?:\?.*)?$/.exec(path);
  return segment?.index !== undefined ? { before: path.slice(0, segment.index + 1), key: segment[1]!, after: path.slice(segment.index + 1 + segment[1]!.length) } : null;
}

/** Where a ticket page's address holds the key: in its path when the path has a number, else in its query. */
function keyOfAddress(url: string): { inQuery: boolean; where: NonNullable<ReturnType<typeof keyIn>> } | null {
  const pathname = url.split('?')[0]!;
  const inQuery = keyIn(pathname) === null || !/\d/.test(pathname);
  const where = inQuery ? keyIn(url) : keyIn(pathname);
  return where ? { inQuery, where } : null;
}

/** A value that names one moment or one record, never a kind of page: a results token, a session id, a timestamp. */
const ONE_OFF = /^(?:[0-9a-f]{12,}|[\w-]{24,})$/i;

/**
 * A learned address without what belongs to the one page it was learned on: values that are
 * one-off tokens go; with the ticket's `key` known, so do other record ids (a number that is not
 * the key: Request Tracker's Reply link carries QuoteTransaction=95, and a reply page learned
 * with it would quote that one message on every ticket). Words that say what the page is
 * (Action=Respond) stay.
 */
export function cleanAddress(url: string, key?: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const kept = url
    .slice(at + 1)
    .split('&')
    .filter((pair) => {
      const value = pair.slice(pair.indexOf('=') + 1);
      if (key !== undefined && value === key) return true;
      return !ONE_OFF.test(value) && !(key !== undefined && /^\d+$/.test(value));
    });
  return kept.length ? `${url.slice(0, at)}?${kept.join('&')}` : url.slice(0, at);
}

/**
 * The ticket path pattern, with the key as its one group, matching the thread's page and
 * (when it is elsewhere) the reply page, and the reply page's template. Both addresses are
 * cleaned first (cleanAddress).
 */
export function ticketPaths(learnedTicketUrl: string, learnedEditorUrl: string | null): { path: string; page: string | null } | null {
  const found = keyOfAddress(cleanAddress(learnedTicketUrl));
  if (!found) return null;
  const ticketUrl = cleanAddress(learnedTicketUrl, found.where.key);
  const editorUrl = learnedEditorUrl === null ? null : learnedEditorUrl === learnedTicketUrl ? ticketUrl : cleanAddress(learnedEditorUrl, found.where.key);
  const { inQuery, where } = keyOfAddress(ticketUrl)!;
  const group = /^\d+$/.test(where.key) ? '(\\d+)' : '([^/?#&]+)';
  const tail = inQuery ? '(?:&.*)?$' : '/?(?:\\?.*)?$';
  if (!editorUrl || editorUrl === ticketUrl) return { path: `^${escape(where.before)}${group}${escape(where.after)}${tail}`, page: null };
  // The reply page names the same key somewhere; it must be a whole token there.
  const at = new RegExp(`(^|[^\\w])${escape(where.key)}(?![\\w])`).exec(editorUrl);
  if (!at) return null;
  const start = at.index + at[1]!.length;
  const r = { before: editorUrl.slice(0, start), after: editorUrl.slice(start + where.key.length) };
  const rAfter = r.after.split('?')[0]!;
  const befores = [...new Set([where.before, r.before])].map(escape).join('|');
  const afters = [...new Set([where.after, rAfter])].map(escape).join('|');
  return { path: `^(?:${befores})${group}(?:${afters})${tail}`, page: `${r.before}{key}${r.after}` };
}

export function buildTeachRecipe(draft: TeachDraft): RecipeCheck {
  const { message, body, author, role, editor, send } = draft.choices;
  if (!message || !body || !draft.ticketUrl) return { ok: false, code: 'invalid_recipe', error: 'Choose a message of the thread and its body first.' };
  // A page whose path begins with '//' (or '/\\'), learned as the reply page, would resolve to another site.
  if ([draft.ticketUrl, editor ? draft.editorUrl : null].some((u) => u !== null && !/^\/(?![/\\])/.test(u))) {
    return { ok: false, code: 'invalid_recipe', error: "The page's address would lead a reply to another site; Deskmate does not learn it." };
  }
  const paths = ticketPaths(draft.ticketUrl, editor ? draft.editorUrl : null);
  if (!paths) return { ok: false, code: 'invalid_recipe', error: 'Deskmate cannot find the ticket number in the page addresses.' };
  const recipe: Recipe = {
    format: 'deskmate-recipe',
    version: 1,
    site: draft.site,
    title: `${new URL(draft.site).host} (taught)`,
    ticket: { path: paths.path },
    read: {
      subject: message.subject,
      ...(message.requesterName ? { requesterName: message.requesterName } : {}),
      ...(message.requesterEmail ? { requesterEmail: message.requesterEmail } : {}),
      messages: message.messages,
      ...(author ? { author: author.selector } : {}),
      ...(message.time ? { time: message.time } : {}),
      body: body.selector,
      ...(role || message.role ? { role: role?.role ?? message.role } : {}),
      ...(message.newestFirst ? { newestFirst: true } : {}),
    },
  };
  if (editor && send) {
    recipe.reply = {
      ...(paths.page ? { page: paths.page } : {}),
      ...(draft.open && !paths.page ? { open: draft.open } : {}),
      editor: editor.editor,
      editorKind: editor.kind,
      submit: send.submit,
      // A form on another page posts with a page load, whatever the button looked like.
      afterPost: paths.page ? 'reload' : send.afterPost,
    };
  }
  return checkRecipe(recipe);
}
