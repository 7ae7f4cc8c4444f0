import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { PERSONAL_DATA_GLOBAL } from '../../../src/shared/personal-data-module';
import { MODEL_CLIENT_GLOBAL } from '../../../src/background/model/model-client-module';
import { defaultModelSettings, type ModelSettings } from '../../../src/shared/settings';
import { personalDataScript } from '../../fakes/scripts';

/** The worker's importScripts: records each script and runs it (sets its module on the global object). */
function workerImports(): string[] {
  const imported: string[] = [];
  vi.stubGlobal('importScripts', (url: string) => {
    imported.push(url);
    if (url === '/personal-data.js') (globalThis as Record<string, unknown>)[PERSONAL_DATA_GLOBAL] = personalDataScript;
    if (url === '/model-client.js') (globalThis as Record<string, unknown>)[MODEL_CLIENT_GLOBAL] = { createOpenAIModel: () => null, listModels: async () => [] };
  });
  return imported;
}

/** A worker just started, with these model settings saved: nothing loaded yet. */
async function freshWorker(settings: Partial<ModelSettings>) {
  vi.resetModules();
  const { saveModelSettings } = await import('../../../src/background/model/model-settings');
  await saveModelSettings({ ...defaultModelSettings(), ...settings });
  const imported = workerImports();
  const { warmUpForTurn } = await import('../../../src/background/chat/warm-up');
  return { imported, warmUpForTurn };
}

/** A sidebar connects (it opens, or the agent types after the worker stopped): the turn's scripts load before the click. */
describe('warming up for a turn', () => {
  let kept: Record<string, unknown>;
  beforeEach(() => {
    fakeBrowser.reset();
    kept = { [PERSONAL_DATA_GLOBAL]: (globalThis as Record<string, unknown>)[PERSONAL_DATA_GLOBAL], [MODEL_CLIENT_GLOBAL]: (globalThis as Record<string, unknown>)[MODEL_CLIENT_GLOBAL] };
    delete (globalThis as Record<string, unknown>)[PERSONAL_DATA_GLOBAL];
    delete (globalThis as Record<string, unknown>)[MODEL_CLIENT_GLOBAL];
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    Object.assign(globalThis, kept);
  });

  it('loads the model client, and the personal data detectors where the settings mask (a model on another machine)', async () => {
    const { imported, warmUpForTurn } = await freshWorker({ baseURL: 'https://api.example.com/v1' });
    expect(imported).toEqual([]);
    warmUpForTurn();
    await vi.waitFor(() => expect([...imported].sort()).toEqual(['/model-client.js', '/personal-data.js']), { interval: 5 });
  });

  it('leaves the detectors alone where nothing is masked (a model on this machine)', async () => {
    const { imported, warmUpForTurn } = await freshWorker({ baseURL: 'http://127.0.0.1:11434/v1', maskPersonalData: false });
    warmUpForTurn();
    await vi.waitFor(() => expect(imported).toEqual(['/model-client.js']), { interval: 5 });
    await new Promise((r) => setTimeout(r, 50));
    expect(imported).toEqual(['/model-client.js']);
  });
});
