import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fixturePages, mailboxPage, searchPage, type FixtureTicket } from './fixture-pages';
import { serveCkeditor4 } from './ckeditor4-files';

/**
 * Helpdesks of our own making, in the shapes real ones have, that no code adapter knows. Each
 * shape lives under its own path prefix; every post lands in one log (GET /api/sent) as the
 * plain text the helpdesk would store, so a test asserts what the helpdesk actually received.
 *
 * - /iframe/: the ticket page links to a separate reply page whose editor is an iframe body
 *   (the CKEditor 4 / TinyMCE classic kind), mirrored into a hidden textarea on submit; the
 *   post is a full page load back to the ticket.
 * - /noframe/: the same, but every page refuses to be framed (X-Frame-Options: DENY and
 *   frame-ancestors 'none'), so the reply page can only be used in the agent's own tab.
 * - /ckeditor/: the same refusal, and the reply page runs the real CKEditor 4, which copies its
 *   text into the form's textarea only on submit, beside a Status field the post also sets.
 * - /history/: the shape of Request Tracker for teach mode (fixture-history.ts): framing refused,
 *   messages and system events in one history, staff marked by a badge only, the requester as
 *   `Name <email>`, Reply in a hover menu, the real CKEditor 4 on the reply page.
 * - /cards/: what teach mode meets (no recipe describes it): a single-page-app look with
 *   generated class names, messages as cards whose role is a data- attribute, click handlers
 *   of the page's own on the cards and the page (counted in body[data-page-clicks]), and a
 *   reply page with a contenteditable editor mirrored into a hidden field on submit.
 * - /inline/: one page; the thread loads by fetch after the page, Reply opens an inline editor,
 *   Send posts by fetch and the thread grows without a page load.
 * - /spa/: a single-page app: the list and the tickets are one shell, links change the route
 *   with pushState and the view is rendered in place (no page load between tickets); the reply
 *   box is a textarea on the ticket view, posted by fetch.
 * - /reload/: server-rendered; the reply form on the ticket page posts with a full page load
 *   (POST, redirect back to the ticket, the reply in its thread); /reload/search?q= is its own
 *   ticket search, with one hostile match that points to another site.
 * - /next/: a form on the ticket page whose post lands on the mailbox folder (/next/mailbox),
 *   not the ticket, like FreeScout's default "send and next".
 * - /midpost/: the page reloads itself while its post is under way; the reloaded page is slow
 *   (MIDPOST_PAGE_DELAY_MS), so the sidebar shows the send's outcome as unknown meanwhile.
 */
/** How long the ticket page of /midpost/ takes to come back after a post. */
export const MIDPOST_PAGE_DELAY_MS = 2_000;
/** A draft with lines, markup-like text and an ampersand: it must arrive exactly as it is. */
export const FIXTURE_DRAFT = 'Hi Ines,\n\nSorry about the lamp. A new one ships today: <no charge> & no return needed.\n\nBest,\nSam';

let draftCount = 0;
/**
 * FIXTURE_DRAFT made unique for one test. A browser kept for a whole test file remembers every
 * reply it sent, and Send… on the same reply to the same ticket shows that sent card again.
 */
export const uniqueFixtureDraft = (): string => `${FIXTURE_DRAFT}\n(${++draftCount})`;

/** What the sidebar's draft card says after Insert (its status line), or null while there is none. */
export const insertStatus = (): string | null => document.querySelector('[data-testid="draft-card"] [role="status"]')?.textContent ?? null;

export interface FixturePost {
  shape: string;
  ticketId: number;
  /** The posted field as plain text (the editor's HTML with its line breaks). */
  text: string;
}

export interface FixtureHelpdesk {
  origin: string;
  url(path: string): string;
  sent(): FixturePost[];
  /**
   * Holds every /midpost/ ticket page asked for from now on until the returned release is
   * called: the page a send reloads into stays away for as long as a test needs to see what the
   * sidebar shows meanwhile, however slow the machine.
   */
  holdMidpostPages(): () => void;
  reset(): void;
  close(): Promise<void>;
}

