import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { createServices } from '../../src/background/host';
import { createRecipeStore, type KeyValue } from '../../src/background/recipes/recipe-store';
import { classifySender, route, type Sender } from '../../src/background/router';
import { CONTENT_PARTS } from '../../src/shared/content-parts';
import { fakeHelpdesk } from '../fakes/fake-adapter';
import { createFakeTabs } from '../fakes/fake-tabs';
import { proposingModel } from '../fakes/draft-model';
import { attack, attackEach } from './attack';

/**
 * What a compromised content script can make the background run in a tab (README, Security,
 * "Content scripts"): only a part of Deskmate's own content script, by a name on a fixed list,
 * in its own tab's top frame, on a site Deskmate runs on, once however often it asks.
 */
const ID = 'abcdefghijklmnopabcdefghijklmnop';
const BASE = `chrome-extension://${ID}/`;
const HELPDESK = 'http://127.0.0.1:4517';
const NOT_ENABLED = 'https://attacker.test';

const memory = (): KeyValue => {
  const items = new Map<string, unknown>();
  return { get: async (k) => structuredClone(items.get(k)), set: async (k, v) => void items.set(k, structuredClone(v)) };
};
const contentOf = (tabId: number, url: string) => classifySender({ id: ID, url, tab: { id: tabId } as never, frameId: 0 }, ID, BASE)!;

let shown: Map<number, string>;
let scripted: { target: unknown; files: unknown }[];

async function setup() {
  const tabs = createFakeTabs();
  const { handlers } = await createServices([fakeHelpdesk], tabs.send, proposingModel, createRecipeStore(memory()));
  return (message: Record<string, unknown>, sender: Sender) => route(message, sender, handlers) as Promise<{ ok: boolean; value?: { ok: boolean } }>;
}

beforeEach(() => {
  shown = new Map([
    [1, `${HELPDESK}/tickets/7`],
    [2, `${NOT_ENABLED}/page`],
  ]);
  scripted = [];
  vi.spyOn(fakeBrowser.tabs, 'get').mockImplementation(async (tabId: number) => ({ id: tabId, url: shown.get(tabId) }) as never);
  vi.spyOn(fakeBrowser.scripting, 'executeScript').mockImplementation((async (injection: { target: unknown; files: unknown }) => {
    scripted.push({ target: injection.target, files: injection.files });
    return [];
  }) as never);
});
afterEach(() => vi.restoreAllMocks());

describe('content parts the background runs in a tab', () => {
  it('runs the named part once, in the asking tab, top frame only', async () => {
    const send = await setup();
    const helpdesk = contentOf(1, `${HELPDESK}/tickets/7`);
    const answers = await Promise.all([send({ type: 'content.part', part: 'readable' }, helpdesk), send({ type: 'content.part', part: 'readable' }, helpdesk)]);
    expect(answers.map((a) => a.value?.ok)).toEqual([true, true]);
    expect(scripted).toEqual([{ target: { tabId: 1, frameIds: [0] }, files: [CONTENT_PARTS.readable] }]);
  });

  it("uses Firefox's tabs.executeScript, top frame only, where there is no scripting API", async () => {
    const send = await setup();
    const firefox: { tabId: number; details: unknown }[] = [];
    const scripting = fakeBrowser.scripting;
    vi.stubGlobal('chrome', undefined);
    Object.defineProperty(fakeBrowser, 'scripting', { value: undefined, configurable: true });
    (fakeBrowser.tabs as unknown as { executeScript: unknown }).executeScript = async (tabId: number, details: unknown) => void firefox.push({ tabId, details });
    try {
      expect((await send({ type: 'content.part', part: 'readable' }, contentOf(1, `${HELPDESK}/tickets/7`))).value?.ok).toBe(true);
    } finally {
      Object.defineProperty(fakeBrowser, 'scripting', { value: scripting, configurable: true });
      delete (fakeBrowser.tabs as unknown as { executeScript?: unknown }).executeScript;
      vi.unstubAllGlobals();
    }
    expect(firefox).toEqual([{ tabId: 1, details: { file: `/${CONTENT_PARTS.readable}`, frameId: 0 } }]);
  });
});

describe('attacks on content parts', () => {
  attackEach(
    ['../background.js', 'background.js', 'page-readable.js', 'toString', '__proto__', 'constructor', 'https://attacker.test/x.js', 'readable '],
    (part) => `a content script names a file or an unknown part (${JSON.stringify(part)}): nothing runs`,
    async (part) => {
      const send = await setup();
      const answer = await send({ type: 'content.part', part }, contentOf(1, `${HELPDESK}/tickets/7`));
      expect(answer.ok && answer.value?.ok).toBeFalsy();
      expect(scripted).toEqual([]);
    },
  );

  attack('a content script on a site Deskmate does not run on asks for a part: nothing runs', async () => {
    const send = await setup();
    const answer = await send({ type: 'content.part', part: 'readable' }, contentOf(2, `${NOT_ENABLED}/page`));
    expect(answer.value?.ok).toBe(false);
    expect(scripted).toEqual([]);
  });

  attack('a part asked for just before the tab went to another site: it does not run there', async () => {
    const send = await setup();
    shown.set(1, `${NOT_ENABLED}/page`);
    const answer = await send({ type: 'content.part', part: 'readable' }, contentOf(1, `${HELPDESK}/tickets/7`));
    expect(answer.value?.ok).toBe(false);
    expect(scripted).toEqual([]);
  });

  attack('a frame of the page (not its top frame) asks for a part: the sender is no one', async () => {
    const frame = classifySender({ id: ID, url: `${HELPDESK}/tickets/7`, tab: { id: 1 } as never, frameId: 3 }, ID, BASE);
    const answer = await route({ type: 'content.part', part: 'readable' }, frame, {} as never);
    expect(answer.ok).toBe(false);
    expect(scripted).toEqual([]);
  });
});
