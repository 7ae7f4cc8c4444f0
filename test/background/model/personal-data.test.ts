import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatModel, ModelEvent, ModelRequest } from '../../../src/core';
import { PERSONAL_DATA_GLOBAL } from '../../../src/shared/personal-data-module';
import { personalDataScript } from '../../fakes/scripts';
import type { Services } from '../../../src/background/services';
import { attack } from '../../security/attack';

const TEXT = 'Call me on +49 30 12345678, or pay to DE89 3704 0044 0532 0130 00.';

/** A model that records what it was sent. */
function recordingModel() {
  const sent: string[] = [];
  const model: ChatModel = {
    async *stream(request: ModelRequest): AsyncIterable<ModelEvent> {
      sent.push(JSON.stringify(request.messages));
      yield { type: 'text', delta: 'Noted.' };
    },
  };
  return { model, sent };
}

/**
 * The worker's importScripts, as Chromium runs it: the personal data script sets its module on
 * the global object, unless the browser refuses the import.
 */
function workerImports(refuse: () => boolean) {
  const imported: string[] = [];
  vi.stubGlobal('importScripts', (url: string) => {
    imported.push(url);
    if (refuse()) throw new DOMException(`Failed to execute 'importScripts': The script at '${url}' failed to load.`, 'NetworkError');
    (globalThis as Record<string, unknown>)[PERSONAL_DATA_GLOBAL] = personalDataScript;
  });
  return imported;
}

async function freshMasking() {
  vi.resetModules();
  return import('../../../src/background/model/masking');
}

const drain = async (model: ChatModel) => {
  for await (const _ of model.stream({ messages: [{ role: 'user', content: TEXT }], tools: [] } as unknown as ModelRequest)) void _;
};
const noPage = { scope: null, tabId: 1, flags: {}, autonomous: false, ticketKey: null };

describe('the personal data script', () => {
  beforeEach(() => {
    delete (globalThis as Record<string, unknown>)[PERSONAL_DATA_GLOBAL];
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    (globalThis as Record<string, unknown>)[PERSONAL_DATA_GLOBAL] = personalDataScript;
  });

  it('is imported the first time a masked turn needs it, once', async () => {
    const imported = workerImports(() => false);
    const { maskedModel } = await freshMasking();
    expect(imported).toEqual([]);
    const { model, sent } = recordingModel();
    await drain(await maskedModel(model, {} as Services, noPage));
    await drain(await maskedModel(model, {} as Services, noPage));
    expect(imported).toEqual(['/personal-data.js']);
    expect(sent[0]).toContain('[PHONE_1]');
    expect(sent[0]).toContain('[IBAN_1]');
    expect(sent.join('\n')).not.toMatch(/12345678|DE89/);
  });

  attack('the personal data script cannot be loaded while masking is on', async () => {
    let refuse = true;
    workerImports(() => refuse);
    const { maskedModel, MASKING_UNAVAILABLE } = await freshMasking();
    const { model, sent } = recordingModel();
    await expect(drain(await maskedModel(model, {} as Services, noPage))).rejects.toMatchObject({ name: 'ModelError', message: MASKING_UNAVAILABLE });
    expect(sent).toEqual([]);
    // A failure is not remembered: the next turn loads the script and masks.
    refuse = false;
    await drain(await maskedModel(model, {} as Services, noPage));
    expect(sent).toHaveLength(1);
    expect(sent[0]).not.toMatch(/12345678|DE89/);
  });
});