const seed = (): FixtureTicket[] => [
  {
    id: 5,
    subject: 'Parcel arrived damaged',
    requester: { name: 'Ines Duarte', email: 'ines@example.org' },
    messages: [{ author: 'Ines Duarte', role: 'customer', time: '2026-11-30T09:12:00Z', body: 'The box was crushed and the lamp inside is broken. Can you send a new one?' }],
  },
  {
    id: 6,
    subject: 'Invoice address',
    requester: { name: 'Tomas Berg', email: 'tomas@example.net' },
    messages: [{ author: 'Tomas Berg', role: 'customer', time: '2026-11-30T10:40:00Z', body: 'Please put our new address on invoice 2231.' }],
  },
  {
    id: 7,
    subject: 'Invoice address is wrong',
    requester: { name: 'Ines Duarte', email: 'ines@example.org' },
    messages: [
      { author: 'Ines Duarte', role: 'customer', time: '2026-11-28T08:00:00Z', body: 'My last invoice shows my old address.\nCan you correct it to Rua Nova 12, Porto?' },
      { author: 'Sam Lee', role: 'agent', time: '2026-11-28T10:30:00Z', body: 'Thanks Ines, I have asked billing to update it.' },
      { author: 'Priya Shah', role: 'agent', time: '2026-11-29T09:00:00Z', body: 'Billing here: the address is updated for future invoices.' },
      { author: 'Sam Lee', role: 'agent', time: '2026-11-29T09:05:00Z', body: 'Do you need the last invoice issued again?' },
    ],
  },
];

/** What the helpdesk stores of an editor's HTML: its text, line breaks kept. */
export function htmlToStoredText(html: string): string {
  return html
    .replace(/<div><br\s*\/?><\/div>/gi, '\n')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<(div|p)[^>]*>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/^\n/, '');
}

/** What a helpdesk that may not be framed sends with every page (as Request Tracker and many others do). */
const NO_FRAMES = { 'x-frame-options': 'DENY', 'content-security-policy': "frame-ancestors 'none'" };

/** The shapes whose reply page runs the real CKEditor 4. */
const CKEDITOR_SHAPES = new Set(['ckeditor', 'history']);

/** The shapes whose reply box is a textarea. */
const PLAIN_TEXT_SHAPES = new Set(['spa', 'reload', 'next', 'midpost']);

async function formBody(request: IncomingMessage): Promise<URLSearchParams> {
  let raw = '';
  for await (const chunk of request) raw += chunk;
  return new URLSearchParams(raw);
}

