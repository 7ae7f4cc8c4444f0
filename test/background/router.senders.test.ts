import '../fakes/scripts'; // runs the lazy scripts and content parts this file's code reaches
import { describe, expect, it, vi } from 'vitest';
import { classifySender, route, type Handlers } from '../../src/background/router';

const ID = 'abcdefghijklmnopabcdefghijklmnop';
const BASE = `chrome-extension://${ID}/`;

const handlers = () => {
  const calls: string[] = [];
  const h = new Proxy({} as Handlers, {
    get: (_t, type: string) => vi.fn(async () => {
      calls.push(type);
      return { ok: true, data: 'ran' };
    }),
  });
  return { h, calls };
};

const sidebar = { id: ID, url: `${BASE}sidepanel.html` };
const contentScript = { id: ID, url: 'http://127.0.0.1:4517/tickets/1', tab: { id: 7 } as never, frameId: 0 };

describe('classifySender', () => {
  it('knows extension pages by their URL, with or without a tab', () => {
    expect(classifySender(sidebar, ID, BASE)?.kind).toBe('extension');
    expect(classifySender({ ...sidebar, url: `${BASE}sidepanel.html?tab=3`, tab: { id: 3 } as never }, ID, BASE)?.kind).toBe('extension');
  });

  it('takes a content script\'s tab and origin from the browser, not from the message', () => {
    expect(classifySender(contentScript, ID, BASE)).toEqual({
      kind: 'content',
      tabId: 7,
      origin: 'http://127.0.0.1:4517',
      url: 'http://127.0.0.1:4517/tickets/1',
    });
  });

  it('refuses other extensions, subframes, tabless senders and non-web pages', () => {
    expect(classifySender({ ...sidebar, id: 'other' }, ID, BASE)).toBeNull();
    expect(classifySender({ ...contentScript, frameId: 3 }, ID, BASE)).toBeNull();
    expect(classifySender({ id: ID, url: 'http://127.0.0.1/x' }, ID, BASE)).toBeNull();
    expect(classifySender({ ...contentScript, url: 'file:///etc/passwd' }, ID, BASE)).toBeNull();
    expect(classifySender({ ...contentScript, url: `chrome-extension://${'x'.repeat(32)}/a.html` }, ID, BASE)).toBeNull();
    expect(classifySender({ id: ID }, ID, BASE)).toBeNull();
  });
});

describe('route', () => {
  // Getters, so a classifySender that throws fails the tests that use it instead of the file's collection.
  const senders = {
    get content() {
      return classifySender(contentScript, ID, BASE);
    },
    get page() {
      return classifySender(sidebar, ID, BASE);
    },
  };

  it('refuses a confirm forged by a content script before any handler runs', async () => {
    const { h, calls } = handlers();
    const r = await route({ type: 'confirm.accept', tabId: 7, id: 'x', digest: 'y' }, senders.content, h);
    expect(r).toMatchObject({ ok: false, code: 'forbidden' });
    expect(calls).toEqual([]);
  });

  it('refuses write and send invokes from content scripts', async () => {
    const { h, calls } = handlers();
    for (const tool of ['reply.send', 'reply.fill', 'ticket.read']) {
      expect(await route({ type: 'tool.invoke', tabId: 7, tool, input: { body: 'x' } }, senders.content, h)).toMatchObject({ code: 'forbidden' });
    }
    expect(calls).toEqual([]);
  });

  it('refuses an announce from an extension page, and everything from an unknown sender', async () => {
    const { h, calls } = handlers();
    expect(await route({ type: 'page.announce', adapterId: 'demo', url: 'http://x/', ticket: null }, senders.page, h)).toMatchObject({ code: 'forbidden' });
    expect(await route({ type: 'view.get', tabId: 1 }, null, h)).toMatchObject({ code: 'forbidden' });
    expect(calls).toEqual([]);
  });

  it('validates every message against its declared shape', async () => {
    const { h, calls } = handlers();
    const bad = [
      null,
      'confirm.accept',
      { type: 'nope' },
      { type: '__proto__' },
      { type: 'confirm.accept', tabId: 1, id: 'x' },
      { type: 'confirm.accept', tabId: -1, id: 'x', digest: 'y' },
      { type: 'confirm.accept', tabId: 1, id: 'x', digest: 'y', extra: true },
      { type: 'sites.set', origin: 'http://a', write: 'yes', send: true },
    ];
    for (const message of bad) expect((await route(message, senders.page, h)).ok).toBe(false);
    expect(calls).toEqual([]);
    expect(await route({ type: 'confirm.accept', tabId: 1, id: 'x', digest: 'y' }, senders.page, h)).toMatchObject({ ok: true });
    expect(calls).toEqual(['confirm.accept']);
  });

  it('turns a handler that throws into an error envelope', async () => {
    const h = { 'view.get': async () => { throw new Error('boom'); } } as unknown as Handlers;
    expect(await route({ type: 'view.get', tabId: 1 }, senders.page, h)).toEqual({ ok: false, code: 'internal', error: 'boom' });
  });
});
