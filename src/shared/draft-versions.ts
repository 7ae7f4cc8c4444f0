import type { Draft } from '../core/agent-events';
import type { DraftItem, DraftMade, DraftVersion } from './draft-item';

export type { DraftMade, DraftVersion } from './draft-item';

/**
 * One draft per ticket: a conversation holds at most one reply draft and one internal-note
 * draft. A new proposal, a rewrite, a translation or "Use as draft" changes that draft in place;
 * what it read before is kept as an earlier version the agent can go back to. Pure functions over
 * the conversation's items, applied the same way by the background and the sidebar.
 */

/** The most earlier versions a draft keeps; the oldest go first. */
export const MAX_VERSIONS = 12;

/** Reply drafts and note drafts are kept apart: each ticket has one of each at most. */
export const isNoteDraft = (draft: DraftItem): boolean => draft.audience === 'note';

/** What made the current version (a draft from before versions counts as a proposal). */
export const madeOf = (draft: DraftItem): DraftMade => draft.made ?? 'proposal';

/** The draft as it stands now, as a version to keep. */
export function versionOf(draft: DraftItem): DraftVersion {
  const text = draft.text ?? draft.body;
  const warned = draft.warned?.length && !draft.acknowledged ? draft.warned : undefined;
  return {
    text,
    ...(draft.subject ? { subject: draft.subject } : {}),
    ...(draft.sources?.length ? { sources: draft.sources } : {}),
    ...(draft.droppedSources?.length ? { droppedSources: draft.droppedSources } : {}),
    made: madeOf(draft),
    callId: draft.versionCallId ?? draft.callId,
    ...(draft.text !== undefined ? { edited: true as const } : {}),
    ...(warned ? { warned } : {}),
  };
}

/** The earlier versions with `also` added last, the oldest dropped beyond the limit. */
const keep = (history: readonly DraftVersion[] | undefined, also: DraftVersion): DraftVersion[] => [...(history ?? []), also].slice(-MAX_VERSIONS);

/**
 * The draft with new content: what it read is kept as its newest earlier version; its identity
 * (id, call id, ticket, sends) stays. A warning nobody acknowledged stays with the text that came
 * from it: rewriting a draft written under attack does not clear its warning.
 */
export function withNewVersion(
  draft: DraftItem,
  next: { body: string; subject?: string; sources?: DraftItem['sources']; droppedSources?: string[]; made: DraftMade; callId: string; warned?: string[] },
  derived = true,
): DraftItem {
  const inherited = derived && draft.warned?.length && !draft.acknowledged ? draft.warned : [];
  const warned = [...new Set([...inherited, ...(next.warned ?? [])])];
  const { text: _text, subject: _subject, sources: _sources, droppedSources: _dropped, warned: _warned, acknowledged: _ack, made: _made, versionCallId: _v, ...identity } = draft;
  return {
    ...identity,
    body: next.body,
    ...(next.subject ? { subject: next.subject } : {}),
    ...(next.sources?.length ? { sources: next.sources } : {}),
    ...(next.droppedSources?.length ? { droppedSources: next.droppedSources } : {}),
    ...(warned.length ? { warned, acknowledged: false } : {}),
    made: next.made,
    ...(next.callId !== draft.callId ? { versionCallId: next.callId } : {}),
    history: keep(draft.history, versionOf(draft)),
  };
}

/**
 * Back to an earlier version: it becomes the draft again, and what the draft read until now is
 * kept as the newest earlier version, so going back can be undone too. Null for no such version.
 * It comes back with its own warning, not the one of the text it replaces.
 */
export function restoreVersion(draft: DraftItem, index: number): DraftItem | null {
  const version = draft.history?.[index];
  if (!version) return null;
  return withNewVersion(
    draft,
    {
      body: version.text,
      ...(version.subject ? { subject: version.subject } : {}),
      ...(version.sources ? { sources: version.sources } : {}),
      ...(version.droppedSources ? { droppedSources: version.droppedSources } : {}),
      made: 'restored',
      callId: version.callId,
      ...(version.warned ? { warned: version.warned } : {}),
    },
    false,
  );
}

/** The conversation's current draft for replies, or for notes. */
export function currentDraft(items: readonly { kind: string }[], note = false): DraftItem | undefined {
  return items.findLast((item): item is DraftItem => item.kind === 'draft' && isNoteDraft(item as DraftItem) === note);
}

/** Every call (or answer) that wrote a version of this draft. */
export const callsOf = (draft: DraftItem): string[] => [draft.callId, draft.versionCallId ?? '', ...(draft.history ?? []).map((v) => v.callId)].filter(Boolean);

/**
 * A proposal for the conversation: it becomes the ticket's draft (a new one, or the next version
 * of the one there), placed at `at` in the list (the end, for a proposal as it streams in). The
 * other items keep their order.
 */
export function placeDraft<T extends { kind: string }>(items: readonly T[], draft: DraftItem, at = items.length): T[] {
  const old = currentDraft(items, isNoteDraft(draft));
  const index = old ? items.indexOf(old as unknown as T) : -1;
  const list = [...items];
  if (index >= 0) list.splice(index, 1);
  const place = index >= 0 && index < at ? at - 1 : at;
  list.splice(place, 0, draft as unknown as T);
  return list;
}

/** The actions that rewrite the draft's own text: what it cites and its subject stay unless the rewrite names its own. */
const REWRITTEN: ReadonlySet<DraftMade> = new Set(['shorter', 'friendlier', 'formal', 'translate_draft']);

/** A proposal made into a first draft, or the next version of the ticket's draft. */
export function proposalDraft(old: DraftItem | undefined, fresh: { id: string; callId: string; draft: Draft; made: DraftMade; warned?: string[]; audience?: 'note' }): DraftItem {
  const { draft } = fresh;
  if (old) {
    // A rewrite says the same thing another way: the articles it rests on and the subject carry over.
    const carried = REWRITTEN.has(fresh.made);
    const subject = draft.subject || (carried ? old.subject : undefined);
    const sources = draft.sources?.length ? draft.sources : carried ? old.sources : undefined;
    return withNewVersion(old, { body: draft.body, ...(subject ? { subject } : {}), ...(sources ? { sources } : {}), ...(draft.droppedSources ? { droppedSources: draft.droppedSources } : {}), made: fresh.made, callId: fresh.callId, ...(fresh.warned ? { warned: fresh.warned } : {}) });
  }
  return {
    id: fresh.id,
    kind: 'draft',
    callId: fresh.callId,
    body: draft.body,
    ...(fresh.audience ? { audience: fresh.audience } : {}),
    ...(draft.subject ? { subject: draft.subject } : {}),
    ...(draft.sources?.length ? { sources: draft.sources } : {}),
    ...(draft.droppedSources?.length ? { droppedSources: draft.droppedSources } : {}),
    ...(fresh.warned?.length ? { warned: fresh.warned } : {}),
    made: fresh.made,
  };
}