export async function startFixtureHelpdesk(): Promise<FixtureHelpdesk> {
  let tickets = seed();
  let sent: FixturePost[] = [];
  let lastPostAt = 0;
  let held: Promise<void> | undefined;
  let release = (): void => undefined;
  const html = (response: ServerResponse, status: number, body: string, headers: Record<string, string> = {}) => {
    response.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', ...headers });
    response.end(body);
  };
  const record = (shape: string, ticket: FixtureTicket, posted: string): string | null => {
    // Rich editors post HTML (CKEditor 4 formats it over lines, which HTML does not count); a textarea posts the text itself.
    const html = CKEDITOR_SHAPES.has(shape) ? posted.replace(/\r?\n/g, '').replace(/<\/p><p>/g, '<br><br>').replace(/<\/?p>/g, '') : posted;
    const text = (PLAIN_TEXT_SHAPES.has(shape) ? posted.replace(/\r\n/g, '\n') : htmlToStoredText(html)).trim();
    if (!text) return null;
    sent.push({ shape, ticketId: ticket.id, text });
    lastPostAt = Date.now();
    ticket.messages.push({ author: 'Agent', role: 'agent', time: new Date().toISOString(), body: text });
    return text;
  };
  const inlineApi = async (request: IncomingMessage, response: ServerResponse, ticket: FixtureTicket, post: boolean, shape: string) => {
    if (post) {
      let raw = '';
      for await (const chunk of request) raw += chunk;
      const body = (JSON.parse(raw || '{}') as { body?: unknown }).body;
      if (!record(shape, ticket, typeof body === 'string' ? body : '')) {
        response.writeHead(400, { 'content-type': 'text/plain' });
        return response.end('The reply is empty.');
      }
    }
    response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    response.end(JSON.stringify(ticket));
  };
  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      if (await serveCkeditor4(url.pathname, response)) return;
      if (url.pathname === '/api/sent') {
        response.writeHead(200, { 'content-type': 'application/json' });
        return response.end(JSON.stringify(sent));
      }
      if (url.pathname === '/next/mailbox') return html(response, 200, mailboxPage('next', tickets));
      if (url.pathname === '/reload/search') return html(response, 200, searchPage(tickets, url.searchParams.get('q') ?? ''));
      if (url.pathname === '/spa/api/tickets') {
        response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
        return response.end(JSON.stringify(tickets.map(({ id, subject }) => ({ id, subject }))));
      }
      if (url.pathname === '/spa/' || url.pathname === '/spa') return html(response, 200, fixturePages.spa!.view(tickets[0]!));
      const api = /^\/(inline|spa)\/api\/tickets\/(\d+)(\/replies)?$/.exec(url.pathname);
      const apiTicket = api && tickets.find((t) => t.id === Number(api[2]));
      if (api && apiTicket) return inlineApi(request, response, apiTicket, !!api[3], api[1]!);
      const match = /^\/(\w+)\/tickets\/(\d+)(\/reply)?$/.exec(url.pathname);
      const ticket = match && tickets.find((t) => t.id === Number(match[2]));
      const pages = match && fixturePages[match[1]!];
      if (!match || !ticket || !pages) return html(response, 404, '<!doctype html><title>Not found</title>Not found');
      const shape = match[1]!;
      if (request.method === 'POST') {
        if (!record(shape, ticket, (await formBody(request)).get('body') ?? '')) {
          return html(response, 400, '<!doctype html><title>Empty</title>The reply is empty.');
        }
        response.writeHead(303, { location: shape === 'next' ? '/next/mailbox' : `/${shape}/tickets/${ticket.id}` });
        return response.end();
      }
      if (shape === 'midpost' && held) {
        // The page starts to arrive, so the browser leaves the old one (a send under way there
        // is cut off), and the new one is not complete, so no content script runs in it yet.
        const render = () => (match[3] ? pages.reply(ticket) : pages.view(ticket));
        const head = render();
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
        response.write(head.slice(0, head.indexOf('<body')) + ' '.repeat(2048));
        await held;
        const body = render(); // the ticket as it is once released
        return response.end(body.slice(body.indexOf('<body')));
      }
      if (shape === 'midpost' && Date.now() - lastPostAt < MIDPOST_PAGE_DELAY_MS) await new Promise((r) => setTimeout(r, MIDPOST_PAGE_DELAY_MS));
      return html(response, 200, match[3] ? pages.reply(ticket) : pages.view(ticket), shape === 'noframe' || CKEDITOR_SHAPES.has(shape) ? NO_FRAMES : {});
    })().catch((error: unknown) => html(response, 500, String(error)));
  });
  await new Promise<void>((ready, fail) => server.once('error', fail).listen(0, '127.0.0.1', ready));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    url: (path) => new URL(path, origin).href,
    sent: () => structuredClone(sent),
    holdMidpostPages() {
      held ??= new Promise<void>((done) => {
        release = () => {
          held = undefined;
          done();
        };
      });
      return () => release();
    },
    reset() {
      release();
      tickets = seed();
      sent = [];
      lastPostAt = 0;
    },
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

/** What the model was given as page.read's result over a run's requests (the page's text, read by Readability), or null. */
export function pageReadResult(requests: unknown[]): string | null {
  for (const r of requests as { messages: { role: string; content?: string }[] }[]) {
    const found = r.messages.find((m) => m.role === 'tool' && m.content?.startsWith('<tool_result tool="page.read"'));
    if (found) return found.content ?? null;
  }
  return null;
}
