import '../fakes/scripts'; // runs the lazy scripts and content parts this file's code reaches
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { classifySender, route, type Handlers, type Sender } from '../../src/background/router';

/**
 * What a refused or failed message tells its sender and the diagnostics log: the sender learns
 * why (a page and an extension page are told apart), the log names the type and the page's
 * site, never what the message carried.
 */
const ID = 'abcdefghijklmnopabcdefghijklmnop';
const BASE = `chrome-extension://${ID}/`;
const page: Sender = { kind: 'extension', url: `${BASE}sidepanel.html` };
const desk: Sender = { kind: 'content', tabId: 7, origin: 'https://desk.example.com', url: 'https://desk.example.com/tickets/7' };
const ran: string[] = [];
const handlers = new Proxy({} as Handlers, {
  get: (_t, type: string) => async () => {
    ran.push(type);
    return { ok: true };
  },
});

beforeEach(() => {
  fakeBrowser.reset();
  ran.length = 0;
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('content scripts as the browser names them', () => {
  const tab = { id: ID, tab: { id: 7 } as never, frameId: 0 };

  it('takes pages of https and http helpdesks, with their port', () => {
    expect(classifySender({ ...tab, url: 'https://desk.example.com/tickets/7' }, ID, BASE)).toEqual(desk);
    expect(classifySender({ ...tab, url: 'http://helpdesk.lan:8080/scp/tickets.php?id=3' }, ID, BASE)).toMatchObject({
      kind: 'content',
      origin: 'http://helpdesk.lan:8080',
    });
  });

  it('is no one in a tab the browser gives no id (-1, as for a devtools page)', () => {
    expect(classifySender({ ...tab, tab: { id: -1 } as never, url: 'https://desk.example.com/tickets/7' }, ID, BASE)).toBeNull();
  });

  it('is no one when its address cannot be read', () => {
    expect(classifySender({ ...tab, url: 'http://[::1' }, ID, BASE)).toBeNull();
    expect(classifySender({ ...tab, url: '' }, ID, BASE)).toBeNull();
  });
});

describe('route refusals', () => {
  it('tells a web page that the message is not allowed from a web page, and logs its site', async () => {
    expect(await route({ type: 'confirm.accept', tabId: 7, id: 'x', digest: 'secret-digest' }, desk, handlers)).toEqual({
      ok: false,
      code: 'forbidden',
      error: 'confirm.accept is not allowed from a web page.',
    });
    expect(console.warn).toHaveBeenCalledWith('Deskmate [router] Refused confirm.accept from a web page (https://desk.example.com)');
    expect(JSON.stringify(vi.mocked(console.warn).mock.calls)).not.toContain('secret-digest');
    expect(ran).toEqual([]);
  });

  it('logs a page whose site the browser did not give as an unknown site', async () => {
    await route({ type: 'confirm.accept', tabId: 7, id: 'x', digest: 'y' }, { kind: 'content', tabId: 7 }, handlers);
    expect(console.warn).toHaveBeenCalledWith('Deskmate [router] Refused confirm.accept from a web page (unknown site)');
  });

  it('tells an extension page that the message is not allowed from an extension page', async () => {
    const announce = { type: 'page.announce', adapterId: 'demo', url: 'http://x/', ticket: null };
    expect(await route(announce, page, handlers)).toEqual({ ok: false, code: 'forbidden', error: 'page.announce is not allowed from an extension page.' });
    expect(console.warn).toHaveBeenCalledWith('Deskmate [router] Refused page.announce from an extension page');
    expect(ran).toEqual([]);
  });

  it('names an unknown type, and refuses a message from no one as an unknown sender', async () => {
    expect(await route({ type: 'nope' }, page, handlers)).toEqual({ ok: false, code: 'invalid_message', error: 'Unknown message type nope.' });
    expect(await route({ type: 'view.get', tabId: 1 }, null, handlers)).toEqual({ ok: false, code: 'forbidden', error: 'Unknown sender.' });
    expect(ran).toEqual([]);
  });

  it('says which message was malformed and how', async () => {
    const r = await route({ type: 'confirm.accept', tabId: 1, id: 'x' }, page, handlers);
    expect(r).toMatchObject({ ok: false, code: 'invalid_message' });
    expect((r as { error: string }).error).toMatch(/^Invalid confirm\.accept: .*digest/);
    expect(ran).toEqual([]);
  });

  it('logs a handler that throws by the message type', async () => {
    const failing = { 'view.get': async () => Promise.reject(new Error('storage is gone')) } as unknown as Handlers;
    expect(await route({ type: 'view.get', tabId: 1 }, page, failing)).toEqual({ ok: false, code: 'internal', error: 'storage is gone' });
    // An error's detail is written once its check is loaded (diagnostics/logger.ts).
    await vi.waitFor(() => expect(console.error).toHaveBeenCalledWith('Deskmate [router] view.get failed: Error: storage is gone'));
  });
});
