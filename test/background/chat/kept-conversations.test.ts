import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { chatStore, type Conversation } from '../../../src/background/chat/chat-store';
import { createKeptConversations } from '../../../src/background/chat/kept-conversations';

let n = 0;
function conversation(): Conversation {
  n++;
  return { key: `chat:1:k${n}`, tabId: 1, ticketKey: String(n), history: [], items: [], running: false, updatedAt: 0 };
}

/** Counts the reads that reach storage.session. */
function countReads() {
  const area = fakeBrowser.storage.session;
  const read = area.get.bind(area);
  const reads = { n: 0 };
  vi.spyOn(area, 'get').mockImplementation(async (keys) => (reads.n++, read(keys)));
  return reads;
}

describe('the conversations a worker keeps in memory', () => {
  beforeEach(() => {
    vi.restoreAllMocks();
    fakeBrowser.reset();
  });

  it('answers a read of what it wrote, or read once, without storage', async () => {
    const kept = createKeptConversations();
    const c = conversation();
    c.items.push({ id: 'u', kind: 'user', text: 'hi' });
    await kept.put(c);
    const reads = countReads();
    expect(await kept.get(c.key)).toBe(c);
    // Read once and absent: known to be absent.
    expect(await kept.get('chat:1:none')).toBeUndefined();
    expect(await kept.get('chat:1:none')).toBeUndefined();
    expect(reads.n).toBe(1);
  });

  it('writes every change through: a restarted worker (nothing kept) reads it from storage', async () => {
    const c = conversation();
    c.items.push({ id: 'u', kind: 'user', text: 'hi' });
    await createKeptConversations().put(c);
    const restarted = createKeptConversations();
    const reads = countReads();
    expect((await restarted.get(c.key))?.items).toEqual(c.items);
    expect(reads.n).toBeGreaterThan(0);
  });

  it('knows a removed conversation is gone, in memory and in storage', async () => {
    const kept = createKeptConversations();
    const c = conversation();
    await kept.put(c);
    await kept.remove(c.key);
    expect(await kept.get(c.key)).toBeUndefined();
    expect(await chatStore.get(c.key)).toBeUndefined();
    const other = { ...conversation(), key: 'chat:1:other' };
    await kept.put(other);
    await kept.removeTab(1);
    expect(await kept.get(other.key)).toBeUndefined();
    expect(await createKeptConversations().get(other.key)).toBeUndefined();
  });

  it('forgets a conversation whose write failed: the next read asks storage what is true', async () => {
    const kept = createKeptConversations();
    const c = conversation();
    await kept.put(c);
    c.items.push({ id: 'u', kind: 'user', text: 'not stored' });
    vi.spyOn(fakeBrowser.storage.session, 'set').mockRejectedValueOnce(new Error('quota'));
    await expect(kept.put(c)).rejects.toThrow('quota');
    expect((await kept.get(c.key))?.items).toEqual([]);
  });

  it('keeps a write made while storage was being read, not the older read', async () => {
    const kept = createKeptConversations();
    const c = conversation();
    await chatStore.put({ ...c, items: [{ id: 'old', kind: 'user', text: 'old' }] });
    const reading = kept.get(c.key);
    const newer = { ...c, items: [{ id: 'new', kind: 'user' as const, text: 'new' }] };
    await kept.put(newer);
    await reading;
    expect(await kept.get(c.key)).toBe(newer);
  });
});
