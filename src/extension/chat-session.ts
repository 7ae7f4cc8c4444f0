import { draftFromAnswer, fail, quickActionPrompt, type AgentEvent, type ChatModel, type QuickAction, type ToolResult } from '../core';
import { createInputValidator } from '../core/validation';
import { applyAgentEvent, endStreaming, itemId, stampDrafts, warningOfTurn, withDraftText } from '../shared/chat-items';
import { forbiddenAttemptEntry, acknowledgeEntry } from './attempt-audit';
import { changeDraft, elsewhereRefusal, findDraft, homeOf, withSend } from './chat-drafts';
import { chatStore, conversationKey, tabPrefix, type Conversation } from './chat-store';
import { createSerial } from './serial';
import { createDeltaBatch } from './delta-batch';
import { runChatTurn } from './chat-turn';
import { checkModelSettings, DEMO_MODEL_ID, loadModelSettings, type ModelSettings } from './model-settings';
import { CHAT_SCHEMA, type ChatClientMessage, type ChatServerMessage } from '../shared/protocol';
import { humanCtx, type Services } from './services';
import type { OutboundLog } from './outbound-log';
import { log } from './logger';

export interface ChatPort {
  postMessage(message: ChatServerMessage): void;
}

export type CreateModel = (settings: ModelSettings) => ChatModel;

const validChat = createInputValidator(CHAT_SCHEMA);

const NO_TOOLS_NOTICE =
  'This model does not support tools. Deskmate reads the ticket and searches the knowledge base itself, and asks the model without tools; use "Use as draft" on its answer.';

/**
 * Runs the chat of each tab and ticket. Every sidebar port gets a snapshot, then each agent
 * event as it happens. The conversation is stored at each step, so a restarted worker can
 * show it again; a turn cut off by a restart is marked interrupted and can be retried.
 */
