import { quickActionPrompt } from '../../core';
import { createInputValidator } from '../../core/validation';
import { withInterruption, type ChatItem } from '../../shared/chat-items';
import { createSubscribers } from './chat-subscribers';
import { homeOfConversation } from './chat-drafts';
import { createDraftKeeper } from './draft-keeper';
import { conversationKey, tabPrefix, type Conversation } from './chat-store';
import { createKeptConversations } from './kept-conversations';
import { createChatTurns, type CreateModel } from './chat-turns';
import { DEMO_MODEL_ID, loadModelSettings, masksPersonalData, type ModelSettings } from '../model/model-settings';
import { CHAT_SCHEMA, type ChatClientMessage, type ChatServerMessage } from '../../shared/chat-protocol';
import type { Services } from '../services';
import type { OutboundLog } from '../model/outbound-log';
import { log } from '../diagnostics/logger';
import { createTypedText } from '../typed/typed-text';
import { typedFields } from '../typed/typed-fields';
import { unsentText } from '../typed/unsent-text';
import { fieldId, type TypedSave } from '../../shared/typed';
import type { McpActionProposal, McpActionTicket } from '../../shared/mcp';

export interface ChatPort {
  postMessage(message: ChatServerMessage): void;
}

export type { CreateModel } from './chat-turns';

const validChat = createInputValidator(CHAT_SCHEMA);

/**
 * Runs the chat of each tab and ticket. Every sidebar port gets a snapshot, then each agent
 * event as it happens and a patch for any other change. The conversation is stored at each step, so a restarted worker can
 * show it again; a turn cut off by a restart is marked interrupted and can be retried.
 */
