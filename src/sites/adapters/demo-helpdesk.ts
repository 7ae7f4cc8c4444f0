import { defineAdapter, type Adapter } from '../adapter';
import { adapterFromRecipe } from '../recipes/recipe';
import { RECIPE, demoHelpdeskPage } from './demo-helpdesk-page';

/**
 * Deskmate's offline demo helpdesk (demo/helpdesk), run from its recipe
 * (src/sites/adapters/demo-helpdesk.json): no code of its own, the proof that the recipe format
 * carries a whole helpdesk, reply, internal note and past-ticket search included, with the same
 * send guarantees.
 *
 * The demo runs on any loopback port, so the recipe is applied to the page's own origin
 * (demo-helpdesk-page.ts says which pages it serves).
 */

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

const reply = (l: Location) => on(l.origin).tools['reply.send']!;
const note = (l: Location) => on(l.origin).tools['note.add']!;

const adapter = defineAdapter({
  ...demoHelpdeskPage,
  title: RECIPE.title,
  tools: {
    'ticket.read': (input, doc, location) => on(location.origin).tools['ticket.read']!(input, doc, location),
    'tickets.search': (input, doc, location) => on(location.origin).tools['tickets.search']!(input, doc, location),
    'reply.fill': (input, doc, location) => on(location.origin).tools['reply.fill']!(input, doc, location),
    'reply.send': { prepare: (i, d, l) => reply(l).prepare(i, d, l), deliver: (p, d, l) => reply(l).deliver(p, d, l) },
    'note.add': { prepare: (i, d, l) => note(l).prepare(i, d, l), deliver: (p, d, l) => note(l).deliver(p, d, l) },
  },
  afterLoad: (doc, location) => on(location.origin).afterLoad!(doc, location),
  sentAs: on(RECIPE.site).sentAs!,
});

export default adapter;
