import '../../fakes/scripts'; // runs the lazy scripts and content parts this file's code reaches
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import type { ModelError, ModelRequest } from '../../../src/core';
import { log } from '../../../src/background/diagnostics/logger';
import { createLazyOpenAIModel, listModels } from '../../../src/background/model/model-client';
import type { ModelSettings } from '../../../src/background/model/model-settings';

/** Nothing listens on the discard port: the browser refuses the fetch at once. */
const DEAD: ModelSettings = { preset: 'custom', baseURL: 'http://127.0.0.1:9/v1', apiKey: '', model: 'm' };
const permissions = fakeBrowser.permissions as unknown as { contains(p: object): Promise<boolean> };

const failureOf = async (run: () => Promise<unknown>) => (await run().then(() => null, (e: unknown) => e)) as ModelError | null;
const streamed = () =>
  failureOf(async () => {
    for await (const _ of createLazyOpenAIModel(DEAD).stream({ messages: [{ role: 'user', content: 'Hi' }], tools: [], signal: new AbortController().signal } as unknown as ModelRequest)) void _;
  });

/**
 * The model client script has no browser API of its own (test/background/lazy-handlers.test.ts):
 * the background asks the browser whether the endpoint's origin may be reached, to name a fetch
 * the browser refused.
 */
describe('the model client through the background', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
  });

  it('names a refused fetch to an origin the extension may not reach a missing permission, in a turn and in Test connection', async () => {
    const asked: object[] = [];
    permissions.contains = async (p) => (asked.push(p), false);
    for (const failure of [await streamed(), await failureOf(() => listModels(DEAD))]) {
      expect(failure).toMatchObject({ kind: 'permission' });
      expect(failure!.message).toContain('Deskmate may not reach http://127.0.0.1:9.');
    }
    expect(asked).toEqual([{ origins: ['http://127.0.0.1/*'] }, { origins: ['http://127.0.0.1/*'] }]);
  });

  it('says the server is unreachable when the extension may reach its origin', async () => {
    permissions.contains = async () => true;
    expect(await streamed()).toMatchObject({ kind: 'unreachable' });
  });

  it('logs a permission check the browser cannot answer, and says the server is unreachable', async () => {
    permissions.contains = async () => Promise.reject(new Error('permissions unavailable'));
    expect(await failureOf(() => listModels(DEAD))).toMatchObject({ kind: 'unreachable' });
    expect((await log.list()).map((e) => e.message)).toContain('Could not check the permission for the model endpoint');
  });
});
