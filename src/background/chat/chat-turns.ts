import type { AgentEvent, ChatModel, QuickAction } from '../../core';
import { applyAgentEvent, itemId, stampDrafts, withAnswerCard, withNoteDraft, type ChatItem } from '../../shared/chat-items';
import type { ChatServerMessage } from '../../shared/chat-protocol';
import { POLICY_UNREADABLE } from '../../shared/policy';
import { runsUnderPolicy } from '../../shared/policy-merge';
import { forbiddenAttemptEntry } from './attempt-audit';
import { homeOfConversation } from './chat-drafts';
import type { Conversation } from './chat-store';
import type { KeptConversations } from './kept-conversations';
import { NO_TOOLS_NOTICE, runChatTurn } from './chat-turn';
import { createDeltaBatch, createStepDefer } from './delta-batch';
import { managedPolicy } from '../access/policy';
import { log } from '../diagnostics/logger';
import { checkModelSettings, loadModelSettings, type ModelSettings } from '../model/model-settings';
import type { OutboundLog } from '../model/outbound-log';
import { humanCtx, type Services } from '../services';

export type CreateModel = (settings: ModelSettings) => ChatModel;

/**
 * What an action's answer becomes: a summary card, a translation of the ticket for the agent
 * (no "Use as draft": the customer's own words), or the ticket's internal-note draft.
 */
function answerShown(conversation: Conversation, action: QuickAction | undefined) {
  if (action === 'summarize') return withAnswerCard(conversation.items, 'summary');
  if (action === 'translate') return withAnswerCard(conversation.items, 'translation');
  if (action === 'note') return withNoteDraft(conversation.items, homeOfConversation(conversation));
  return conversation.items;
}

/** What the turns need of the chat sessions around them. */
export interface TurnHost {
  services: Services;
  createModel: CreateModel;
  outbound?: OutboundLog;
  /** Where the conversations are kept (and stored). */
  store: KeptConversations;
  keyOf(tabId: number): Promise<string>;
  /** The tab's conversation: a running turn's own copy, else the stored one. */
  load(tabId: number): Promise<Conversation>;
  /** Sends what changed of the conversation (from `from` on at the latest) to every sidebar that follows it. */
  snapshot(conversation: Conversation, settings?: ModelSettings, from?: number): Promise<void>;
  /** `items`: the conversation's items as the sidebars hold them once they applied the message. */
  post(key: string, message: ChatServerMessage, items?: readonly ChatItem[]): void;
  audit(entry: Parameters<Services['audit']['append']>[0]): Promise<void>;
}

/**
 * The lifecycle of chat turns: one at a time per conversation, stoppable, and stored at each
 * step boundary, so a worker stopped mid-turn still has the conversation up to its last step.
 */