export function createChatSessions(services: Services, createModel: CreateModel, outbound?: OutboundLog) {
  const subscribers = createSubscribers<ChatServerMessage>();
  // This worker's memory of the conversations: a turn starts without reading storage.
  const conversations = createKeptConversations();
  /** The site is the announced page's, else the tab's own origin: a page no adapter serves is still some site's. */
  const siteOf = async (tabId: number): Promise<string | null> =>
    services.pages.get(tabId)?.origin ?? (await services.accessOf(tabId).catch(() => null))?.origin ?? null;
  const keyOf = async (tabId: number) => conversationKey(tabId, await siteOf(tabId), services.pages.get(tabId)?.ticket?.key ?? null);
  /** What the sidebars following each conversation hold now (by identity): a change is posted as a patch from where it starts. */
  const shown = new Map<string, readonly ChatItem[]>();
  const post = (key: string, message: ChatServerMessage, items?: readonly ChatItem[]) => {
    if (items) shown.set(key, items);
    subscribers.post(key, message);
  };

  async function load(tabId: number): Promise<Conversation> {
    const key = await keyOf(tabId);
    const current = turns.live(key);
    if (current) return current;
    const stored = await conversations.get(key);
    const conversation = stored ?? { key, tabId, site: await siteOf(tabId), ticketKey: services.pages.get(tabId)?.ticket?.key ?? null, history: [], items: [], running: false, updatedAt: 0 };
    if (conversation.running && !turns.isRunning(key)) {
      conversation.running = false;
      conversation.items = withInterruption(conversation.items);
      await conversations.put(conversation);
    }
    return conversation;
  }

  /**
   * The tab's conversation as it is now. A turn that started or ended while the stored copy
   * was read has posted events that copy does not hold: then it is read again.
   */
  async function current(tabId: number): Promise<Conversation> {
    for (;;) {
      const before = turns.generation();
      const conversation = await load(tabId);
      if (turns.generation() === before) return conversation;
    }
  }

  /**
   * The whole conversation to a port that opens it; to the sidebars that follow it, only what
   * changed since they were last sent anything, from `from` on at the latest (a turn's items, to
   * give them the background's ids). Items are never changed in place, so an unchanged one is
   * the same object.
   */
  async function snapshot(port: ChatPort | null, conversation: Conversation, known?: ModelSettings, from = Infinity): Promise<void> {
    const settings = known ?? (await loadModelSettings());
    const { key, items, running } = conversation;
    const model = { name: settings.model, demo: settings.model === DEMO_MODEL_ID, masked: masksPersonalData(settings) };
    if (port) return port.postMessage({ type: 'chat.snapshot', tabId: conversation.tabId, key, home: homeOfConversation(conversation), items, running, model });
    const before = shown.get(key);
    if (!before) return post(key, { type: 'chat.snapshot', tabId: conversation.tabId, key, home: homeOfConversation(conversation), items, running, model }, items);
    const end = Math.min(before.length, items.length, from);
    let same = 0;
    while (same < end && before[same] === items[same]) same++;
    post(key, { type: 'chat.patch', key, from: same, items: items.slice(same), running, model }, items);
  }

  /** An answer's reply as a draft card right under it; once per answer, and never while a turn runs. */
  const audit = (entry: Parameters<Services['audit']['append']>[0]) =>
    services.audit.append(entry).then(
      () => services.broadcast({ type: 'audit.changed' }),
      (e: unknown) => log.error('audit', 'Could not write an entry of the audit log', e),
    );

  /** The conversation stored under a key of this tab (a running turn's own copy first). */
  async function byKey(tabId: number, key: string): Promise<Conversation | undefined> {
    if (!key.startsWith(tabPrefix(tabId))) return undefined;
    return turns.live(key) ?? (await conversations.get(key));
  }

  const turns = createChatTurns({ services, createModel, ...(outbound ? { outbound } : {}), store: conversations, keyOf, load, snapshot: (conversation, settings, from) => snapshot(null, conversation, settings, from), post, audit });
  const drafts = createDraftKeeper({ services, store: conversations, load, byKey, snapshot, siteOf, audit });
  // What the agent typed: applied in the order it came, before anything a port sends after it.
  const typed = createTypedText(typedFields(drafts.edit, keyOf));

  /**
   * A send, retry, quick action or New chat for a conversation the tab no longer shows: nothing
   * runs there or here, and a question goes back to its own conversation's box (unless the agent
   * has typed something new there since).
   */
  async function refuse(port: ChatPort, message: Extract<ChatClientMessage, { key: string }>): Promise<void> {
    const text = message.type === 'chat.send' ? message.text : undefined;
    if (text !== undefined && message.key.startsWith(tabPrefix(message.tabId))) {
      const id = fieldId({ kind: 'question', key: message.key });
      if (!(await unsentText.get(id)).trim()) await unsentText.set(id, text);
    }
    // Whether the next page is still loading, as the answer leaves: a snapshot for that page comes after it.
    const loading = text !== undefined && services.pages.loading(message.tabId);
    port.postMessage({ type: 'chat.refused', key: message.key, ...(text !== undefined ? { text } : {}), ...(loading ? { loading } : {}) });
  }

  async function handle(port: ChatPort, message: Exclude<ChatClientMessage, TypedSave>): Promise<void> {
    const { tabId } = message;
    const key = await keyOf(tabId);
    switch (message.type) {
      case 'chat.open': {
        // Not the tab's conversation for a moment (a page that reloads is no ticket until it says so).
        if (services.pages.loading(tabId)) return port.postMessage({ type: 'chat.waiting', tabId });
        const settings = await loadModelSettings();
        subscribers.follow(key, port);
        // Posted with no wait after it is read: the port gets events from here on, and the
        // snapshot must hold every one of them that it already got.
        return snapshot(port, await current(tabId), settings);
      }
      case 'chat.send':
        if (!(await turns.turn(tabId, message.key, message.text))) await refuse(port, message);
        return;
      case 'chat.retry':
        if (!(await turns.turn(tabId, message.key, undefined))) await refuse(port, message);
        return;
      case 'chat.stop':
        // The turn the agent saw running, though the tab may show another ticket by now (a Stop
        // that stopped the new page's conversation would leave that turn running); never another tab's.
        if (message.key.startsWith(tabPrefix(tabId))) turns.abort(message.key);
        return;
      case 'chat.action':
        if (!(await turns.turn(tabId, message.key, quickActionPrompt(message.action, message.draft), message.action))) await refuse(port, message);
        return;
      case 'chat.draft':
        return drafts.useAsDraft(tabId, message.itemId, message.text);
      case 'chat.ack':
        return drafts.acknowledge(tabId, message.callId);
      case 'chat.restore':
        return drafts.restore(tabId, message.key, message.callId, message.version);
      case 'chat.new':
        // Another ticket's conversation is not the one the agent cleared.
        if (message.key !== key) return refuse(port, message);
        // Removed only after the stopped turn has stored itself, or it would come back.
        await turns.stop([key]);
        await conversations.remove(key);
        await outbound?.forget(key);
        const settings = await loadModelSettings();
        return snapshot(null, await current(tabId), settings);
    }
  }

  return {
    /**
     * A message from a sidebar's port; anything malformed is answered with an error. Resolves
     * (never rejects) once it was handled: a turn when it ended and was stored.
     */
    receive(port: ChatPort, message: unknown): Promise<void> {
      if ((message as { type?: unknown } | null)?.type === 'typed.save') return typed.receive(port, message);
      const check = validChat(message);
      if (!check.ok) return Promise.resolve(port.postMessage({ type: 'chat.error', message: `Invalid chat message: ${check.message}` }));
      // Text typed before this message came is applied first: a turn reads the agent's last words.
      return typed
        .settled()
        .then(() => handle(port, message as Exclude<ChatClientMessage, TypedSave>))
        .catch((e: unknown) => port.postMessage({ type: 'chat.error', message: e instanceof Error ? e.message : String(e) }));
    },
    /**
     * Resolves once every save of typed text received so far is applied: a read of typed text
     * by a request (not on a port) waits for it, so a sidebar opened as another closes finds
     * what the closing one typed, however slow the store is.
     */
    typedSettled: (): Promise<void> => typed.settled(),
    /** See `DraftKeeper.gate`: whether a draft's button may be used now. */
    draftGate: drafts.gate,
    /** A draft's Send… opened (or showed again) this confirmation: the draft remembers it. */
    draftSent: drafts.sent,
    /**
     * The action the model proposed under this call id in the tab's current conversation (the
     * ticket the tab shows), with that ticket; null when that conversation holds no such proposal
     * or belongs to no ticket. Another ticket's action card is never found from here.
     */
    async actionProposal(tabId: number, callId: string): Promise<{ proposal: McpActionProposal; ticket: McpActionTicket } | null> {
      const conversation = await current(tabId);
      const item = conversation.items.find((i) => i.kind === 'tool' && i.callId === callId);
      if (item?.kind !== 'tool' || item.status !== 'ok' || !item.action || !conversation.site || !conversation.ticketKey) return null;
      return { proposal: item.action, ticket: { site: conversation.site, key: conversation.ticketKey } };
    },
    /** What the tab's conversation sent to the model and got back, turn by turn. */
    async outbound(tabId: number) {
      return outbound ? outbound.turns(await keyOf(tabId)) : [];
    },
    disconnect(port: ChatPort): void {
      subscribers.drop(port);
    },
    /** The tab closed: its conversations end. */
    async closeTab(tabId: number): Promise<void> {
      await turns.stop(turns.runningKeys().filter((key) => key.startsWith(tabPrefix(tabId))));
      await conversations.removeTab(tabId);
      await outbound?.forgetTab(tabPrefix(tabId));
      await unsentText.forget(fieldId({ kind: 'question', key: tabPrefix(tabId) }));
      for (const key of shown.keys()) if (key.startsWith(tabPrefix(tabId))) shown.delete(key);
    },
  };
}

export type ChatSessions = ReturnType<typeof createChatSessions>;
