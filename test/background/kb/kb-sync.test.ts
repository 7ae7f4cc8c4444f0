import '../../fakes/scripts'; // runs the lazy scripts and content parts this file's code reaches
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { createServices } from '../../../src/background/host';
import { KB_SYNC_ALARM, startKbSync } from '../../../src/background/kb/kb-sync-schedule';
import { route, type Sender } from '../../../src/background/router';
import { KB_SYNC_PERIOD_MINUTES } from '../../../src/shared/kb-sync';
import { fakeHelpdesk } from '../../fakes/fake-adapter';
import { installFakePermissions } from '../../fakes/fake-permissions';
import { startKbServer, type KbServer } from '../../fakes/kb-server';

const page: Sender = { kind: 'extension', url: 'chrome-extension://x/options.html' };
const KB_MD = '# Zebra onboarding\nNew zebras get a striped welcome pack.\n## Refund window\nRefunds within 30 days.';
const KB_MD_2 = '# Zebra onboarding\nThe welcome pack is now digital.';

let server: KbServer;

async function setup(manifest = ['http://127.0.0.1/*', 'http://localhost/*']) {
  const permissions = installFakePermissions(manifest);
  const built = await createServices([fakeHelpdesk]);
  const as = (m: { type: string } & Record<string, unknown>) => route(m, page, built.handlers) as Promise<{ ok: boolean; value: any }>;
  const search = async (query: string) => {
    const r = await built.services.registry.invokeReadOnly('kb__search', { query, limit: 10 }, { autonomous: true });
    return r.ok ? (r.data as { hits: { id: string; title: string; body: string }[] }).hits : [];
  };
  return { ...built, as, search, permissions };
}

beforeEach(async () => {
  fakeBrowser.reset();
  server = await startKbServer({
    '/kb.md': { body: KB_MD, etag: '"v1"' },
    '/dated.md': { body: KB_MD, lastModified: 'Tue, 01 Dec 2026 10:00:00 GMT' },
    '/kb.json': { body: JSON.stringify([{ title: 'Zebra onboarding', body: 'Welcome pack.' }]), type: 'application/json', etag: '"j1"' },
  });
});
afterEach(() => server.close());