export function createChatTurns(host: TurnHost) {
  const running = new Map<string, AbortController>();
  /** Each running turn, to wait for: a stopped turn stores its conversation as it ends. */
  const turns = new Map<string, Promise<boolean>>();
  /** The conversation of each running turn: newer than storage, which is written per step. */
  const live = new Map<string, Conversation>();
  /** Counts each turn's start and end: a read that spans a change may be older than what was posted. */
  let changes = 0;
  /** Model settings whose model refused to be offered tools: asked in context mode. */
  const withoutTools = new Set<string>();
  /** One client per model setting: building the SDK client is not free, and turns are many. */
  let model: { key: string; model: ChatModel } | undefined;
  const modelFor = (settings: ModelSettings): ChatModel => {
    const key = JSON.stringify(settings);
    if (model?.key !== key) model = { key, model: host.createModel(settings) };
    return model.model;
  };

  /**
   * A turn in the tab's conversation, if that is still `shown`, the conversation the agent gave
   * it in. False: the tab has moved to another ticket or page since, and nothing ran.
   */
  async function turn(tabId: number, shown: string, text: string | undefined, action?: QuickAction): Promise<boolean> {
    const key = await host.keyOf(tabId);
    if (key !== shown) return false;
    // No await between the check and the set: two sends cannot both start a turn.
    const current = turns.get(key);
    if (current) return current.then(() => true); // one turn at a time: a send while one runs is dropped
    const done = runTurn(tabId, shown, text, action).finally(() => turns.delete(key));
    turns.set(key, done);
    return done;
  }

  /** Stops the turns of these conversations and waits until they have stored their last state. */
  async function stop(keys: string[]): Promise<void> {
    for (const key of keys) running.get(key)?.abort();
    await Promise.all(keys.map((key) => turns.get(key)?.catch(log.swallow('chat', 'A stopped turn ended with an error', 'info'))));
  }

  async function runTurn(tabId: number, shown: string, text: string | undefined, action?: QuickAction): Promise<boolean> {
    const conversation = await host.load(tabId);
    // The page changed while the conversation was read.
    if (conversation.key !== shown) return false;
    if (conversation.running) return true;
    const key = conversation.key;
    // Read together: the first request waits for both.
    const [settings, ctx] = await Promise.all([loadModelSettings(), humanCtx(host.services, tabId)]);
    const controller = new AbortController();
    let flushOutgoing = () => undefined as void;
    // Each step is stored once the next request is on its way: the write (and its copy of the
    // conversation) does not delay the request. A stopped worker still has every step but the
    // one that just ended, whose request had not left yet; the turn's end is stored before done.
    let storeSoon: ReturnType<typeof setTimeout> | undefined;
    const storeStep = () => {
      storeSoon ??= setTimeout(() => {
        storeSoon = undefined;
        host.store.put(conversation).catch(log.swallow('chat', 'Could not store a step of the turn', 'error'));
      }, 0);
    };
    // What this turn sends to the model and gets back, for "What left the browser".
    const wire = host.outbound?.startTurn(key);
    running.set(key, controller);
    live.set(key, conversation);
    changes += 1;
    // Where this turn's items start: its end sends them again with the background's ids.
    const turnStart = conversation.items.length;
    try {
      if (text !== undefined) {
        // A new list, not pushed onto the old one: the sidebars' copy is known by identity.
        conversation.items = [...conversation.items, { id: itemId(), kind: 'user', text, ...(action ? { action } : {}) }];
        conversation.history.push({ role: 'user', content: text });
      } else {
        // Retry: answer again from the last complete message.
        while (conversation.history.at(-1)?.role === 'assistant') conversation.history.pop();
      }
      conversation.running = true;
      // Stored while the model is asked, not before: the turn need not wait for the write.
      storeStep();
      await host.snapshot(conversation, settings);
      // A policy that is there but unreadable lets no request leave (policy.ts fails closed).
      if (!runsUnderPolicy(await managedPolicy.get())) return finish(conversation, { type: 'error', step: 0, kind: 'bad_request', message: POLICY_UNREADABLE, retryable: false }).then(() => true);
      const problem = checkModelSettings(settings);
      if (problem) return finish(conversation, { type: 'error', step: 0, kind: 'bad_request', message: `${problem} Open the settings to fix it.`, retryable: false }).then(() => true);

      const history = text === undefined ? conversation.history : conversation.history.slice(0, -1);
      // Applied as sent, not as received: a snapshot never holds a delta that is still to come.
      // The events between two requests are sent once the next request has left (createStepDefer).
      const deferred = createStepDefer((event) => {
        const before = conversation.items;
        conversation.items = applyAgentEvent(conversation.items, event);
        if (event.type === 'draft_proposed') conversation.items = stampDrafts(conversation.items, homeOfConversation(conversation));
        // Not posted when it changes nothing the sidebar shows (a step's start, a message of tool
        // calls only): the sidebar would apply it to the same items, one port message and task the less.
        if (conversation.items !== before || event.type === 'done') host.post(key, { type: 'chat.event', key, event, sentAt: performance.timeOrigin + performance.now() }, conversation.items);
        // Stored at step boundaries; the deltas between are in the next full message.
        if (event.type === 'assistant_message' || event.type === 'tool_call_finished') storeStep();
      });
      const outgoing = createDeltaBatch(deferred.send);
      flushOutgoing = () => {
        outgoing.flush();
        deferred.flush();
      };
      const modelKey = JSON.stringify(settings);
      const result = await runChatTurn({
        services: host.services,
        settings,
        model: modelFor(settings),
        ctx,
        history,
        ...(text !== undefined ? { userText: text } : {}),
        signal: controller.signal,
        withoutTools: withoutTools.has(modelKey),
        ...(wire ? { onWire: wire.onWire } : {}),
        onToolsRefused: () => {
          flushOutgoing();
          withoutTools.add(modelKey);
          conversation.items = [...conversation.items, { id: itemId(), kind: 'notice', tone: 'info', text: NO_TOOLS_NOTICE }];
          void host.snapshot(conversation, settings);
        },
        onEvent: (event) => {
          // By kind only: a provider's message may quote what it was sent.
          if (event.type === 'error') log.warn('chat', `A model request failed (${event.kind})`);
          if (event.type === 'forbidden_call') void host.audit(forbiddenAttemptEntry(event, conversation.site ?? null, host.services.pages.get(tabId)?.ticket?.label ?? null));
          outgoing.push(event);
        },
      });
      // Every held event is in the items before the answer's card is marked on them.
      flushOutgoing();
      conversation.history = [...history, ...result.messages];
      if (result.outcome === 'stop') conversation.items = answerShown(conversation, action);
    } finally {
      flushOutgoing();
      clearTimeout(storeSoon); // the put below stores all of it
      conversation.running = false;
      running.delete(key);
      // Live until stored: a load in between would read the last step's record, still marked
      // running, and take the ended turn for one cut off by a restart.
      await host.store.put(conversation).finally(() => {
        live.delete(key);
        changes += 1;
      });
      await wire?.end().catch((e: unknown) => console.warn('Deskmate: could not store what was sent to the model', e));
      // The turn's items once more, as stored: with the background's ids (the sidebar made its own
      // as it applied the events) and the card an action's answer becomes, known only at the end.
      await host.snapshot(conversation, settings, turnStart);
    }
    return true;
  }

  async function finish(conversation: Conversation, event: AgentEvent): Promise<void> {
    const done: AgentEvent = { type: 'done', reason: 'error', steps: 0, usage: { promptTokens: 0, completionTokens: 0 } };
    for (const each of [event, done]) {
      // Applied here as the sidebar applies it: both sides hold the same items.
      conversation.items = applyAgentEvent(conversation.items, each);
      host.post(conversation.key, { type: 'chat.event', key: conversation.key, event: each, sentAt: Date.now() }, conversation.items);
    }
  }

  return {
    turn,
    stop,
    /** Stops the conversation's turn (the agent clicked Stop); it stores itself as it ends. */
    abort: (key: string): void => running.get(key)?.abort(),
    isRunning: (key: string): boolean => running.has(key),
    /** The keys of the conversations whose turn runs now. */
    runningKeys: (): string[] => [...running.keys()],
    /** A running turn's own copy of its conversation. */
    live: (key: string): Conversation | undefined => live.get(key),
    /** Changes whenever a turn starts or ends, in any conversation. */
    generation: (): number => changes,
  };
}
