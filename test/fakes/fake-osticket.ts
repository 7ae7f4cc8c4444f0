import type { LoadedPage } from '../sites/load-fixture';
import { fakeRedactor } from './fake-editors';

/**
 * Just enough of an osTicket server and page script for the adapter's tests: Redactor mirrors
 * on both forms; a form submitted into a frame gets the page osTicket would answer with (the
 * ticket with the new entry, or the same page with an error); a frame sent to
 * tickets.php?id=N loads the ticket as the server now has it. happy-dom ignores a form's
 * target, so posts are answered by hand; frames load through its fetch interceptor.
 */
export interface FakeOsticket {
  /** Every form that reached the server, as the browser would have posted it. */
  posts: Record<string, string>[];
  /** The HTML osTicket kept of each post that became a thread entry (osticketKeeps). */
  stored: string[];
  /** Answer the next posts as osTicket does on an error. */
  refuseWith(message: string): void;
  /** Land the next posts on the queue (the agent's "after reply" preference). */
  /**
   * Land the post on the queue page instead of the ticket. `lateLoad`: the frame fires one more
   * load for the page it already shows, a moment later (as a late first load of the frame can).
   */
  landOnQueue(queueHtml: string, options?: { lateLoad?: boolean }): void;
  /** Answer nothing at all (a hung server). */
  hang(): void;
}

interface Options {
  /** The fixture the page came from, which the server renders again with new entries. */
  ticketHtml: string;
  agent?: string;
  /** Delay of the fake Redactor's mirror; false: an editor that never mirrors. */
  mirrorDelayMs?: number | false;
}

