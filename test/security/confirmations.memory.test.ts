import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import type { ConfirmationRecord, ToolResult } from '../../src/core';
import { createServices } from '../../src/background/host';
import { confirmationsItem } from '../../src/background/storage/items';
import type { Sender } from '../../src/background/router';
import { createStorageConfirmationStore } from '../../src/background/confirm/storage-confirmation-store';
import { forgetVaultConnection, vault } from '../../src/background/storage/vault';
import { fakeHelpdesk } from '../fakes/fake-adapter';
import { createFakeTabs } from '../fakes/fake-tabs';
import { draftsOf, proposingModel } from '../fakes/draft-model';
import { attack } from './attack';

/**
 * The background keeps the confirmations in memory as well (every announce and every view
 * lists them). Memory must never decide a send: a claim goes by what is stored, is stored
 * before anything is delivered, and a worker started again goes by storage. The stale copy
 * these attacks plant is another worker's memory (two services over one vault), the one way a
 * copy could ever be older than storage.
 */
const A = 'http://127.0.0.1:4517';
const sidebar: Sender = { kind: 'extension', url: 'chrome-extension://x/sidepanel.html' };

/** One worker: its own services (and memory) over the shared vault, its own view of the tabs. */
async function worker(tabs = createFakeTabs()) {
  const { services, handlers, chat } = await createServices([fakeHelpdesk], tabs.send, proposingModel);
  const chats = draftsOf(chat);
  tabs.tabs.set(1, { origin: A, ticket: '#7' });
  await handlers['page.announce']({ type: 'page.announce', adapterId: 'fake-helpdesk', url: `${A}/tickets/7`, ticket: { key: '7', label: '#7' } }, tabs.senderOf(1));
  const prepare = async (body: string) => {
    const { callId } = await chats.draft(1, body);
    return ((await handlers['tool.invoke']({ type: 'tool.invoke', tabId: 1, tool: 'reply.send', input: { body }, draft: callId }, sidebar)) as Required<Pick<ToolResult, 'confirmation'>>).confirmation;
  };
  const accept = (c: { id: string; digest: string }) => handlers['confirm.accept']({ type: 'confirm.accept', tabId: 1, ...c }, sidebar);
  const view = () => handlers['view.get']({ type: 'view.get', tabId: 1 }, sidebar);
  return { tabs, services, handlers, prepare, accept, view };
}

const stored = async (id: string) => (await confirmationsItem.get())[id];

