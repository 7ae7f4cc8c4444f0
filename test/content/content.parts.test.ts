// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { ContentScriptContext } from 'wxt/utils/content-script-context';
import { startContentScript } from '../../src/content/content';
import { createTeachMode } from '../../src/content/teach-content';
import { readableModule } from '../../src/sites/adapters/generic-readable';
import { registerContentPart } from '../../src/sites/content-parts';
import { ADAPTERS } from '../../src/sites';
import { installI18n } from '../fakes/i18n';

/**
 * What a page load parses: teach mode is not loaded where no session is on; the content script
 * asks the background for it (content.part, by name) when a session is on at load or the
 * background starts one, once.
 */
const registry = () => (globalThis as unknown as Record<string, Record<string, unknown>>).__deskmateContentParts!;

describe('content script: teach mode loads only when teaching', () => {
  let asked: string[];
  let session: { step: string; messages: string | null } | null;
  let announced: boolean;
  let ctx: ContentScriptContext;

  beforeEach(() => {
    fakeBrowser.reset();
    installI18n();
    asked = [];
    session = null;
    announced = false;
    delete registry().teach;
    document.body.innerHTML = '<main><p>A page of a site Deskmate runs on.</p></main>';
    // The background: answers what the content script asks, and runs a part's script when asked.
    fakeBrowser.runtime.onMessage.addListener((message: unknown) => {
      const m = message as { type: string; part?: string };
      if (m.type === 'recipe.get') return Promise.resolve({ ok: true, value: null });
      if (m.type === 'teach.state') return Promise.resolve({ ok: true, value: session });
      if (m.type === 'page.announce') announced = true;
      if (m.type === 'content.part') {
        asked.push(m.part!);
        registerContentPart('teach', { createTeachMode });
        return Promise.resolve({ ok: true, value: { ok: true } });
      }
      return undefined;
    });
  });
  afterEach(() => {
    ctx?.notifyInvalidated();
    registry().teach = { createTeachMode };
    registry().readable = readableModule;
  });

  const load = async () => {
    ctx = new ContentScriptContext('content');
    startContentScript(ADAPTERS, ctx);
    await expect.poll(() => announced).toBe(true);
  };
  // The picker's host goes beside the body, its parts in a closed shadow root.
  const picker = () => document.documentElement.querySelectorAll(':scope > :not(head, body)').length;

  it('a page load with no session on asks for no part, and a hidden picker loads nothing', async () => {
    await load();
    await fakeBrowser.runtime.sendMessage({ type: 'page.teach', step: null, messages: null });
    await new Promise((r) => setTimeout(r, 0));
    expect(asked).toEqual([]);
    expect(registry().teach).toBeUndefined();
    expect(picker()).toBe(0);
  });

  it('the background starts teaching: the part is asked for once, and the picker shows', async () => {
    await load();
    await fakeBrowser.runtime.sendMessage({ type: 'page.teach', step: 'message', messages: null });
    await fakeBrowser.runtime.sendMessage({ type: 'page.teach', step: 'body', messages: 'main p' });
    await expect.poll(() => picker()).toBeGreaterThan(0);
    expect(asked).toEqual(['teach']);
  });

  it('a session on at load (the reply page, say): the part loads and the picker shows', async () => {
    session = { step: 'reply', messages: null };
    await load();
    await expect.poll(() => picker()).toBeGreaterThan(0);
    expect(asked).toEqual(['teach']);
  });
});