describe('the knowledge base at a URL, over HTTP', () => {
  it('fetches the articles, stores them apart from imports, and search finds both', async () => {
    const h = await setup();
    await h.as({ type: 'kb.import', files: [{ name: 'local.md', text: '# Printer jams\nOpen tray 2.' }] });
    const r = await h.as({ type: 'kbUrl.set', url: server.url('/kb.md') });
    expect(r.value).toMatchObject({ ok: true, view: { url: server.url('/kb.md'), managed: false, articles: 2, error: null } });
    expect(r.value.view.syncedAt).toBeGreaterThan(0);
    expect((await h.search('zebra')).map((a) => a.title)).toEqual(['Zebra onboarding']);
    expect((await h.search('printer')).map((a) => a.title)).toEqual(['Printer jams']);
    // The options page's list and its Remove all are the imports'; the synced copy is the URL's.
    expect((await h.as({ type: 'kb.list' })).value.count).toBe(1);
    await h.as({ type: 'kb.clear' });
    expect((await h.search('zebra')).map((a) => a.title)).toEqual(['Zebra onboarding']);
    expect(server.seen[0]).toMatchObject({ ifNoneMatch: null, cookie: null, status: 200 });
  });

  it('asks again with If-None-Match; a 304 keeps the copy and updates when it was checked', async () => {
    const h = await setup();
    await h.as({ type: 'kbUrl.set', url: server.url('/kb.md') });
    const first = (await h.as({ type: 'kbUrl.get' })).value;
    await new Promise((r) => setTimeout(r, 5));
    const second = (await h.as({ type: 'kbUrl.sync' })).value;
    expect(server.seen.map((s) => [s.ifNoneMatch, s.status])).toEqual([[null, 200], ['"v1"', 304]]);
    expect(second).toMatchObject({ articles: 2, syncedAt: first.syncedAt, error: null });
    expect(second.checkedAt).toBeGreaterThan(first.checkedAt);
  });

  it('asks with If-Modified-Since when the server gives only Last-Modified', async () => {
    const h = await setup();
    await h.as({ type: 'kbUrl.set', url: server.url('/dated.md') });
    await h.as({ type: 'kbUrl.sync' });
    expect(server.seen.map((s) => [s.ifModifiedSince, s.status])).toEqual([[null, 200], ['Tue, 01 Dec 2026 10:00:00 GMT', 304]]);
  });

  it('replaces the copy when the content changed, and reads JSON by its content type', async () => {
    const h = await setup();
    await h.as({ type: 'kbUrl.set', url: server.url('/kb.md') });
    server.routes['/kb.md'] = { body: KB_MD_2, etag: '"v2"' };
    const v = (await h.as({ type: 'kbUrl.sync' })).value;
    expect(v.articles).toBe(1);
    expect((await h.search('zebra'))[0]!.body).toBe('The welcome pack is now digital.');
    server.routes['/kb.md'] = { body: JSON.stringify({ articles: [{ title: 'A', body: 'x' }, { title: 'B', body: 'y' }] }), type: 'application/json', etag: '"v3"' };
    expect((await h.as({ type: 'kbUrl.sync' })).value.articles).toBe(2);
  });

  const failures: [string, () => void, string, string | RegExp][] = [
    ['a 500', () => void (server.routes['/kb.md'] = { status: 500, body: 'boom' }), 'status', '500'],
    ['a body longer than an import may be', () => void (server.routes['/kb.md'] = { body: `# Big\n${'a'.repeat(5_000_000)}`, etag: '"big"' }), 'too_large', '5000000'],
    ['malformed JSON', () => void (server.routes['/kb.md'] = { body: '{"articles": [', type: 'application/json', etag: '"bad"' }), 'not_kb', /not valid JSON/],
    ['Markdown without an article', () => void (server.routes['/kb.md'] = { body: '# Only a heading', etag: '"empty"' }), 'not_kb', /no article with a body/],
    ['a sign-in page', () => void (server.routes['/kb.md'] = { body: '<html><form>Sign in</form></html>', type: 'text/html' }), 'web_page', ''],
  ];
  for (const [what, breakIt, code, detail] of failures) {
    it(`keeps the last good copy and records ${what}`, async () => {
      const h = await setup();
      await h.as({ type: 'kbUrl.set', url: server.url('/kb.md') });
      breakIt();
      const v = (await h.as({ type: 'kbUrl.sync' })).value;
      expect(v).toMatchObject({ articles: 2, error: { code } });
      expect(v.error.detail).toMatch(detail);
      expect((await h.search('zebra')).map((a) => a.title)).toEqual(['Zebra onboarding']);
    });
  }

  it('stops reading an endless body', async () => {
    server.routes['/endless.md'] = { endless: true };
    const h = await setup();
    const v = (await h.as({ type: 'kbUrl.set', url: server.url('/endless.md') })).value.view;
    expect(v).toMatchObject({ articles: 0, error: { code: 'too_large' } });
    await new Promise((r) => setTimeout(r, 50));
    expect(server.seen[0]!.bytes).toBeLessThan(40_000_000);
  });

  it('records an unreachable server', async () => {
    const h = await setup();
    const dead = server.url('/kb.md');
    await server.close();
    const v = (await h.as({ type: 'kbUrl.set', url: dead })).value.view;
    expect(v.error).toMatchObject({ code: 'network' });
    server = await startKbServer({});
  });

  it('fetches nothing from a host the browser has not granted, and says so', async () => {
    const h = await setup([]);
    const v = (await h.as({ type: 'kbUrl.set', url: server.url('/kb.md') })).value.view;
    expect(v.error).toMatchObject({ code: 'permission', detail: server.origin });
    expect(server.seen).toEqual([]);
  });

  it('takes no redirect to a host without permission', async () => {
    const other = await startKbServer({ '/kb.md': { body: KB_MD } }, 'localhost');
    server.routes['/moved.md'] = { location: other.url('/kb.md') };
    const h = await setup(['http://127.0.0.1/*']);
    const v = (await h.as({ type: 'kbUrl.set', url: server.url('/moved.md') })).value.view;
    expect(v).toMatchObject({ articles: 0, error: { code: 'redirect', detail: other.origin } });
    expect(await h.search('zebra')).toEqual([]);
    await other.close();
  });

  it('uses the organisation’s URL over the agent’s, and refuses a message that sets another', async () => {
    await fakeBrowser.storage.managed.set({ knowledgeBaseUrl: server.url('/kb.json') });
    const h = await setup();
    const r = await h.as({ type: 'kbUrl.set', url: server.url('/kb.md') });
    expect(r.value).toMatchObject({ ok: false, managed: true });
    const v = (await h.as({ type: 'kbUrl.sync' })).value;
    expect(v).toMatchObject({ url: server.url('/kb.json'), managed: true, ownUrl: '', articles: 1 });
    expect(server.seen.map((s) => s.path)).toEqual(['/kb.json']);
  });

  it('refuses what is not an http(s) URL; an empty URL drops the copy', async () => {
    const h = await setup();
    expect((await h.as({ type: 'kbUrl.set', url: 'file:///etc/passwd' })).value).toMatchObject({ ok: false });
    expect((await h.as({ type: 'kbUrl.set', url: 'javascript:alert(1)' })).value).toMatchObject({ ok: false });
    await h.as({ type: 'kbUrl.set', url: server.url('/kb.md') });
    const v = (await h.as({ type: 'kbUrl.set', url: '' })).value.view;
    expect(v).toMatchObject({ url: null, articles: 0, checkedAt: null });
    expect(await h.search('zebra')).toEqual([]);
  });

  it('checks at start once per browser session and every few hours by an alarm', async () => {
    const h = await setup();
    await startKbSync(h.kbSync);
    expect(await fakeBrowser.alarms.getAll()).toEqual([]);
    await h.as({ type: 'kbUrl.set', url: server.url('/kb.md') });
    await fakeBrowser.storage.session.clear(); // a new start of the browser
    await startKbSync(h.kbSync);
    const alarm = await fakeBrowser.alarms.get(KB_SYNC_ALARM);
    expect(alarm).toMatchObject({ periodInMinutes: KB_SYNC_PERIOD_MINUTES });
    expect(server.seen.length).toBe(2);
    // A start of the worker in the same session: not due, nothing asked, the alarm kept as it was.
    await startKbSync(h.kbSync);
    expect(server.seen.length).toBe(2);
    expect((await fakeBrowser.alarms.get(KB_SYNC_ALARM))!.scheduledTime).toBe(alarm!.scheduledTime);
  });

  it('is due again when the clock went back past the last check, and not before its period otherwise', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: 1_800_000_000_000 });
    try {
      const h = await setup();
      await h.as({ type: 'kbUrl.set', url: server.url('/kb.md') });
      expect(await h.kbSync.due()).toBe(false);
      vi.setSystemTime(1_800_000_000_000 + KB_SYNC_PERIOD_MINUTES * 60_000 - 60_000);
      expect(await h.kbSync.due()).toBe(false);
      vi.setSystemTime(1_800_000_000_000 + KB_SYNC_PERIOD_MINUTES * 60_000);
      expect(await h.kbSync.due()).toBe(true);
      // Put back a day: without this, the next check would wait a day and the period.
      vi.setSystemTime(1_800_000_000_000 - 86_400_000);
      expect(await h.kbSync.due()).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
