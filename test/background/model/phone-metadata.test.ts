import { afterEach, describe, expect, it, vi } from 'vitest';
import { phoneMetadata } from '../../fakes/phone-metadata';

/** A fresh module each time: the loader remembers what it read for the worker's lifetime. */
const freshLoader = async () => {
  vi.resetModules();
  return (await import('../../../src/background/model/phone-metadata')).loadPhoneMetadata;
};

describe('the phone number plans', () => {
  afterEach(() => vi.restoreAllMocks());

  it('are read from the extension\'s packaged file when first needed, and only once', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    const load = await freshLoader();
    expect(fetch).not.toHaveBeenCalled();
    const [a, b] = await Promise.all([load(), load()]);
    expect(await load()).toBe(a);
    expect(b).toBe(a);
    expect(a).toEqual(phoneMetadata);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(String(fetch.mock.calls[0]![0])).toBe('chrome-extension://test-extension-id/phone-metadata.json');
  });

  it('are read again on the next check after a failed read', async () => {
    const real = globalThis.fetch;
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(new Response('', { status: 404 }));
    fetch.mockImplementation(real);
    const load = await freshLoader();
    await expect(load()).rejects.toThrow(/phone number plans \(404\)/);
    expect(await load()).toEqual(phoneMetadata);
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
