import '../../fakes/scripts'; // runs the lazy scripts and content parts this file's code reaches
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { AREA_SHARE, createLogger, describeError, LOG_CAPACITY, unlessNoReceiver } from '../../../src/background/diagnostics/logger';
import { attack } from '../../security/attack';

describe('the background logger', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => vi.restoreAllMocks());

  it('keeps level, time, area and message, oldest first, and writes each to the console', async () => {
    let now = 1_000;
    const log = createLogger(undefined, () => now++);
    log.warn('site-access', 'Could not inject the content script into an open tab', new Error('No tab with id: 4'));
    log.error('router', 'A handler failed');
    expect(await log.list()).toEqual([
      { time: 1_000, level: 'warn', area: 'site-access', message: 'Could not inject the content script into an open tab', detail: 'Error: No tab with id: 4' },
      { time: 1_001, level: 'error', area: 'router', message: 'A handler failed' },
    ]);
    expect(console.warn).toHaveBeenCalledWith('Deskmate [site-access] Could not inject the content script into an open tab: Error: No tab with id: 4');
  });

  it('lives in storage.session, so a restarted worker shows what the last one logged', async () => {
    createLogger().info('chat', 'Stored a turn late');
    await createLogger().list(); // waits for nothing of the first: read from storage
    await vi.waitFor(async () => expect(await createLogger().list()).toHaveLength(1));
    expect(Object.keys(await fakeBrowser.storage.local.get(null))).not.toContain('diagnostics');
  });

  it('keeps the last entries only', async () => {
    const log = createLogger();
    for (let i = 0; i < LOG_CAPACITY + 5; i++) log.info(`area ${i % 4}`, `entry ${i}`);
    const list = await log.list();
    expect(list).toHaveLength(LOG_CAPACITY);
    expect(list[0]!.message).toBe('entry 5');
    expect(list.at(-1)!.message).toBe(`entry ${LOG_CAPACITY + 4}`);
  });

  attack('a web page floods the ring with refused messages in turn, to push out the failures before it', async () => {
    let now = 0;
    const log = createLogger(undefined, () => ++now);
    log.error('chat', 'The model server failed', new Error('500'));
    log.warn('site-access', 'Could not inject the content script into an open tab');
    const types = ['diagnostics.list', 'kb.list', 'audit.list', 'model.get', 'confirm.execute'];
    for (let i = 0; i < 1_000; i++) log.warn('router', `Refused ${types[i % types.length]} from a web page (https://evil.example)`);
    for (let i = 0; i < 300; i++) log.error('router', 'page.announce failed', new Error(`bad input ${i}`));
    const list = await log.list();
    expect(list.filter((e) => e.area !== 'router').map((e) => e.message)).toEqual(['The model server failed', 'Could not inject the content script into an open tab']);
    expect(list.filter((e) => e.area === 'router')).toHaveLength(AREA_SHARE);
    expect(list.find((e) => e.message.startsWith('Refused kb.list'))).toBeUndefined();
  });

  it('counts an entry seen a while ago again, and moves it to the end', async () => {
    let now = 0;
    const log = createLogger(undefined, () => ++now);
    log.warn('router', 'Refused kb.list from a web page');
    log.warn('router', 'Refused diagnostics.list from a web page');
    log.warn('router', 'Refused kb.list from a web page');
    expect(await log.list()).toEqual([
      { time: 2, level: 'warn', area: 'router', message: 'Refused diagnostics.list from a web page' },
      { time: 3, level: 'warn', area: 'router', message: 'Refused kb.list from a web page', count: 2 },
    ]);
  });

  it('counts the same entry again instead of adding it', async () => {
    let now = 0;
    const log = createLogger(undefined, () => ++now);
    for (let i = 0; i < 3; i++) log.warn('router', 'Refused diagnostics.list from a web page');
    log.warn('router', 'Refused kb.list from a web page');
    expect(await log.list()).toEqual([
      { time: 3, level: 'warn', area: 'router', message: 'Refused diagnostics.list from a web page', count: 3 },
      { time: 4, level: 'warn', area: 'router', message: 'Refused kb.list from a web page' },
    ]);
  });

  it('clears', async () => {
    const log = createLogger();
    log.warn('test', 'one');
    await log.clear();
    expect(await log.list()).toEqual([]);
  });

  it('never throws when storage fails, and keeps logging after', async () => {
    let fail = true;
    const area = { get: async () => ({}), set: async () => void (fail ? (() => { throw new Error('quota'); })() : undefined), remove: async () => undefined };
    const log = createLogger(() => area);
    expect(() => log.error('test', 'lost')).not.toThrow();
    await expect(log.list()).resolves.toEqual([]);
    fail = false;
    log.error('test', 'kept');
    await expect(log.list()).resolves.toEqual([]); // this fake area keeps nothing, but the queue goes on
  });

  it('keeps personal data and page text out of an error detail', async () => {
    const detail = await describeError(new Error(`Invalid reply for maria.lindqvist@example.com at https://desk.example/tickets/7?email=maria%40example.com, IBAN DE89 3704 0044 0532 0130 00, call +49 30 12345678 ${'x'.repeat(400)}`));
    expect(detail).not.toMatch(/maria|DE89|12345678|email=/);
    expect(detail).toContain('[EMAIL]');
    expect(detail).toContain('https://desk.example/tickets/7?…');
    expect(detail.length).toBeLessThanOrEqual(201);
  });

  it("writes an error's name only, not its text, when the personal data check cannot load", async () => {
    const log = createLogger(undefined, () => 1, async () => null);
    log.warn('kb', 'Could not read an article', new Error('No access for maria.lindqvist@example.com'));
    const [entry] = await log.list();
    expect(entry!.detail).toBe('Error (text left out: the personal data check could not load)');
    expect(console.warn).toHaveBeenCalledWith('Deskmate [kb] Could not read an article: Error (text left out: the personal data check could not load)');
  });

  it('loads the personal data check only for an entry with an error', async () => {
    const detection = vi.fn(async () => null);
    const log = createLogger(undefined, () => 1, detection);
    log.info('chat', 'Stored a turn late');
    await log.list();
    expect(detection).not.toHaveBeenCalled();
    log.warn('chat', 'Could not store a turn', new Error('quota'));
    await log.list();
    expect(detection).toHaveBeenCalledOnce();
  });

  it('swallows "no receiver" silently and logs any other failure of a message', async () => {
    const warn = vi.mocked(console.warn);
    unlessNoReceiver('host', 'x')(new Error('Could not establish connection. Receiving end does not exist.'));
    unlessNoReceiver('host', 'Could not tell the sidebar')(new Error('Message length exceeded maximum allowed length.'));
    // Entries are written in order: once the second is out, the first would have been.
    await vi.waitFor(() => expect(warn).toHaveBeenCalledWith('Deskmate [host] Could not tell the sidebar: Error: Message length exceeded maximum allowed length.'));
    expect(warn).toHaveBeenCalledOnce();
  });
});
