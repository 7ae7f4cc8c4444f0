import type { PostEffect } from '../../shared/post-effects';
import { SELECTORS } from './freescout-page';

/**
 * What FreeScout 1.8 does with every reply or note besides posting it: it sets the status and
 * the assignee its editor's toolbar shows (a reply: Pending and "Me" by default). Closed, the
 * editor opens with the page's defaults (main.js: prepareReplyForm for a reply, showNoteForm
 * for a note, which keeps the assignee), so that is what a send will post; open, its selects say.
 */
export function freescoutEffects(doc: Document, mode: 'reply' | 'note'): PostEffect[] {
  const status = doc.querySelector<HTMLSelectElement>(SELECTORS.statusSelect);
  const user = doc.querySelector<HTMLSelectElement>(SELECTORS.assigneeSelect);
  const block = doc.querySelector(SELECTORS.replyBlock);
  const isNote = doc.querySelector<HTMLInputElement>(SELECTORS.isNote)?.value === '1';
  const open = block !== null && !block.classList.contains('hidden') && isNote === (mode === 'note');
  const currentUser = doc.querySelector(SELECTORS.currentAssignee)?.getAttribute('data-user_id') ?? (user && byName(doc, user));

  const statusValue = open ? status?.value : status?.getAttribute(mode === 'reply' ? 'data-reply-status' : 'data-note-status');
  const userValue = open ? user?.value : mode === 'reply' ? (user?.querySelector('option[data-default="true"]')?.getAttribute('value') ?? user?.value) : currentUser;

  const effects: PostEffect[] = [];
  const statusName = optionText(status, statusValue);
  if (statusName && statusValue !== currentStatus(doc, status)) effects.push({ kind: 'status', to: statusName });
  if (user && userValue && userValue !== currentUser) {
    if (userValue === '-1') effects.push({ kind: 'unassign' });
    else if (userValue === doc.body.getAttribute('data-auth_user_id')) effects.push({ kind: 'assign_you' });
    else effects.push({ kind: 'assign', to: optionText(user, userValue) || userValue });
  }
  return effects;
}

const optionText = (select: HTMLSelectElement | null, value: string | null | undefined): string =>
  [...(select?.options ?? [])].find((o) => o.value === value)?.text.replace(/\s+/g, ' ').trim() ?? '';

/** The conversation's status: its menu's active entry, or the option named as the header shows it. */
function currentStatus(doc: Document, select: HTMLSelectElement | null): string | null {
  const active = doc.querySelector(SELECTORS.currentStatus)?.getAttribute('data-status');
  if (active) return active;
  const shown = doc.querySelector(SELECTORS.status)?.textContent?.trim();
  return [...(select?.options ?? [])].find((o) => o.text.trim() === shown)?.value ?? null;
}

/** The assignee's value by the name the header shows, when the page has no assignee menu. */
function byName(doc: Document, user: HTMLSelectElement): string | null {
  const shown = doc.querySelector(SELECTORS.assigneeName)?.textContent?.trim();
  return [...user.options].find((o) => o.text.trim() === shown)?.value ?? null;
}
