import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { chatStore, type Conversation } from '../../../src/background/chat/chat-store';

let n = 0;
function conversation(): Conversation {
  n++;
  return { key: `chat:1:${n}`, tabId: 1, ticketKey: String(n), history: [], items: [], running: false, updatedAt: 0 };
}

function recordWrites() {
  const writes: string[][] = [];
  const set = fakeBrowser.storage.session.set.bind(fakeBrowser.storage.session);
  vi.spyOn(fakeBrowser.storage.session, 'set').mockImplementation(async (items) => {
    writes.push(Object.keys(items).sort());
    return set(items);
  });
  return writes;
}

describe('the conversations in storage', () => {
  beforeEach(() => {
    vi.restoreAllMocks();
    fakeBrowser.reset();
  });

  it('writes only the messages and items a step added or changed, with the head', async () => {
    const c = conversation();
    c.history.push({ role: 'user', content: 'hi' }, { role: 'assistant', content: 'Hello.' });
    c.items.push({ id: 'a', kind: 'user', text: 'hi' }, { id: 'b', kind: 'tool', callId: 'c1', tool: 'ticket.read', status: 'running' });
    await chatStore.put(c);
    const writes = recordWrites();
    c.history.push({ role: 'user', content: 'and?' });
    c.items[1] = { id: 'b', kind: 'tool', callId: 'c1', tool: 'ticket.read', status: 'ok' };
    await chatStore.put(c);
    expect(writes).toEqual([[c.key, `${c.key}#h2`, `${c.key}#i1`].sort()]);
  });

  it('reads back what was stored, as a copy', async () => {
    const c = conversation();
    c.history.push({ role: 'user', content: 'hi' });
    c.items.push({ id: 'a', kind: 'user', text: 'hi' });
    c.running = true;
    await chatStore.put(c);
    const back = await chatStore.get(c.key);
    expect(back).toMatchObject({ key: c.key, history: c.history, items: c.items, running: true });
    expect(back!.history[0]).not.toBe(c.history[0]);
  });

  it('drops the records past a list that got shorter (a retry pops the answer)', async () => {
    const c = conversation();
    c.history.push({ role: 'user', content: 'q' }, { role: 'assistant', content: 'a' });
    await chatStore.put(c);
    c.history.pop();
    await chatStore.put(c);
    expect((await chatStore.get(c.key))!.history).toEqual([{ role: 'user', content: 'q' }]);
    expect(await fakeBrowser.storage.session.get(`${c.key}#h1`)).toEqual({});
  });

  it('writes an item replaced by its changed copy (items are never changed in place), and no other of a long conversation', async () => {
    const c = conversation();
    for (let i = 0; i < 300; i++) c.items.push({ id: `u${i}`, kind: 'user', text: `question ${i}` });
    c.items.push({ id: 'd', kind: 'draft', callId: 'c1', body: 'first' });
    await chatStore.put(c);
    const writes = recordWrites();
    c.items = c.items.map((item) => (item.kind === 'draft' ? { ...item, body: 'edited' } : item));
    await chatStore.put(c);
    expect(writes).toEqual([[c.key, `${c.key}#i300`].sort()]);
    expect((await chatStore.get(c.key))!.items[300]).toMatchObject({ body: 'edited' });
  });

  it('removes a conversation with all its records, and a closed tab with all its conversations', async () => {
    const a = conversation();
    a.history.push({ role: 'user', content: 'x' });
    await chatStore.put(a);
    await chatStore.remove(a.key);
    expect(Object.keys(await fakeBrowser.storage.session.get(null))).toEqual([]);
    const b = conversation();
    const c = { ...conversation(), key: 'chat:2:9', tabId: 2 };
    b.items.push({ id: 'x', kind: 'user', text: 'y' });
    await chatStore.put(b);
    await chatStore.put(c);
    await chatStore.removeTab(1);
    expect(Object.keys(await fakeBrowser.storage.session.get(null))).toEqual(['chat:2:9']);
  });
});
