import type { TicketMessage } from '../adapter';
import type { Recipe, RecipeReply } from '../../shared/recipe-format';
import { comparableText } from '../dom/text-compare';
import { readMessages } from './recipe-read';

/*
 * What kind a recipe's post arrived as: a note must show as an internal entry and a reply as the
 * agent's, and a recipe whose note box is its reply form is never used to post a note.
 */

export type Kind = 'reply' | 'note';
export type Role = TicketMessage['role'];

/**
 * Whether a message of this role is what the tool promised: a note only as an internal entry,
 * a reply only as the agent's (in a recipe that describes no roles, where every message reads
 * as the customer's, as anything but a note).
 */
export const promised = (recipe: Recipe, kind: Kind, role: Role): boolean =>
  kind === 'note' ? role === 'internal' : role === 'agent' || (!recipe.read.role && role !== 'internal');

/** How many messages of the thread carry exactly this text, by role. */
export function copiesIn(recipe: Recipe, doc: Document, body: string): Map<Role, number> {
  const expected = comparableText(body);
  const out = new Map<Role, number>();
  for (const m of readMessages(recipe, doc)) if (comparableText(m.body) === expected) out.set(m.role, (out.get(m.role) ?? 0) + 1);
  return out;
}

/** Every page's copies, the most of each role (the tab's page and the reply page's frame show the same thread). */
export const mostOf = (counts: Map<Role, number>[]): Map<Role, number> => {
  const out = new Map<Role, number>();
  for (const c of counts) for (const [role, n] of c) out.set(role, Math.max(out.get(role) ?? 0, n));
  return out;
};

/** What the thread shows now against before the click: the promised kind, the wrong kind (which), or nothing new. */
export function arrived(recipe: Recipe, kind: Kind, before: Map<Role, number>, now: Map<Role, number>): { posted: true } | { wrong: Role } | null {
  const grew = [...now].filter(([role, n]) => n > (before.get(role) ?? 0)).map(([role]) => role);
  if (grew.some((role) => promised(recipe, kind, role))) return { posted: true };
  return grew.length ? { wrong: grew[0]! } : null;
}

const ROLE_WORDS: Record<Role, string> = {
  customer: "a customer's message",
  agent: 'a reply the customer can see',
  internal: 'an internal note the customer does not see',
  system: 'a system entry',
};

/** The plain words for a text that arrived as the wrong kind: it was posted, but not as promised. */
export const wrongKind = (kind: Kind, role: Role, ticket: string): string =>
  `The ${kind} was posted, but the thread shows it as ${ROLE_WORDS[role]}, not as ${kind === 'note' ? 'an internal note' : 'a reply to the customer'}. This site's recipe posts to the wrong place: check ticket ${ticket} now, and fix or delete the recipe before sending again.`;

/**
 * Whether a recipe's note box is, holds or sits in its reply form's editor or posting control
 * on this page: different selectors can name one element, and a "note" posted there would
 * reach the customer.
 */
export function noteIsReply(recipe: Recipe, note: RecipeReply, doc: Document): boolean {
  const reply = recipe.reply;
  if (!reply) return false;
  const overlap = (a: Element | null, b: Element | null) => !!a && !!b && (a === b || a.contains(b) || b.contains(a));
  return overlap(doc.querySelector(note.editor), doc.querySelector(reply.editor)) || overlap(doc.querySelector(note.submit), doc.querySelector(reply.submit));
}

export const NOTE_IS_REPLY = "This site's recipe names the reply form as its internal note box, so a note would reach the customer; nothing was sent. Fix or delete the recipe on the options page.";
