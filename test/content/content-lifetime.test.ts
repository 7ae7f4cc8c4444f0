// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { ContentScriptContext } from 'wxt/utils/content-script-context';
import { LOOK_DEBOUNCE_MS, startContentScript } from '../../src/content/content';
import type { Adapter } from '../../src/sites/adapter';
import type { ToolsPart } from '../../src/sites/tools-part';

/** The tools part, as it is in the tab once it ran, serving these adapters' tools. */
const serveTools = (...adapters: Adapter[]): void => {
  const part: Pick<ToolsPart, 'adapter'> = { adapter: (id) => adapters.find((a) => a.id === id) ?? null };
  (globalThis as unknown as { __deskmateContentParts: Record<string, unknown> }).__deskmateContentParts.tools = part;
};

/**
 * The content script's lifetime and cost on a busy page: detection is debounced (a page that
 * changes its DOM a hundred times a second is looked at a few times a second, not a hundred),
 * and an invalidated context (an extension update, a newer copy of the script) leaves nothing
 * running: no observer, timer or message listener.
 */
describe('content script: debounced detection, nothing left after invalidation', () => {
  let detects = 0;
  let announces: unknown[] = [];
  let ticketKey = '7';
  const adapter: Adapter = {
    id: 'test-desk',
    title: 'Test desk',
    detect: () => {
      detects++;
      return true;
    },
    ticket: () => ({ key: ticketKey, label: `#${ticketKey}` }),
    tools: { 'ticket.read': async () => ({ ok: true, data: { key: ticketKey } }) } as unknown as Adapter['tools'],
  };

  beforeEach(() => {
    vi.useFakeTimers();
    detects = 0;
    announces = [];
    ticketKey = '7';
    fakeBrowser.reset();
    fakeBrowser.runtime.onMessage.addListener((message: unknown) => {
      const m = message as { type: string };
      if (m.type === 'recipe.get') return Promise.resolve({ ok: true, value: null });
      if (m.type === 'page.announce') announces.push(message);
      return undefined;
    });
    document.body.replaceChildren();
  });
  afterEach(() => vi.useRealTimers());

  /** The extension is updated or reloaded: the old script's runtime id is gone. */
  const extensionGoesAway = () => {
    const id = Object.getOwnPropertyDescriptor(fakeBrowser.runtime, 'id');
    Object.defineProperty(fakeBrowser.runtime, 'id', { value: undefined, configurable: true });
    return () => Object.defineProperty(fakeBrowser.runtime, 'id', id ?? { value: 'test-extension-id', configurable: true });
  };

  /** Ends a copy as an extension update would. */
  const stop = async (ctx: ContentScriptContext) => {
    const restore = extensionGoesAway();
    ctx.notifyInvalidated();
    await settle();
    restore();
  };

  const settle = async () => {
    await vi.advanceTimersByTimeAsync(LOOK_DEBOUNCE_MS * 2);
  };

  /** 100 DOM changes spread over one second, as a busy page makes them. */
  const busySecond = async () => {
    for (let i = 0; i < 100; i++) {
      document.body.append(document.createElement('span'));
      await vi.advanceTimersByTimeAsync(10);
    }
  };

  it('looks a few times per second on a page that changes 100 times a second, and announces a ticket switch', async () => {
    const ctx = new ContentScriptContext('content');
    startContentScript([adapter], ctx);
    await settle();
    expect(announces).toHaveLength(1);
    detects = 0;
    await busySecond();
    // One look per debounce window at most, not one per change.
    expect(detects).toBeGreaterThan(0);
    expect(detects).toBeLessThanOrEqual(Math.ceil(1000 / LOOK_DEBOUNCE_MS) + 1);
    expect(announces).toHaveLength(1); // nothing changed that the background needs to know
    ticketKey = '8';
    document.body.append(document.createElement('p'));
    await settle();
    expect(announces).toHaveLength(2);
    expect(announces[1]).toMatchObject({ type: 'page.announce', ticket: { key: '8' } });
    await stop(ctx);
  });

  it('when the extension goes away it stops looking, and no longer answers the background', async () => {
    const ctx = new ContentScriptContext('content');
    startContentScript([adapter], ctx);
    await settle();
    const restore = extensionGoesAway();
    ctx.notifyInvalidated();
    await settle();
    restore();
    detects = 0;
    await busySecond();
    window.dispatchEvent(new PopStateEvent('popstate'));
    await settle();
    expect(detects).toBe(0);
    const answer = await fakeBrowser.runtime.sendMessage({ type: 'page.run', tool: 'ticket.read', input: {}, ticketKey: null }).catch(() => undefined);
    expect(answer).toBeUndefined();
  });

  it('a newer copy of the script takes over: only one copy answers a page call', async () => {
    let answers = 0;
    const counted: Adapter = { ...adapter, tools: { 'ticket.read': async () => ({ ok: true, data: { n: ++answers } }) } as unknown as Adapter['tools'] };
    serveTools(counted);
    const first = new ContentScriptContext('content');
    startContentScript([adapter], first);
    await settle();
    const second = new ContentScriptContext('content'); // its start invalidates the first
    startContentScript([counted], second);
    await settle();
    expect(first.isValid).toBe(false);
    expect(second.isValid).toBe(true);
    const answer = (await fakeBrowser.runtime.sendMessage({ type: 'page.run', tool: 'ticket.read', input: {}, ticketKey: '7' })) as { ok: boolean };
    expect(answer).toMatchObject({ ok: true, data: { n: 1 } });
    expect(answers).toBe(1);
    await stop(second);
  });

  it("the page's fake of the newer-copy signal does not switch it off", async () => {
    let answers = 0;
    const counted: Adapter = { ...adapter, tools: { 'ticket.read': async () => ({ ok: true, data: { n: ++answers } }) } as unknown as Adapter['tools'] };
    serveTools(counted);
    const ctx = new ContentScriptContext('content');
    startContentScript([counted], ctx);
    await settle();
    // What the page can do: dispatch the DOM event a newer copy would (it invalidates the context).
    ctx.notifyInvalidated();
    await settle();
    const answer = (await fakeBrowser.runtime.sendMessage({ type: 'page.run', tool: 'ticket.read', input: {}, ticketKey: '7' })) as { ok: boolean };
    expect(answer).toMatchObject({ ok: true, data: { n: 1 } });
    expect(answers).toBe(1); // answered once: the restarted copy, not two
    ticketKey = '9';
    document.body.append(document.createElement('p'));
    await settle();
    expect(announces.at(-1)).toMatchObject({ ticket: { key: '9' } });
    // The restarted copy runs under a context of its own; the extension going away ends it.
    const restore = extensionGoesAway();
    document.body.append(document.createElement('p'));
    await settle();
    restore();
    detects = 0;
    await busySecond();
    expect(detects).toBe(0);
  });
});
