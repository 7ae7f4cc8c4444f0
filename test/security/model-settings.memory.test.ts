import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { createServices } from '../../src/background/host';
import type { ChatPort } from '../../src/background/chat/chat-session';
import { loadModelSettings, type ModelSettings } from '../../src/background/model/model-settings';
import { route, type Sender } from '../../src/background/router';
import type { ChatServerMessage } from '../../src/shared/chat-protocol';
import { fakeHelpdesk } from '../fakes/fake-adapter';
import { createFakeTabs } from '../fakes/fake-tabs';
import { answer, ScriptedModel } from '../fakes/scripted-model';
import { attack } from './attack';
import { shownKey } from '../fakes/shown-key';

/**
 * The background keeps the model settings in memory (every turn reads them before its first
 * request). A copy must never send a request to an endpoint, or with a key, the agent has just
 * replaced: a save counts for the very next request.
 */
const A = 'http://127.0.0.1:4517';
const page: Sender = { kind: 'extension', url: 'chrome-extension://x/options.html' };
const OLD: ModelSettings = { preset: 'custom', baseURL: 'http://127.0.0.1:9001/v1', apiKey: 'sk-old-leaked', model: 'old-model' };
const NEW: ModelSettings = { preset: 'custom', baseURL: 'http://127.0.0.1:9002/v1', apiKey: 'sk-new', model: 'new-model' };

async function start() {
  const tabs = createFakeTabs();
  /** The settings each model the turns asked for was built with: what their requests go out with. */
  const builtWith: ModelSettings[] = [];
  const built = await createServices([fakeHelpdesk], tabs.send, (settings) => {
    builtWith.push(settings);
    return new ScriptedModel([answer('One.'), answer('Two.'), answer('Three.')]);
  });
  tabs.tabs.set(1, { origin: A, ticket: '#7' });
  await built.handlers['page.announce']({ type: 'page.announce', adapterId: 'fake-helpdesk', url: `${A}/tickets/7`, ticket: { key: '7', label: '#7' } }, tabs.senderOf(1));
  const messages: ChatServerMessage[] = [];
  const port: ChatPort = { postMessage: (m) => void messages.push(m) };
  const save = async (settings: ModelSettings) => expect(await route({ type: 'model.set', settings }, page, built.handlers)).toMatchObject({ ok: true, value: { ok: true } });
  const ask = async (text: string) => {
    const from = messages.length;
    await built.chat.receive(port, { type: 'chat.send', tabId: 1, key: await shownKey(built.chat, 1), text });
    await vi.waitFor(() => expect(messages.slice(from).some((m) => m.type === 'chat.event' && m.event.type === 'done')).toBe(true));
  };
  await built.chat.receive(port, { type: 'chat.open', tabId: 1 });
  return { builtWith, save, ask };
}

describe('model settings kept in memory', () => {
  beforeEach(() => fakeBrowser.reset());

  attack('the agent replaces a leaked key and a wrong endpoint, and the next request still goes out with the old ones', async () => {
    const bg = await start();
    await bg.save(OLD);
    await bg.ask('first');
    expect(bg.builtWith.at(-1)).toMatchObject({ baseURL: OLD.baseURL, apiKey: OLD.apiKey });
    await bg.save(NEW);
    await bg.ask('second');
    expect(bg.builtWith.at(-1)).toMatchObject({ baseURL: NEW.baseURL, apiKey: NEW.apiKey, model: NEW.model });
    expect(await loadModelSettings()).toMatchObject({ baseURL: NEW.baseURL, apiKey: NEW.apiKey });
  });

  it('reads storage once, not at every turn', async () => {
    const bg = await start();
    await bg.save(NEW);
    const { vault } = await import('../../src/background/storage/vault');
    const get = vi.spyOn(vault, 'get');
    await bg.ask('first');
    await bg.ask('second');
    expect(get.mock.calls.filter(([key]) => key === 'model')).toEqual([]);
    get.mockRestore();
  });
});
