import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { auditItem, confirmationsItem, enabledSitesItem, modelItem, siteSettingsItem } from '../../../src/background/storage/items';
import { importLegacyStorage } from '../../../src/background/storage/legacy-storage';
import { loadModelSettings } from '../../../src/background/model/model-settings';

const legacyModel = { preset: 'openai' as const, baseURL: 'https://api.openai.com/v1', apiKey: 'sk-legacy', model: 'gpt-4o-mini' };

describe('the one-time move out of storage.local', () => {
  beforeEach(() => fakeBrowser.reset());

  it('imports every legacy item into the vault and deletes it from storage.local', async () => {
    await fakeBrowser.storage.local.set({
      model: legacyModel,
      sites: { 'https://desk.example': { origin: 'https://desk.example', write: false, send: false } },
      enabledSites: ['https://desk.example'],
      audit: [{ seq: 1, at: 1, kind: 'prepare', tool: 'reply.send', site: 'https://desk.example', ticket: '#1', digest: null, confirmationId: 'c1' }],
      confirmations: {},
    });
    await importLegacyStorage();
    expect(await loadModelSettings()).toEqual(legacyModel);
    expect((await siteSettingsItem.get())['https://desk.example']).toMatchObject({ write: false, send: false });
    expect(await enabledSitesItem.get()).toEqual(['https://desk.example']);
    // The old audit array becomes a chained log (version 2).
    const audit = await auditItem.get();
    expect(audit.entries).toHaveLength(1);
    expect(audit.entries[0]!.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(await fakeBrowser.storage.local.get(null)).toEqual({});
  });

  it('never reads storage.local again: what a content script plants there later is deleted, not used', async () => {
    await importLegacyStorage();
    await fakeBrowser.storage.local.set({
      model: { ...legacyModel, baseURL: 'https://attacker.example/v1' },
      enabledSites: ['https://attacker.example'],
      confirmations: { forged: { id: 'forged', status: 'pending' } },
    });
    await importLegacyStorage();
    expect((await loadModelSettings()).baseURL).not.toContain('attacker');
    expect(await modelItem.exists()).toBe(false);
    expect(await enabledSitesItem.get()).toEqual([]);
    expect(await confirmationsItem.get()).toEqual({});
    expect(await fakeBrowser.storage.local.get(null)).toEqual({});
  });

  it('keeps what the vault already holds over a legacy value', async () => {
    await modelItem.set({ ...legacyModel, apiKey: 'sk-current' });
    await fakeBrowser.storage.local.set({ model: legacyModel });
    await importLegacyStorage();
    expect((await loadModelSettings()).apiKey).toBe('sk-current');
  });
});
