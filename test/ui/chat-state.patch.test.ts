import { describe, expect, it } from 'vitest';
import type { ChatItem } from '../../src/shared/chat-items';
import type { ChatServerMessage, ModelLabel } from '../../src/shared/chat-protocol';
import { chatReducer, EMPTY_CHAT, patchFits, type ChatState } from '../../src/ui/chat-state';

const MODEL: ModelLabel = { name: 'demo', demo: true, masked: false };
const KEY = 'chat:1:http://127.0.0.1:4517 7';
const item = (n: number): ChatItem => (n % 2 ? { id: `a${n}`, kind: 'assistant', text: `Answer ${n}.` } : { id: `u${n}`, kind: 'user', text: `Question ${n}?` });
const opened = (items: ChatItem[]): ChatState =>
  chatReducer(EMPTY_CHAT, { type: 'chat.snapshot', tabId: 1, key: KEY, home: { site: 'http://127.0.0.1:4517', ticket: '7' }, items, running: false, model: MODEL }, 1);
const patch = (from: number, items: ChatItem[], key = KEY): Extract<ChatServerMessage, { type: 'chat.patch' }> => ({ type: 'chat.patch', key, from, items, running: true, model: MODEL });

describe("a patch of the sidebar's conversation", () => {
  it('keeps every item before it as the same object, so their rows do not render again', () => {
    const state = opened(Array.from({ length: 200 }, (_, i) => item(i)));
    const next = chatReducer(state, patch(200, [{ id: 'u200', kind: 'user', text: 'One more?' }]), 1);
    expect(next.items).toHaveLength(201);
    expect(next.items.slice(0, 200).every((it, i) => it === state.items[i])).toBe(true);
    expect(next.items[200]).toMatchObject({ kind: 'user', text: 'One more?' });
    expect(next.running).toBe(true);
  });

  it('replaces what follows its start, and drops what the conversation no longer holds', () => {
    const state = opened([item(0), item(1), item(2), item(3)]);
    const next = chatReducer(state, patch(1, [{ id: 'a1', kind: 'assistant', text: 'Answer 1.', card: 'summary' }]), 1);
    expect(next.items.map((i) => i.id)).toEqual(['u0', 'a1']);
    expect(next.items[0]).toBe(state.items[0]);
    expect(next.items[1]).toMatchObject({ card: 'summary' });
  });

  it("is left alone when it is another conversation's, or starts past the items this copy holds", () => {
    const state = opened([item(0), item(1)]);
    expect(chatReducer(state, patch(2, [item(2)], 'chat:1:http://127.0.0.1:4517 8'), 1)).toBe(state);
    expect(patchFits(state, patch(3, [item(3)]))).toBe(false);
    expect(chatReducer(state, patch(3, [item(3)]), 1)).toBe(state);
    expect(chatReducer(EMPTY_CHAT, patch(0, [item(0)]), 1)).toBe(EMPTY_CHAT);
  });
});
