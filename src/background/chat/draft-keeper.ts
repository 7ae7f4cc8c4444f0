import { draftFromAnswer, fail, type ToolResult } from '../../core';
import { itemId, warningOfTurn, withDraftText } from '../../shared/chat-items';
import { callsOf, currentDraft, placeDraft, proposalDraft, restoreVersion } from '../../shared/draft-versions';
import { acknowledgeEntry } from './attempt-audit';
import { changeDraft, elsewhereRefusal, findDraft, homeOf, homeOfConversation, sendRefusal, withSend } from './chat-drafts';
import type { Conversation } from './chat-store';
import type { KeptConversations } from './kept-conversations';
import { createSerial } from '../storage/serial';
import type { Services } from '../services';

/** What the draft keeper needs of the chat sessions it serves. */
export interface DraftKeeperDeps {
  services: Services;
  /** Where the conversations are kept (and stored). */
  store: KeptConversations;
  /** The tab's current conversation (a running turn's own copy first). */
  load(tabId: number): Promise<Conversation>;
  /** The conversation stored under a key of this tab. */
  byKey(tabId: number, key: string): Promise<Conversation | undefined>;
  /** Shows the conversation again to every sidebar of it. */
  snapshot(port: null, conversation: Conversation): Promise<void>;
  siteOf(tabId: number): Promise<string | null>;
  audit(entry: Parameters<Services['audit']['append']>[0]): Promise<void>;
}

/**
 * The draft cards of the conversations: made from an answer, acknowledged, edited, gated before
 * a button acts, and marked with their sends. A draft lives with its conversation in the store;
 * its changes are read, changed and written one at a time.
 */
export function createDraftKeeper({ services, store, load, byKey, snapshot, siteOf, audit }: DraftKeeperDeps) {
  const drafts = createSerial();

  async function useAsDraft(tabId: number, answerId: string, text: string): Promise<void> {
    const conversation = await load(tabId);
    // The sidebar names items of its own making until the next snapshot: found by id, else by text.
    const byId = conversation.items.findIndex((item) => item.id === answerId);
    const at = byId >= 0 ? byId : conversation.items.findLastIndex((item) => item.kind === 'assistant' && item.text === text);
    const answer = conversation.items[at];
    // A summary or a translation of the ticket is no reply: the customer's own words are never a draft.
    if (conversation.running || answer?.kind !== 'assistant' || answer.streaming || answer.card) return;
    const callId = `answer:${answer.id}`;
    const body = draftFromAnswer(answer.text);
    const old = currentDraft(conversation.items);
    if (!body || (old && callsOf(old).includes(callId))) return;
    // An answer from a turn that tried forbidden tools makes a draft that carries the warning.
    const warned = warningOfTurn(conversation.items, at)?.tools;
    const home = homeOfConversation(conversation);
    // The ticket's one draft, in its next version if it has one, right under the answer.
    const made = proposalDraft(old, { id: itemId(), callId, draft: { body }, made: 'answer', ...(warned ? { warned } : {}) });
    const draft = old ? made : { ...made, site: home.site, ticket: home.ticket };
    conversation.items = placeDraft(conversation.items, draft, at + 1);
    await store.put(conversation);
    await snapshot(null, conversation);
  }

  /** The agent read the warning on a draft written under attack: recorded, then the draft can be used. */
  async function acknowledge(tabId: number, callId: string): Promise<void> {
    const conversation = await load(tabId);
    const at = conversation.items.findIndex((item) => item.kind === 'draft' && item.callId === callId);
    const draft = conversation.items[at];
    if (draft?.kind !== 'draft' || !draft.warned?.length || draft.acknowledged) return;
    conversation.items = conversation.items.map((item, i) => (i === at ? { ...draft, acknowledged: true } : item));
    await audit(acknowledgeEntry(draft, conversation.site ?? null, services.pages.get(tabId)?.ticket?.label ?? null));
    await store.put(conversation);
    await snapshot(null, conversation);
  }

  /** The conversation of this tab that holds the draft: the current one first. */
  async function holding(tabId: number, callId: string): Promise<Conversation | undefined> {
    const current = await load(tabId);
    if (findDraft(current.items, callId)) return current;
    for (const key of await store.keysOf(tabId)) {
      const other = key === current.key ? undefined : await byKey(tabId, key);
      if (other && findDraft(other.items, callId)) return other;
    }
    return undefined;
  }

  /**
   * Changes one draft where it is kept, and stores it; read and written with no other change
   * between. False when no conversation there holds the draft.
   */
  const changeIn = (find: () => Promise<Conversation | undefined>, callId: string, change: Parameters<typeof changeDraft>[2]): Promise<boolean> =>
    drafts(async () => {
      const conversation = await find();
      if (!conversation || !findDraft(conversation.items, callId)) return false;
      const items = changeDraft(conversation.items, callId, change);
      if (!items) return true;
      conversation.items = items;
      await store.put(conversation);
      return true;
    });

  /** The agent edited a draft (typed text, see typed-text.ts): the edit is the draft's text from now on. */
  const edit = (tabId: number, key: string, callId: string, text: string): Promise<boolean> =>
    changeIn(() => byKey(tabId, key), callId, (draft) => withDraftText(draft, text));

  /** The agent went back to an earlier version: every sidebar of the conversation shows it. */
  async function restore(tabId: number, key: string, callId: string, version: number): Promise<void> {
    await changeIn(() => byKey(tabId, key), callId, (draft) => restoreVersion(draft, version) ?? draft);
    const conversation = await byKey(tabId, key);
    if (conversation) await snapshot(null, conversation);
  }

  /**
   * A draft's button may be used on the ticket it was written for and, if it was written in a
   * turn that tried forbidden tools, once the agent has acknowledged that. Insert may go elsewhere
   * on the agent's explicit choice (`anyway`); a send never does, whatever the sidebar asks: what
   * can send belongs to its ticket. The text the button takes is stored as the draft's text:
   * what Send… confirms is what the draft keeps.
   */
  async function gate(tabId: number, callId: string, use: { body?: string; anyway?: boolean; send?: boolean } = {}): Promise<ToolResult | null> {
    const conversation = await holding(tabId, callId);
    const draft = conversation && findDraft(conversation.items, callId);
    const page = services.pages.get(tabId);
    const shown = { site: page?.origin ?? (await siteOf(tabId)), ticket: page?.ticket?.key ?? null };
    const home = draft && conversation ? homeOf(draft, conversation) : null;
    const elsewhere = use.send ? sendRefusal(home, shown) : elsewhereRefusal(home, shown, use.anyway === true);
    if (elsewhere) return elsewhere;
    if (draft?.warned?.length && !draft.acknowledged) {
      return fail('not_acknowledged', 'The assistant tried to use actions it is not allowed to use while writing this draft. Acknowledge the warning on the draft first.');
    }
    if (conversation && typeof use.body === 'string') await changeIn(() => byKey(tabId, conversation.key), callId, (d) => withDraftText(d, use.body!));
    return null;
  }

  /** A draft's Send… opened (or showed again) this confirmation: the draft remembers it. */
  async function sent(tabId: number, callId: string, confirmationId: string): Promise<void> {
    await changeIn(() => holding(tabId, callId), callId, (draft) => withSend(draft, confirmationId));
  }

  return { useAsDraft, acknowledge, edit, restore, gate, sent };
}

export type DraftKeeper = ReturnType<typeof createDraftKeeper>;
