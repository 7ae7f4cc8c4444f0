import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { loadTabPages, type TabPage } from '../../../src/background/pages/tab-pages';

const page = (tabId: number, ticket = '7'): TabPage => ({
  tabId,
  adapterId: 'demo-helpdesk',
  origin: 'http://127.0.0.1:4517',
  url: `http://127.0.0.1:4517/tickets/${ticket}`,
  ticket: { key: ticket, label: `#${ticket}` },
});

/** The keys written by each storage.session.set call from now on. */
function recordWrites() {
  const writes: string[][] = [];
  const set = fakeBrowser.storage.session.set.bind(fakeBrowser.storage.session);
  vi.spyOn(fakeBrowser.storage.session, 'set').mockImplementation(async (items) => {
    writes.push(Object.keys(items));
    return set(items);
  });
  return writes;
}

describe('the tab pages in storage', () => {
  beforeEach(() => {
    vi.restoreAllMocks();
    fakeBrowser.reset();
  });

  it('writes only the tab that changed, however many tabs are known', async () => {
    const pages = await loadTabPages();
    for (let id = 1; id <= 50; id++) await pages.set(page(id));
    const writes = recordWrites();
    await pages.set(page(17, '8'));
    expect(writes).toEqual([['tabPage:17']]);
  });

  it('costs no write when a page announces itself again unchanged', async () => {
    const pages = await loadTabPages();
    await pages.set(page(3));
    const writes = recordWrites();
    await pages.set(page(3));
    expect(writes).toEqual([]);
  });

  it('is known again by a restarted worker, without the dropped tabs', async () => {
    const pages = await loadTabPages();
    await pages.set(page(1));
    await pages.set(page(2, '9'));
    expect(await pages.drop(1)).toBe(true);
    expect(await pages.drop(1)).toBe(false);
    const restarted = await loadTabPages();
    expect(restarted.all()).toEqual([page(2, '9')]);
    expect(restarted.get(1)).toBeUndefined();
  });

  it('sets a tab again after it was dropped', async () => {
    const pages = await loadTabPages();
    await pages.set(page(4));
    await pages.drop(4);
    await pages.set(page(4));
    expect((await loadTabPages()).get(4)).toEqual(page(4));
  });
});
