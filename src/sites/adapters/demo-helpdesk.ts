import { defineAdapter, type Adapter } from '../adapter';
import { adapterFromRecipe } from '../recipes/recipe';
import type { Recipe } from '../../shared/recipe-check';
import { keyOf, readTicket } from '../recipes/recipe-read';
import { pastTicketReader, ticketSearcher, type PastTicketSite } from '../past/past-tickets';
import type { SearchSpec } from '../past/search-results';
import demoRecipe from './demo-helpdesk.json';

/**
 * Deskmate's offline demo helpdesk (demo/helpdesk), run from its recipe
 * (src/sites/adapters/demo-helpdesk.json): no code of its own, the proof that the recipe format
 * carries a whole helpdesk, reply and internal note included, with the same send guarantees.
 *
 * The demo runs on any loopback port (the tests pick free ones), so the recipe is applied to
 * the page's own origin; the marker in its `present` selector keeps it to the demo's pages.
 */
const RECIPE = demoRecipe as Recipe;

/** The recipe's selectors by name, for the saved pages' checks. */
export const SELECTORS = {
  marker: 'html[data-helpdesk="deskmate-demo"]',
  ticket: RECIPE.ticket.present!,
  subject: RECIPE.read.subject,
  status: RECIPE.read.status!,
  requesterName: RECIPE.read.requesterName!,
  requesterEmail: RECIPE.read.requesterEmail!,
  message: RECIPE.read.messages,
  messageAuthor: RECIPE.read.author!,
  messageTime: RECIPE.read.time!,
  messageBody: RECIPE.read.body,
  editor: RECIPE.reply!.editor,
  mirror: RECIPE.reply!.mirror!,
  send: RECIPE.reply!.submit,
  error: RECIPE.reply!.error!,
  noteEditor: RECIPE.note!.editor,
  noteMirror: RECIPE.note!.mirror!,
  noteAdd: RECIPE.note!.submit,
  noteError: RECIPE.note!.error!,
} as const;

const byOrigin = new Map<string, Adapter>();
/** The recipe's adapter for the page's origin. */
const on = (origin: string): Adapter => {
  let adapter = byOrigin.get(origin);
  if (!adapter) byOrigin.set(origin, (adapter = adapterFromRecipe({ ...RECIPE, site: origin })));
  return adapter;
};

/** The demo's search page (/search?q=…), which lists closed tickets too. */
export const SEARCH: SearchSpec = {
  url: '/search?q={query}',
  results: 'html[data-helpdesk="deskmate-demo"] .hd-search-results > li.hd-search-result',
  link: 'a.hd-result-link',
  number: '.hd-result-number',
  subject: 'a.hd-result-link',
  status: '.hd-result-status[data-status]',
  requester: '.hd-result-requester',
  updated: 'time.hd-result-updated',
};

const past = (origin: string): PastTicketSite & { search: SearchSpec } => ({
  search: SEARCH,
  keyOf: (url) => keyOf({ ...RECIPE, site: origin }, url),
  ticketUrl: (key, o) => new URL(`/tickets/${encodeURIComponent(key)}`, o).href,
  shown: (url, doc) => on(origin).ticket(url, doc),
  read: (doc, label) => readTicket(RECIPE, doc, label),
});

const reply = (l: Location) => on(l.origin).tools['reply.send']!;
const note = (l: Location) => on(l.origin).tools['note.add']!;

const adapter = defineAdapter({
  id: 'demo-helpdesk',
  title: RECIPE.title,
  detect: (url, doc) => on(url.origin).detect(url, doc),
  ticket: (url, doc) => on(url.origin).ticket(url, doc),
  tools: {
    'ticket.read': (input, doc, location) => pastTicketReader(past(location.origin), on(location.origin).tools['ticket.read']!)(input, doc, location),
    'tickets.search': (input, doc, location) => ticketSearcher(past(location.origin))(input, doc, location),
    'reply.fill': (input, doc, location) => on(location.origin).tools['reply.fill']!(input, doc, location),
    'reply.send': { prepare: (i, d, l) => reply(l).prepare(i, d, l), deliver: (p, d, l) => reply(l).deliver(p, d, l) },
    'note.add': { prepare: (i, d, l) => note(l).prepare(i, d, l), deliver: (p, d, l) => note(l).deliver(p, d, l) },
  },
  afterLoad: (doc, location) => on(location.origin).afterLoad!(doc, location),
  sentAs: on(RECIPE.site).sentAs!,
});

export default adapter;