describe('confirmations kept in memory', () => {
  beforeEach(() => fakeBrowser.reset());
  afterEach(() => vi.restoreAllMocks());

  attack('a confirm replayed after the worker started again is refused', async () => {
    const tabs = createFakeTabs();
    const first = await worker(tabs);
    const c = await first.prepare('Your refund is on its way.');
    expect(await first.accept(c)).toMatchObject({ ok: true });
    expect(tabs.delivered).toHaveLength(1);
    const again = await worker(tabs);
    expect((await again.view()).pending).toEqual([]);
    expect(await again.accept(c)).toMatchObject({ ok: false, code: 'already_used' });
    expect(tabs.delivered).toHaveLength(1);
  });

  attack('a confirm of a send that memory still holds pending, but storage says was used, delivers nothing', async () => {
    const tabs = createFakeTabs();
    const stale = await worker(tabs);
    const c = await stale.prepare('Your refund is on its way.');
    expect((await stale.view()).pending.map((r: ConfirmationRecord) => r.id)).toEqual([c.id]);
    // Another worker over the same storage confirms it: this one's memory still says pending.
    expect(await (await worker(tabs)).accept(c)).toMatchObject({ ok: true });
    expect(tabs.delivered).toHaveLength(1);
    expect((await stale.services.store.list()).find((r) => r.id === c.id)?.status).toBe('pending');
    expect(await stale.accept(c)).toMatchObject({ ok: false, code: 'already_used' });
    expect(await stale.services.registry.confirm(c.id, c.digest, { scope: A, tabId: 1, flags: { 'page.send': true } })).toMatchObject({ ok: false });
    expect(tabs.delivered).toHaveLength(1);
  });

  attack('a claim that memory holds pending, but storage says was used, is refused', async () => {
    const store = createStorageConfirmationStore();
    const record = await (async () => {
      const h = await worker();
      return { ...(await stored((await h.prepare('Hello')).id))!, status: 'pending' as const };
    })();
    await store.put(record);
    expect((await store.list()).map((r) => r.status)).toEqual(['pending']);
    await confirmationsItem.update((all) => ({ value: { ...all, [record.id]: { ...record, status: 'used', usedAt: 1 } }, result: null }));
    expect(await store.markUsed(record.id, 2)).toBe(false);
    expect(await store.get(record.id)).toMatchObject({ status: 'used', usedAt: 1 });
  });

  attack('the claim is in storage before the page is asked to deliver', async () => {
    const h = await worker();
    const c = await h.prepare('Your refund is on its way.');
    let seen: { stored?: string; secondClaim?: boolean } = {};
    h.tabs.tabs.get(1)!.deliver = async () => {
      seen = { stored: (await stored(c.id))?.status, secondClaim: await createStorageConfirmationStore().markUsed(c.id, Date.now()) };
      return { ok: true, data: { posted: true } };
    };
    expect(await h.accept(c)).toMatchObject({ ok: true });
    expect(seen).toEqual({ stored: 'used', secondClaim: false });
  });

  attack('a claim that storage fails to write delivers nothing, and memory does not say otherwise', async () => {
    const h = await worker();
    const c = await h.prepare('Your refund is on its way.');
    const set = vault.set.bind(vault);
    vi.spyOn(vault, 'set').mockImplementation(async (key, value) => {
      if (key === confirmationsItem.key && (value as { value: Record<string, ConfirmationRecord> }).value[c.id]?.status === 'used') throw new Error('QuotaExceededError');
      return set(key, value);
    });
    expect(await h.accept(c)).toMatchObject({ ok: false });
    expect(h.tabs.delivered).toEqual([]);
    expect((await h.view()).pending.map((r: ConfirmationRecord) => r.id)).toEqual([c.id]);
    expect(await stored(c.id)).toMatchObject({ status: 'pending' });
  });

  it('keeps what it read only for the vault it was read from: a worker started again lists what is stored', async () => {
    const store = createStorageConfirmationStore();
    const at = Date.now();
    await store.put({ id: 'a', tool: 'reply.send', payload: { body: 'Hi' }, digest: 'd', ctx: { tabId: 1 }, createdAt: at, expiresAt: at + 60_000, status: 'pending' });
    expect((await store.list()).map((r) => r.status)).toEqual(['pending']);
    // Used past this store's memory (another worker); then the vault is opened anew, as after a restart.
    await confirmationsItem.update((all) => ({ value: { ...all, a: { ...all.a!, status: 'used', usedAt: at } }, result: null }));
    forgetVaultConnection();
    expect((await store.list()).map((r) => r.status)).toEqual(['used']);
  });

  it('a listed record cannot be changed by whoever listed it', async () => {
    const h = await worker();
    const c = await h.prepare('Hello');
    const [listed] = await h.services.store.list();
    expect(() => Object.assign(listed!, { status: 'used' })).toThrow(TypeError);
    expect(() => Object.assign(listed!.payload as object, { body: 'changed' })).toThrow(TypeError);
    expect((await h.services.store.list())[0]).toMatchObject({ status: 'pending', payload: { body: 'Hello' } });
    expect(await stored(c.id)).toMatchObject({ status: 'pending', payload: { body: 'Hello' } });
  });

  it('the view shows a confirm, a cancel and an outcome at once, and so does a worker started again', async () => {
    const tabs = createFakeTabs();
    const h = await worker(tabs);
    const sent = await h.prepare('One');
    const cancelled = await h.prepare('Two');
    expect((await h.view()).pending.map((r: ConfirmationRecord) => r.id).sort()).toEqual([sent.id, cancelled.id].sort());
    await h.accept(sent);
    await h.handlers['confirm.cancel']({ type: 'confirm.cancel', id: cancelled.id }, sidebar);
    const view = await h.view();
    expect(view.pending).toEqual([]);
    expect(view.sent.map((r: ConfirmationRecord) => r.id)).toEqual([sent.id]);
    expect(await (await worker(tabs)).view()).toMatchObject({ pending: [], sent: [{ id: sent.id }] });
  });
});