export function fakeOsticket(page: LoadedPage, options: Options): FakeOsticket {
  const doc = page.document;
  const win = page.window;
  for (const box of options.mirrorDelayMs === false ? [] : doc.querySelectorAll('.redactor-box')) {
    fakeRedactor(box.querySelector<HTMLElement>('.redactor-in')!, box.querySelector('textarea')!, typeof options.mirrorDelayMs === 'number' ? options.mirrorDelayMs : 200);
  }
  const posts: Record<string, string>[] = [];
  const stored: string[] = [];
  const added: string[] = [];
  let answer: { kind: 'ok' } | { kind: 'refuse'; message: string } | { kind: 'queue'; html: string; lateLoad: boolean } | { kind: 'hang' } = { kind: 'ok' };
  let nextId = 2000;

  const render = (frame: HTMLIFrameElement, html: string) => {
    const frameDoc = frame.contentDocument!;
    frameDoc.open();
    frameDoc.write(html);
    frameDoc.close();
    frame.dispatchEvent(new win.Event('load') as unknown as Event);
  };

  /** The ticket page as the server now has it, with a banner on top. */
  const ticketPage = (banner: string): string => {
    const parsed = new win.DOMParser().parseFromString(options.ticketHtml, 'text/html');
    parsed.querySelector('#thread-items')!.insertAdjacentHTML('beforeend', added.join(''));
    parsed.querySelector('#content')!.insertAdjacentHTML('afterbegin', banner);
    return `<!DOCTYPE html>${parsed.documentElement.outerHTML}`;
  };

  const receive = (fields: Record<string, string>): string => {
    posts.push(fields);
    if (answer.kind === 'refuse') return ticketPage(`<div id="msg_error">${answer.message}</div>`);
    const kind = fields.a === 'postnote' ? 'note' : 'response';
    const html = osticketKeeps((kind === 'note' ? fields.note : fields.response) ?? '');
    if (!html || !html.replace(/<[^>]*>|&nbsp;|\s/g, '')) {
      return ticketPage('<div id="msg_error">Unable to post the reply. Correct any errors below and try again.</div>');
    }
    stored.push(html);
    const id = nextId++;
    added.push(
      `<div id="thread-entry-${id}"><div class="thread-entry ${kind}"><div class="header"><b>${options.agent ?? 'Sam Rivera'}</b> posted ` +
        `<time datetime="2025-03-18T11:00:00+00:00">3/18/25 11:00 AM</time></div><div class="thread-body no-pjax"><div>${html}</div></div></div></div>`,
    );
    const ok = `<div class="success-banner">Ticket #338769: ${kind === 'note' ? 'Internal note' : 'Reply'} posted successfully</div>`;
    return answer.kind === 'queue' ? answer.html : ticketPage(ok);
  };

  win.addEventListener('submit', (happyEvent) => {
    const event = happyEvent as unknown as SubmitEvent;
    const form = event.target as HTMLFormElement;
    const frame = doc.querySelector<HTMLIFrameElement>(`iframe[name="${form.getAttribute('target')}"]`);
    const fields: Record<string, string> = {};
    for (const [key, value] of new win.FormData(form as never, event.submitter as never)) fields[key] = String(value);
    // As in a browser, the form goes only once every submit handler has had its say.
    setTimeout(() => {
      if (event.defaultPrevented || answer.kind === 'hang') return;
      const html = receive(fields);
      if (frame) render(frame, html);
      if (frame && answer.kind === 'queue' && answer.lateLoad) setTimeout(() => frame.dispatchEvent(new win.Event('load') as unknown as Event), 0);
    }, 30);
  });

  // A frame sent to a URL (the ticket's, to check the thread) loads what this server has there.
  page.window.happyDOM.settings.fetch.interceptor = {
    beforeAsyncRequest: async ({ request, window }) =>
      /tickets\.php\?id=\d+$/.test(request.url)
        ? new window.Response(ticketPage(''), { headers: { 'content-type': 'text/html' } })
        : new window.Response('Not Found', { status: 404 }),
  };

  return {
    posts,
    stored,
    refuseWith: (message) => void (answer = { kind: 'refuse', message }),
    landOnQueue: (html, more) => void (answer = { kind: 'queue', html, lateLoad: more?.lateLoad ?? false }),
    hang: () => void (answer = { kind: 'hang' }),
  };
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'", nbsp: '\u00a0' };
const decode = (html: string) =>
  html.replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (whole, name: string) =>
    name[0] === '#' ? String.fromCodePoint(Number(name[1]?.toLowerCase() === 'x' ? `0${name.slice(1)}` : name.slice(1))) : (ENTITIES[name.toLowerCase()] ?? whole),
  );
const KNOWN_TAGS = new Set('a b blockquote br code div em font h1 h2 h3 h4 h5 h6 hr i img li ol p pre s span strong sub sup table tbody td th thead tr u ul wbr'.split(' '));

/**
 * What osTicket 1.18 keeps of a posted reply's HTML (Format::safe_html), as measured on 1.18.1:
 * entities decoded twice ("&amp;lt;x&amp;gt;" is lost too), comments dropped, anything that
 * then reads as a tag taken as one (a tag it does not know, like "<ana@example.com>", is
 * dropped), and what is left of "<" and "&" escaped again.
 */
export function osticketKeeps(posted: string): string {
  return decode(decode(posted))
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<\/?([a-zA-Z][^\s/>]*)[^>]*>/g, (tag, name: string) => (KNOWN_TAGS.has(name.toLowerCase()) ? tag : ''))
    .replace(/&(?!(#\d+|#x[0-9a-f]+|[a-z]+);)/gi, '&amp;')
    .replace(/<(?!\/?[a-zA-Z])/g, '&lt;');
}

/** osTicket's PJAX: the new page's #pjax-container replaces this one's, and the URL is pushed. */
export function pjaxNavigate(page: LoadedPage, html: string, path: string): void {
  const next = new page.window.DOMParser().parseFromString(html, 'text/html').querySelector('#pjax-container')!;
  const container = page.document.querySelector('#pjax-container')!;
  container.replaceChildren(...[...next.childNodes].map((n) => page.document.importNode(n as unknown as Node, true)));
  page.window.history.pushState(null, '', path);
}