export function createChatSessions(services: Services, createModel: CreateModel, outbound?: OutboundLog) {
  const running = new Map<string, AbortController>();
  /** Each running turn, to wait for: a stopped turn stores its conversation as it ends. */
  const turns = new Map<string, Promise<void>>();
  const subscribers = new Map<string, Set<ChatPort>>();
  /** One client per model setting: building the SDK client is not free, and turns are many. */
  let model: { key: string; model: ChatModel } | undefined;
  const modelFor = (settings: ModelSettings): ChatModel => {
    const key = JSON.stringify(settings);
    if (model?.key !== key) model = { key, model: createModel(settings) };
    return model.model;
  };
  /** Model settings whose model refused to be offered tools: asked in context mode. */
  const withoutTools = new Set<string>();
  /** The conversation of each running turn: newer than storage, which is written per step. */
  const live = new Map<string, Conversation>();
  /** A draft's changes (an edit, a send) are read, changed and written one at a time. */
  const drafts = createSerial();

  const homeOfConversation = (c: Conversation) => ({ site: c.site ?? null, ticket: c.ticketKey });
  /** The site is the announced page's, else the tab's own origin: a page no adapter serves is still some site's. */
  const siteOf = async (tabId: number): Promise<string | null> =>
    services.pages.get(tabId)?.origin ?? (await services.accessOf(tabId).catch(() => null))?.origin ?? null;
  const keyOf = async (tabId: number) => conversationKey(tabId, await siteOf(tabId), services.pages.get(tabId)?.ticket?.key ?? null);
  const post = (key: string, message: ChatServerMessage) => {
    for (const port of subscribers.get(key) ?? []) {
      try {
        port.postMessage(message);
      } catch {
        subscribers.get(key)?.delete(port); // the sidebar was closed
      }
    }
  };

  async function load(tabId: number): Promise<Conversation> {
    const key = await keyOf(tabId);
    const current = live.get(key);
    if (current) return current;
    const stored = await chatStore.get(key);
    const conversation = stored ?? { key, tabId, site: await siteOf(tabId), ticketKey: services.pages.get(tabId)?.ticket?.key ?? null, history: [], items: [], running: false, updatedAt: 0 };
    if (conversation.running && !running.has(key)) {
      conversation.running = false;
      conversation.items = [
        ...endStreaming(conversation.items, 'stream_cut'),
        { id: itemId(), kind: 'error', errorKind: 'interrupted', message: 'The answer was interrupted when the browser stopped Deskmate in the background. Retry to continue.', retryable: true },
      ];
      await chatStore.put(conversation);
    }
    return conversation;
  }

  async function snapshot(port: ChatPort | null, conversation: Conversation, known?: ModelSettings): Promise<void> {
    const settings = known ?? (await loadModelSettings());
    const message: ChatServerMessage = {
      type: 'chat.snapshot',
      tabId: conversation.tabId,
      key: conversation.key,
      home: homeOfConversation(conversation),
      items: conversation.items,
      running: conversation.running,
      model: { name: settings.model, demo: settings.model === DEMO_MODEL_ID },
    };
    if (port) port.postMessage(message);
    else post(conversation.key, message);
  }

  async function turn(tabId: number, text: string | undefined, action?: QuickAction): Promise<void> {
    const key = await keyOf(tabId);
    // No await between the check and the set: two sends cannot both start a turn.
    const current = turns.get(key);
    if (current) return current; // one turn at a time: a send while one runs is dropped
    const done = runTurn(tabId, text, action).finally(() => turns.delete(key));
    turns.set(key, done);
    return done;
  }

  /** Stops the turns of these conversations and waits until they have stored their last state. */
  async function stop(keys: string[]): Promise<void> {
    for (const key of keys) running.get(key)?.abort();
    await Promise.all(keys.map((key) => turns.get(key)?.catch(log.swallow('chat', 'A stopped turn ended with an error', 'info'))));
  }

  async function runTurn(tabId: number, text: string | undefined, action?: QuickAction): Promise<void> {
    const conversation = await load(tabId);
    if (conversation.running) return;
    const key = conversation.key;
    const settings = await loadModelSettings();
    const controller = new AbortController();
    let flushOutgoing = () => undefined as void;
    // What this turn sends to the model and gets back, for "What left the browser".
    const wire = outbound?.startTurn(key);
    running.set(key, controller);
    live.set(key, conversation);
    try {
      if (text !== undefined) {
        conversation.items.push({ id: itemId(), kind: 'user', text, ...(action ? { action } : {}) });
        conversation.history.push({ role: 'user', content: text });
      } else {
        // Retry: answer again from the last complete message.
        while (conversation.history.at(-1)?.role === 'assistant') conversation.history.pop();
      }
      conversation.running = true;
      // Stored while the model is asked, not before: the turn need not wait for the write.
      const stored = chatStore.put(conversation);
      await snapshot(null, conversation, settings);
      const problem = checkModelSettings(settings);
      if (problem) return finish(conversation, { type: 'error', step: 0, kind: 'bad_request', message: `${problem} Open the settings to fix it.`, retryable: false });

      const ctx = await humanCtx(services, tabId);
      void stored.catch(log.swallow('chat', 'Could not store the conversation as the turn began', 'error'));
      const history = text === undefined ? conversation.history : conversation.history.slice(0, -1);
      // Applied as sent, not as received: a snapshot never holds a delta that is still to come.
      const outgoing = createDeltaBatch((event) => {
        conversation.items = applyAgentEvent(conversation.items, event);
        if (event.type === 'draft_proposed') conversation.items = stampDrafts(conversation.items, homeOfConversation(conversation));
        post(key, { type: 'chat.event', key, event, sentAt: performance.timeOrigin + performance.now() });
        // Stored at step boundaries; the deltas between are in the next full message.
        if (event.type === 'assistant_message' || event.type === 'tool_call_finished') void chatStore.put(conversation);
      });
      flushOutgoing = outgoing.flush;
      const modelKey = JSON.stringify(settings);
      const result = await runChatTurn({
        services,
        settings,
        model: modelFor(settings),
        ctx,
        history,
        ...(text !== undefined ? { userText: text } : {}),
        signal: controller.signal,
        withoutTools: withoutTools.has(modelKey),
        ...(wire ? { onWire: wire.onWire } : {}),
        onToolsRefused: () => {
          outgoing.flush();
          withoutTools.add(modelKey);
          conversation.items = [...conversation.items, { id: itemId(), kind: 'notice', tone: 'info', text: NO_TOOLS_NOTICE }];
          void snapshot(null, conversation, settings);
        },
        onEvent: (event) => {
          // By kind only: a provider's message may quote what it was sent.
          if (event.type === 'error') log.warn('chat', `A model request failed (${event.kind})`);
          if (event.type === 'forbidden_call') void audit(forbiddenAttemptEntry(event, conversation.site ?? null, services.pages.get(tabId)?.ticket?.label ?? null));
          outgoing.push(event);
        },
      });
      conversation.history = [...history, ...result.messages];
      if ((action === 'summarize' || action === 'note') && result.outcome === 'stop') markCard(conversation, action === 'summarize' ? 'summary' : 'note');
    } finally {
      flushOutgoing();
      conversation.running = false;
      running.delete(key);
      // Live until stored: a load in between would read the last step's record, still marked
      // running, and take the ended turn for one cut off by a restart.
      await chatStore.put(conversation).finally(() => live.delete(key));
      await wire?.end().catch((e: unknown) => console.warn('Deskmate: could not store what was sent to the model', e));
      // The card an action's answer becomes is only known at the end: the sidebar gets it whole.
      if (action === 'summarize' || action === 'note') await snapshot(null, conversation);
    }
  }

  /** The turn's answer shows as a summary card (with Copy) or a note card. */
  function markCard(conversation: Conversation, card: 'summary' | 'note'): void {
    const at = conversation.items.findLastIndex((item) => item.kind === 'assistant');
    const answer = conversation.items[at];
    if (answer?.kind !== 'assistant') return;
    conversation.items = conversation.items.map((item, i) => (i === at ? { ...answer, card } : item));
  }

  async function finish(conversation: Conversation, event: AgentEvent): Promise<void> {
    conversation.items = applyAgentEvent(conversation.items, event);
    post(conversation.key, { type: 'chat.event', key: conversation.key, event, sentAt: Date.now() });
    post(conversation.key, { type: 'chat.event', key: conversation.key, event: { type: 'done', reason: 'error', steps: 0, usage: { promptTokens: 0, completionTokens: 0 } }, sentAt: Date.now() });
  }

  /** An answer's reply as a draft card right under it; once per answer, and never while a turn runs. */
  async function useAsDraft(tabId: number, answerId: string, text: string): Promise<void> {
    const conversation = await load(tabId);
    // The sidebar names items of its own making until the next snapshot: found by id, else by text.
    const byId = conversation.items.findIndex((item) => item.id === answerId);
    const at = byId >= 0 ? byId : conversation.items.findLastIndex((item) => item.kind === 'assistant' && item.text === text);
    const answer = conversation.items[at];
    if (conversation.running || answer?.kind !== 'assistant' || answer.streaming) return;
    const callId = `answer:${conversation.items[at]!.id}`;
    const body = draftFromAnswer(answer.text);
    if (!body || conversation.items.some((item) => item.kind === 'draft' && item.callId === callId)) return;
    // An answer from a turn that tried forbidden tools makes a draft that carries the warning.
    const warned = warningOfTurn(conversation.items, at)?.tools;
    const home = homeOfConversation(conversation);
    const draft = { id: itemId(), kind: 'draft' as const, callId, body, site: home.site, ticket: home.ticket, ...(warned ? { warned, acknowledged: false } : {}) };
    conversation.items = [...conversation.items.slice(0, at + 1), draft, ...conversation.items.slice(at + 1)];
    await chatStore.put(conversation);
    await snapshot(null, conversation);
  }

  const audit = (entry: Parameters<Services['audit']['append']>[0]) =>
    services.audit.append(entry).then(
      () => services.broadcast({ type: 'audit.changed' }),
      (e: unknown) => log.error('audit', 'Could not write an entry of the audit log', e),
    );

  /** The agent read the warning on a draft written under attack: recorded, then the draft can be used. */
  async function acknowledge(tabId: number, callId: string): Promise<void> {
    const conversation = await load(tabId);
    const at = conversation.items.findIndex((item) => item.kind === 'draft' && item.callId === callId);
    const draft = conversation.items[at];
    if (draft?.kind !== 'draft' || !draft.warned?.length || draft.acknowledged) return;
    conversation.items = conversation.items.map((item, i) => (i === at ? { ...draft, acknowledged: true } : item));
    await audit(acknowledgeEntry(draft, conversation.site ?? null, services.pages.get(tabId)?.ticket?.label ?? null));
    await chatStore.put(conversation);
    await snapshot(null, conversation);
  }

  /** The conversation stored under a key of this tab (a running turn's own copy first). */
  async function byKey(tabId: number, key: string): Promise<Conversation | undefined> {
    if (!key.startsWith(tabPrefix(tabId))) return undefined;
    return live.get(key) ?? (await chatStore.get(key));
  }

  /** The conversation of this tab that holds the draft: the current one first. */
  async function holding(tabId: number, callId: string): Promise<Conversation | undefined> {
    const current = await load(tabId);
    if (findDraft(current.items, callId)) return current;
    for (const key of await chatStore.keysOf(tabId)) {
      const other = key === current.key ? undefined : await byKey(tabId, key);
      if (other && findDraft(other.items, callId)) return other;
    }
    return undefined;
  }

  /** Changes one draft where it is kept, and stores it; read and written with no other change between. */
  const changeIn = (find: () => Promise<Conversation | undefined>, callId: string, change: Parameters<typeof changeDraft>[2]): Promise<void> =>
    drafts(async () => {
      const conversation = await find();
      const items = conversation && changeDraft(conversation.items, callId, change);
      if (!conversation || !items) return;
      conversation.items = items;
      await chatStore.put(conversation);
    });

  /** The agent edited a draft (debounced by the card): the edit is the draft's text from now on. */
  const edit = (tabId: number, key: string, callId: string, text: string): Promise<void> =>
    changeIn(() => byKey(tabId, key), callId, (draft) => withDraftText(draft, text));

  async function handle(port: ChatPort, message: ChatClientMessage): Promise<void> {
    const { tabId } = message;
    const key = await keyOf(tabId);
    switch (message.type) {
      case 'chat.open':
        for (const set of subscribers.values()) set.delete(port);
        if (!subscribers.has(key)) subscribers.set(key, new Set());
        subscribers.get(key)!.add(port);
        return snapshot(port, await load(tabId));
      case 'chat.send':
        return turn(tabId, message.text);
      case 'chat.retry':
        return turn(tabId, undefined);
      case 'chat.stop':
        running.get(key)?.abort();
        return;
      case 'chat.action':
        return turn(tabId, quickActionPrompt(message.action, message.draft), message.action);
      case 'chat.draft':
        return useAsDraft(tabId, message.itemId, message.text);
      case 'chat.ack':
        return acknowledge(tabId, message.callId);
      case 'chat.edit':
        return edit(tabId, message.key, message.callId, message.body);
      case 'chat.new':
        // Removed only after the stopped turn has stored itself, or it would come back.
        await stop([key]);
        await chatStore.remove(key);
        await outbound?.forget(key);
        return snapshot(null, await load(tabId));
    }
  }

  return {
    /** A message from a sidebar's port; anything malformed is answered with an error. */
    receive(port: ChatPort, message: unknown): void {
      const check = validChat(message);
      if (!check.ok) return port.postMessage({ type: 'chat.error', message: `Invalid chat message: ${check.message}` });
      handle(port, message as ChatClientMessage).catch((e: unknown) =>
        port.postMessage({ type: 'chat.error', message: e instanceof Error ? e.message : String(e) }),
      );
    },
    /**
     * A draft's button may be used on the ticket it was written for (elsewhere only on the
     * agent's explicit choice, `anyway`), and, if it was written in a turn that tried forbidden
     * tools, once the agent has acknowledged that. The text the button takes is stored as the
     * draft's text: what Send… confirms is what the draft keeps.
     */
    async draftGate(tabId: number, callId: string, use: { body?: string; anyway?: boolean } = {}): Promise<ToolResult | null> {
      if (callId.startsWith('note:')) {
        const items = (await load(tabId)).items;
        // A note card (`note:<answer id>`) written in such a turn has no acknowledgement: it is refused.
        const note = items.findIndex((item) => item.id === callId.slice(5));
        if (note >= 0 && warningOfTurn(items, note)) return fail('not_acknowledged', 'The assistant tried to use actions it is not allowed to use while writing this note. Write the note yourself.');
        return null;
      }
      const conversation = await holding(tabId, callId);
      const draft = conversation && findDraft(conversation.items, callId);
      const page = services.pages.get(tabId);
      const shown = { site: page?.origin ?? (await siteOf(tabId)), ticket: page?.ticket?.key ?? null };
      const elsewhere = elsewhereRefusal(draft && conversation ? homeOf(draft, conversation) : null, shown, use.anyway === true);
      if (elsewhere) return elsewhere;
      if (draft?.warned?.length && !draft.acknowledged) {
        return fail('not_acknowledged', 'The assistant tried to use actions it is not allowed to use while writing this draft. Acknowledge the warning on the draft first.');
      }
      if (conversation && typeof use.body === 'string') await changeIn(() => byKey(tabId, conversation.key), callId, (d) => withDraftText(d, use.body!));
      return null;
    },
    /** A draft's Send… opened (or showed again) this confirmation: the draft remembers it. */
    draftSent: (tabId: number, callId: string, confirmationId: string): Promise<void> =>
      changeIn(() => holding(tabId, callId), callId, (draft) => withSend(draft, confirmationId)),
    /** What the tab's conversation sent to the model and got back, turn by turn. */
    async outbound(tabId: number) {
      return outbound ? outbound.turns(await keyOf(tabId)) : [];
    },
    disconnect(port: ChatPort): void {
      for (const set of subscribers.values()) set.delete(port);
    },
    /** The tab closed: its conversations end. */
    async closeTab(tabId: number): Promise<void> {
      await stop([...running.keys()].filter((key) => key.startsWith(tabPrefix(tabId))));
      await chatStore.removeTab(tabId);
      await outbound?.forgetTab(tabPrefix(tabId));
    },
  };
}

export type ChatSessions = ReturnType<typeof createChatSessions>;
