import { quickActionPrompt, type AgentEvent, type ChatModel, type QuickAction } from '../core';
import { createInputValidator } from '../core/validation';
import { applyAgentEvent, itemId, stampDrafts, withAnswerCard, withInterruption } from '../shared/chat-items';
import { createSubscribers } from './chat-subscribers';
import { forbiddenAttemptEntry } from './attempt-audit';
import { homeOfConversation } from './chat-drafts';
import { createDraftKeeper } from './draft-keeper';
import { chatStore, conversationKey, tabPrefix, type Conversation } from './chat-store';
import { createSerial } from './serial';
import { createDeltaBatch } from './delta-batch';
import { NO_TOOLS_NOTICE, runChatTurn } from './chat-turn';
import { checkModelSettings, DEMO_MODEL_ID, loadModelSettings, type ModelSettings } from './model-settings';
import { CHAT_SCHEMA, type ChatClientMessage, type ChatServerMessage } from '../shared/chat-protocol';
import { humanCtx, type Services } from './services';
import type { OutboundLog } from './outbound-log';
import { log } from './logger';

export interface ChatPort {
  postMessage(message: ChatServerMessage): void;
}

export type CreateModel = (settings: ModelSettings) => ChatModel;

const validChat = createInputValidator(CHAT_SCHEMA);

/**
 * Runs the chat of each tab and ticket. Every sidebar port gets a snapshot, then each agent
 * event as it happens. The conversation is stored at each step, so a restarted worker can
 * show it again; a turn cut off by a restart is marked interrupted and can be retried.
 */
export function createChatSessions(services: Services, createModel: CreateModel, outbound?: OutboundLog) {
  const running = new Map<string, AbortController>();
  /** Each running turn, to wait for: a stopped turn stores its conversation as it ends. */
  const turns = new Map<string, Promise<void>>();
  const subscribers = createSubscribers<ChatServerMessage>();
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
  /** The site is the announced page's, else the tab's own origin: a page no adapter serves is still some site's. */
  const siteOf = async (tabId: number): Promise<string | null> =>
    services.pages.get(tabId)?.origin ?? (await services.accessOf(tabId).catch(() => null))?.origin ?? null;
  const keyOf = async (tabId: number) => conversationKey(tabId, await siteOf(tabId), services.pages.get(tabId)?.ticket?.key ?? null);
  const post = (key: string, message: ChatServerMessage) => subscribers.post(key, message);

  async function load(tabId: number): Promise<Conversation> {
    const key = await keyOf(tabId);
    const current = live.get(key);
    if (current) return current;
    const stored = await chatStore.get(key);
    const conversation = stored ?? { key, tabId, site: await siteOf(tabId), ticketKey: services.pages.get(tabId)?.ticket?.key ?? null, history: [], items: [], running: false, updatedAt: 0 };
    if (conversation.running && !running.has(key)) {
      conversation.running = false;
      conversation.items = withInterruption(conversation.items);
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
      if ((action === 'summarize' || action === 'note') && result.outcome === 'stop') conversation.items = withAnswerCard(conversation.items, action === 'summarize' ? 'summary' : 'note');
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

  async function finish(conversation: Conversation, event: AgentEvent): Promise<void> {
    conversation.items = applyAgentEvent(conversation.items, event);
    post(conversation.key, { type: 'chat.event', key: conversation.key, event, sentAt: Date.now() });
    post(conversation.key, { type: 'chat.event', key: conversation.key, event: { type: 'done', reason: 'error', steps: 0, usage: { promptTokens: 0, completionTokens: 0 } }, sentAt: Date.now() });
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
    return live.get(key) ?? (await chatStore.get(key));
  }

  const drafts = createDraftKeeper({ services, load, byKey, snapshot, siteOf, audit });

  async function handle(port: ChatPort, message: ChatClientMessage): Promise<void> {
    const { tabId } = message;
    const key = await keyOf(tabId);
    switch (message.type) {
      case 'chat.open':
        subscribers.follow(key, port);
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
        return drafts.useAsDraft(tabId, message.itemId, message.text);
      case 'chat.ack':
        return drafts.acknowledge(tabId, message.callId);
      case 'chat.edit':
        return drafts.edit(tabId, message.key, message.callId, message.body);
      case 'chat.new':
        // Removed only after the stopped turn has stored itself, or it would come back.
        await stop([key]);
        await chatStore.remove(key);
        await outbound?.forget(key);
        return snapshot(null, await load(tabId));
    }
  }

  return {
    /**
     * A message from a sidebar's port; anything malformed is answered with an error. Resolves
     * (never rejects) once it was handled: a turn when it ended and was stored.
     */
    receive(port: ChatPort, message: unknown): Promise<void> {
      const check = validChat(message);
      if (!check.ok) return Promise.resolve(port.postMessage({ type: 'chat.error', message: `Invalid chat message: ${check.message}` }));
      return handle(port, message as ChatClientMessage).catch((e: unknown) =>
        port.postMessage({ type: 'chat.error', message: e instanceof Error ? e.message : String(e) }),
      );
    },
    /** See `DraftKeeper.gate`: whether a draft's button may be used now. */
    draftGate: drafts.gate,
    /** A draft's Send… opened (or showed again) this confirmation: the draft remembers it. */
    draftSent: drafts.sent,
    /** What the tab's conversation sent to the model and got back, turn by turn. */
    async outbound(tabId: number) {
      return outbound ? outbound.turns(await keyOf(tabId)) : [];
    },
    disconnect(port: ChatPort): void {
      subscribers.drop(port);
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
