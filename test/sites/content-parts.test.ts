import { afterEach, describe, expect, it } from 'vitest';
import { contentPart, registerContentPart, setContentPartLoader } from '../../src/sites/content-parts';
import { readableModule } from '../../src/sites/adapters/generic-readable';

const registry = () => (globalThis as unknown as Record<string, Record<string, unknown>>).__deskmateContentParts!;

describe('content parts: loaded once, when first needed', () => {
  afterEach(() => {
    registry().readable = readableModule; // as test/fakes/browser-setup.ts left it
    setContentPartLoader(async () => undefined);
  });

  it('asks for a part once however many wait for it, and not again once it is there', async () => {
    delete registry().readable;
    const asked: string[] = [];
    setContentPartLoader(async (name) => {
      asked.push(name);
      registerContentPart(name, { article: () => null });
    });
    const [a, b] = await Promise.all([contentPart('readable'), contentPart('readable')]);
    expect(a).toBe(b);
    expect(await contentPart('readable')).toBe(a);
    expect(asked).toEqual(['readable']);
  });

  it('a failed load is said, and tried again at the next ask', async () => {
    delete registry().readable;
    let tries = 0;
    setContentPartLoader(async (name) => {
      if (++tries === 1) throw new Error('The tab shows another page now.');
      registerContentPart(name, readableModule);
    });
    await expect(contentPart('readable')).rejects.toThrow('another page');
    expect(await contentPart('readable')).toBe(readableModule);
    expect(tries).toBe(2);
  });

  it('a load that ran but left no module is an error, not an undefined module', async () => {
    delete registry().readable;
    setContentPartLoader(async () => undefined);
    await expect(contentPart('readable')).rejects.toThrow('did not load');
  });

  it('a part whose script runs again keeps the module it had', () => {
    const first = registry().readable;
    registerContentPart('readable', { article: () => null });
    expect(registry().readable).toBe(first);
  });
});
