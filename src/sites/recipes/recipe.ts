import type { Adapter, AdapterImpls } from '../adapter';
import { failed, guardedSend, replyFiller, ticketReader } from '../adapter-helpers';
import { insertTarget } from '../dom/insert';
import { usesKey, withKey, type Recipe, type RecipeReply } from '../../shared/recipe-format';
import { pastTicketReader, ticketSearcher } from '../past/past-tickets';
import { pastTicketSite } from './recipe-search';
import { formOnPage } from './recipe-form';
import { keyOf, readTicket, shownTicket } from './recipe-read';
import { recipeAfterLoad, recipeDeliver, recipePrepare, recipePrepareNote } from './recipe-send';
import { promised } from './recipe-roles';
import { recipePage } from './recipe-page';

/**
 * A site recipe as an adapter: the same tools, results and send guarantees as a code adapter,
 * built from data. It serves only the recipe's own site (its id names the site, and the
 * background checks both).
 */
export function adapterFromRecipe(recipe: Recipe): Adapter {
  return usesKey(recipe) ? keyedAdapter(recipe) : plainAdapter(recipe);
}

function plainAdapter(recipe: Recipe): Adapter {
  const shown = shownTicket(recipe);
  const tools: AdapterImpls = { 'ticket.read': ticketReader(shown, (doc, label) => readTicket(recipe, doc, label)) };
  if (recipe.search) {
    const site = pastTicketSite(recipe, recipe.search);
    tools['tickets.search'] = ticketSearcher(site);
    tools['ticket.read'] = pastTicketReader(site, tools['ticket.read']!);
  }
  if (recipe.reply) {
    tools['reply.fill'] = replyFiller((doc) => replyBox(recipe.reply!, doc));
    tools['reply.send'] = guardedSend(recipePrepare(recipe), recipeDeliver(recipe, recipe.reply));
  }
  if (recipe.note) tools['note.add'] = guardedSend(recipePrepareNote(recipe, recipe.note), recipeDeliver(recipe, recipe.note, 'note'));
  return {
    ...recipePage(recipe),
    title: recipe.title,
    tools,
    ...(recipe.reply || recipe.note ? { afterLoad: recipeAfterLoad(recipe) } : {}),
    sentAs: (tool, role) => promised(recipe, tool === 'note.add' ? 'note' : 'reply', role),
  };
}

/**
 * Insert's target: the recipe's editor when it is on this page; else (a ticket page whose form
 * is elsewhere) the field the agent focused, as anywhere.
 */
async function replyBox(reply: RecipeReply, doc: Document): Promise<HTMLElement | string> {
  const form = await formOnPage(reply, doc);
  if (form) return form.editor;
  const target = insertTarget(doc);
  return typeof target === 'string' ? (reply.page ? 'The reply box is on the reply page: open it, click in the box, then insert.' : target) : target.editable.el;
}


const NO_TICKET = () => Promise.resolve(failed('no_ticket', 'This page shows no ticket.'));

/**
 * A recipe whose selectors name the ticket's key ({key}): a page that keeps several tickets
 * open at once (Zendesk's tabs) is read and written only inside the one the URL shows.
 */
function keyedAdapter(recipe: Recipe): Adapter {
  const base = plainAdapter(recipe);
  const byKey = new Map<string, Adapter | null>();
  const at = (href: string): Adapter | null => {
    const key = keyOf(recipe, new URL(href));
    if (key === null) return null;
    if (!byKey.has(key)) {
      if (byKey.size > 100) byKey.clear();
      const bound = withKey(recipe, key);
      byKey.set(key, bound && plainAdapter(bound));
    }
    return byKey.get(key) ?? null;
  };
  const tools: AdapterImpls = {};
  for (const [name, impl] of Object.entries(base.tools) as [keyof AdapterImpls, AdapterImpls[keyof AdapterImpls]][]) {
    const own = (l: Location) => at(l.href)?.tools[name] as typeof impl;
    (tools as Record<string, unknown>)[name] =
      typeof impl === 'function'
        ? (input: unknown, doc: Document, l: Location) => (own(l) as typeof impl & Function)?.(input, doc, l) ?? NO_TICKET()
        : {
            prepare: (input: { body: string }, doc: Document, l: Location) => (own(l) as typeof impl & object)?.prepare(input, doc, l) ?? NO_TICKET(),
            deliver: (payload: Parameters<NonNullable<AdapterImpls['reply.send']>['deliver']>[0], doc: Document, l: Location) =>
              (own(l) as typeof impl & object)?.deliver(payload, doc, l) ?? NO_TICKET(),
          };
  }
  return {
    ...base,
    ...recipePage(recipe),
    tools,
    ...(base.afterLoad ? { afterLoad: (doc: Document, l: Location) => at(l.href)?.afterLoad?.(doc, l) ?? Promise.resolve(null) } : {}),
  };
}
