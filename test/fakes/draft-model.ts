import type { ChatModel, ModelEvent, ModelRequest } from '../../src/core';
import type { ChatPort, ChatSessions } from '../../src/background/chat/chat-session';
import type { DraftItem } from '../../src/shared/chat-items';
import type { ChatServerMessage } from '../../src/shared/chat-protocol';
import { answer, call, finish } from './scripted-model';
import { asSidebarSends } from './shown-key';

/** What the agent types to have the model propose `body` as the ticket's draft. */
export const PROPOSE = 'Propose exactly: ';

/**
 * A model that proposes as the draft whatever follows PROPOSE in the agent's message (a
 * `reply__propose` call, then a short answer once its result is in), and answers anything else
 * in words. Each proposal's call id counts up: p1, p2, …
 */
export function proposingModel(): ChatModel & { proposals: number; note: string } {
  const model = {
    proposals: 0,
    /** What the Note action's answer says (it becomes the ticket's note draft). */
    note: 'Internal: refund approved.',
    stream(request: ModelRequest): AsyncIterable<ModelEvent> {
      const last = request.messages.at(-1);
      const asked = typeof last?.content === 'string' ? last.content : '';
      const events: ModelEvent[] =
        last?.role === 'user' && asked.includes(PROPOSE)
          ? [call(0, `p${++model.proposals}`, 'reply__propose', { body: proposalIn(asked) }), finish('tool_calls')]
          : last?.role === 'user' && asked.startsWith('Quick action: note.')
            ? answer(model.note)
            : answer('Done.');
      return (async function* () {
        yield* events;
      })();
    },
  };
  return model;
}

/** The text after PROPOSE, up to the end of a quoted current draft (a rewrite's request) if any. */
const proposalIn = (asked: string): string => asked.slice(asked.indexOf(PROPOSE) + PROPOSE.length).split('\n"""')[0]!;

/**
 * The sidebar's chat with a background built with `proposingModel`: `draft(tabId, body)` has the
 * model propose `body` as the ticket's draft in that tab and returns the draft as kept.
 */
export function draftsOf(chat: ChatSessions) {
  const messages: ChatServerMessage[] = [];
  const port: ChatPort = { postMessage: (m) => void messages.push(structuredClone(m)) };
  const say = async (message: unknown) => chat.receive(port, await asSidebarSends(chat, message));
  const snapshot = async (tabId: number) => {
    await say({ type: 'chat.open', tabId });
    return messages.filter((m): m is Extract<ChatServerMessage, { type: 'chat.snapshot' }> => m.type === 'chat.snapshot' && m.tabId === tabId).at(-1)!;
  };
  const draftIn = async (tabId: number, note = false): Promise<DraftItem | undefined> =>
    (await snapshot(tabId)).items.findLast((i): i is DraftItem => i.kind === 'draft' && (i.audience === 'note') === note);
  return {
    say,
    snapshot,
    draftIn,
    /** The Note action in that tab, its answer the model's `note`: the ticket's note draft. */
    async note(tabId: number): Promise<DraftItem> {
      await say({ type: 'chat.open', tabId });
      await say({ type: 'chat.action', tabId, action: 'note' });
      const draft = await draftIn(tabId, true);
      if (!draft) throw new Error(`no note draft in tab ${tabId}`);
      return draft;
    },
    async draft(tabId: number, body: string): Promise<DraftItem> {
      await say({ type: 'chat.open', tabId });
      await say({ type: 'chat.send', tabId, text: `${PROPOSE}${body}` });
      const draft = await draftIn(tabId);
      if (!draft || draft.body !== body) throw new Error(`no draft "${body}" in tab ${tabId}: ${JSON.stringify(draft)}`);
      return draft;
    },
  };
}
