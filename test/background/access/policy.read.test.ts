import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { managedPolicy, watchManagedPolicy } from '../../../src/background/access/policy';
import { NO_POLICY } from '../../../src/shared/policy';

describe('reading the organisation’s policy from managed storage', () => {
  beforeEach(() => fakeBrowser.reset());

  it('is no policy when the browser throws for want of one (Firefox without a policies.json entry)', async () => {
    const managed = fakeBrowser.storage.managed as unknown as { get: unknown };
    const get = managed.get;
    managed.get = async () => {
      throw new Error('Managed storage manifest not found');
    };
    try {
      expect(await managedPolicy.refresh(false)).toEqual(NO_POLICY);
    } finally {
      managed.get = get;
    }
  });

  it('reads the policy again when the browser reports a change of the managed area', async () => {
    await managedPolicy.refresh(false);
    watchManagedPolicy();
    const seen: boolean[] = [];
    const stop = managedPolicy.onChange((p) => seen.push(p.sendDisabled));
    await fakeBrowser.storage.managed.set({ sendDisabled: true });
    await new Promise((r) => setTimeout(r, 0));
    expect(seen).toEqual([true]);
    expect((await managedPolicy.get()).sendDisabled).toBe(true);
    stop();
  });
});
