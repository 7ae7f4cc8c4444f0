import type { Adapter, AdapterImpls } from './adapter';
import { guardedSend, replyFiller, ticketReader } from './adapter-helpers';
import { insertTarget } from './insert';
import { recipeAdapterId, type Recipe, type RecipeReply } from './recipe-check';
import { formOnPage } from './recipe-form';
import { readTicket, shownTicket } from './recipe-read';
import { recipeAfterLoad, recipeDeliver, recipePrepare, recipePrepareNote } from './recipe-send';

/**
 * A site recipe as an adapter: the same tools, results and send guarantees as a code adapter,
 * built from data. It serves only the recipe's own site (its id names the site, and the
 * background checks both).
 */
export function adapterFromRecipe(recipe: Recipe): Adapter {
  const shown = shownTicket(recipe);
  const tools: AdapterImpls = { 'ticket.read': ticketReader(shown, (doc, label) => readTicket(recipe, doc, label)) };
  if (recipe.reply) {
    tools['reply.fill'] = replyFiller((doc) => replyBox(recipe.reply!, doc));
    tools['reply.send'] = guardedSend(recipePrepare(recipe), recipeDeliver(recipe, recipe.reply));
  }
  if (recipe.note) tools['note.add'] = guardedSend(recipePrepareNote(recipe, recipe.note), recipeDeliver(recipe, recipe.note, 'note'));
  return {
    id: recipeAdapterId(recipe.site),
    title: recipe.title,
    detect: (url, doc) => shown(url, doc) !== null,
    ticket: shown,
    tools,
    ...(recipe.reply || recipe.note ? { afterLoad: recipeAfterLoad(recipe) } : {}),
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

