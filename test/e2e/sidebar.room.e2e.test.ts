import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ask, configureChromium, startModel, waitForChat, type ModelForExtension } from './harness/chat';
import { launchChromium, openExtensionPage, openRealSidePanel, type ChromiumHarness, type SidePanel } from './harness/chromium';
import { openTicket, pageDriver, sendToBackground, startDemoHelpdesk, theCard, TICKET_1, type DemoHelpdesk } from './harness/deskmate';
import { keepForDocs, panelScreenshot } from './harness/screenshots';

/** The size the sidebar is measured at: a side panel widened a little, on a laptop's screen. */
const SIZE = { width: 400, height: 800 };
/** What the controls that never scroll may take at that size, at most (peer copilots keep 100-150 px). */
const FIXED_MAX_PX = 150;
const SCHEMES = ['light', 'dark'] as const;

interface Room {
  /** The panel's layout size, as emulated. */
  size: [number, number];
  /** The panel's height less the conversation's: what the header, tabs, quick actions and input take. */
  fixed: number;
  /** Drafts, confirm cards and the setup card scroll with the conversation: nothing in them scrolls on its own. */
  innerScrollers: string[];
  /** Elements that should be in the conversation and are not. */
  outside: string[];
}

/** Measures the sidebar as it is laid out now, in the real panel. */
const measure = (panel: SidePanel): Promise<Room> =>
  panel.evaluate(() => {
    const log = document.querySelector('.chat-log')!;
    const scrolls = (el: Element) => /auto|scroll/.test(getComputedStyle(el).overflowY) && el.scrollHeight > el.clientHeight + 1;
    const cards = '[data-testid="draft-card"], [data-testid="confirm-card"], [data-testid="setup-card"]';
    const inner = [...log.querySelectorAll(cards)].flatMap((card) => [card, ...card.querySelectorAll('*')]).filter(scrolls).map((el) => el.getAttribute('data-testid') ?? el.className);
    const belongs = ['[data-testid="draft-card"]', '[data-testid="confirm-card"]', '[data-testid="setup-card"]', '[data-testid="ticket-context"]'];
    return {
      size: [innerWidth, innerHeight] as [number, number],
      fixed: Math.round(innerHeight - log.getBoundingClientRect().height),
      innerScrollers: inner,
      outside: belongs.filter((s) => document.querySelector(s) && !log.contains(document.querySelector(s))),
    };
  }, null);

/**
 * Room for the conversation, in real Chromium with the built extension, the real side panel laid
 * out at 400×800: the one-line header, the tabs, one row of quick actions and the message box
 * take at most 150 px on an empty chat, with a draft and with a confirm card, light and dark;
 * drafts and the confirm text take their natural height in the conversation's one scroll; the
 * setup card takes the conversation's place; every control is reached from the keyboard.
 */
describe('sidebar.room: the conversation gets the sidebar', () => {
  let chromium: ChromiumHarness;
  let helpdesk: DemoHelpdesk;
  let m: ModelForExtension;
  let panel: SidePanel;
  const found: Record<string, number> = {};

  const check = async (state: string) => {
    for (const scheme of SCHEMES) {
      await panel.emulateColorScheme(scheme);
      const room = await measure(panel);
      found[`${state} (${scheme})`] = room.fixed;
      expect(room.size, `${state}, ${scheme}: the panel's size`).toEqual([SIZE.width, SIZE.height]);
      expect(room.fixed, `${state}, ${scheme}: fixed parts`).toBeLessThanOrEqual(FIXED_MAX_PX);
      expect(room.innerScrollers, `${state}, ${scheme}: boxes scrolling inside the conversation`).toEqual([]);
      expect(room.outside, `${state}, ${scheme}: cards outside the conversation`).toEqual([]);
      await panelScreenshot(chromium.context, panel, `room-${state}-${scheme}`);
    }
    await panel.emulateColorScheme('');
  };

  beforeAll(async () => {
    helpdesk = await startDemoHelpdesk();
    m = await startModel({ chunkDelayMs: 2 });
    chromium = await launchChromium();
    await configureChromium(chromium.context, chromium.extensionId, m);
    // A team's saved replies: their menu sits in the quick actions' row.
    const options = await openExtensionPage(chromium.context, chromium.extensionId, 'options.html');
    const imported = await sendToBackground(pageDriver(options), { type: 'savedReplies.import', data: { version: 1, replies: [{ id: 'ack', title: 'Looking into it', body: 'Hi {{customer.first_name}}, we are on it.' }] } });
    expect(imported.ok).toBe(true);
    await options.close();
    const page = await openTicket(chromium.context, helpdesk, TICKET_1.id);
    panel = await openRealSidePanel(chromium.context, chromium.extensionId, page);
    await panel.emulateSize(SIZE);
  });
  afterAll(async () => {
    console.log(`fixed parts at ${SIZE.width}×${SIZE.height} (px): ${JSON.stringify(found)}`);
    await chromium?.close();
    await m?.model.close();
    await helpdesk?.close();
  });

  it('an empty chat: the fixed parts take at most 150 px, the quick actions come on once the model answers', async () => {
    await panel.waitFor('[data-testid="quick-action"][data-action="draft"]:not([disabled])', { timeoutMs: 20_000 });
    await panel.waitFor('[data-testid="saved-replies-menu"]');
    await panel.waitFor('[data-testid="ticket-context"]');
    expect(await panel.evaluate(() => document.querySelector('[data-testid="chat-settings"]')?.getAttribute('data-state'), null)).toBe('answers');
    // One row of quick actions, one line of header.
    const rows = await panel.evaluate(() => {
      const tops = (sel: string) => new Set([...document.querySelectorAll(`${sel} > *`)].map((el) => Math.round(el.getBoundingClientRect().top)));
      return { quick: tops('.quick-actions').size, header: document.querySelector('header')!.getBoundingClientRect().height };
    }, null);
    expect(rows.quick).toBe(1);
    expect(rows.header).toBeLessThanOrEqual(40);
    await check('empty');
  });

  it('every control is reached from the keyboard: header, menu, tabs, quick actions, saved replies, the box', async () => {
    const focused = () => panel.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.getAttribute('role') ?? document.activeElement?.tagName.toLowerCase() ?? '', null);
    const reached = new Set<string>();
    await panel.evaluate(() => (document.activeElement as HTMLElement | null)?.blur(), null);
    for (let i = 0; i < 40; i++) {
      await panel.press('Tab');
      reached.add(await focused());
    }
    for (const id of ['chat-settings', 'header-menu', 'tab', 'quick-action', 'saved-replies-menu', 'chat-input', 'chat-send']) expect([...reached], id).toContain(id);
    // The menu opens from the keyboard, and its items follow its button.
    await panel.evaluate(() => document.querySelector<HTMLElement>('[data-testid="header-menu"]')!.focus(), null);
    await panel.press('Enter');
    const items: string[] = [];
    for (let i = 0; i < 3; i++) {
      await panel.press('Tab');
      items.push(await focused());
    }
    expect(items).toEqual(['outbound-toggle', 'chat-new', 'open-options']);
    await panel.press('Escape');
    expect(await focused()).toBe('header-menu');
    expect(await panel.evaluate(() => document.querySelector('[data-testid="header-menu-items"]'), null)).toBeNull();
  });

  it('with a draft: the draft at its natural height in the conversation, the fixed parts as before', async () => {
    await ask(panel, 'What does the customer want? Draft a reply.');
    await waitForChat(panel, (v) => !v.running && v.drafts.length === 1, 'the draft card', { timeoutMs: 40_000 });
    const box = await panel.evaluate(() => {
      const el = document.querySelector<HTMLTextAreaElement>('[data-testid="draft-body"]')!;
      return { scroll: el.scrollHeight, client: el.clientHeight };
    }, null);
    expect(box.client).toBeGreaterThanOrEqual(box.scroll);
    await panel.evaluate(() => document.querySelector('[data-testid="draft-card"]')!.scrollIntoView({ block: 'start' }), null);
    await check('draft');
    await keepForDocs(await panelScreenshot(chromium.context, panel, 'sidebar-draft'), 'sidebar-draft');
  });

  it('with a confirm card: its text in the conversation at its natural height, the fixed parts as before', async () => {
    await panel.click('[data-testid="draft-send"]');
    await theCard(panel, ['pending']);
    await panel.evaluate(() => document.querySelector('[data-testid="confirm-card"]')!.scrollIntoView({ block: 'start' }), null);
    await check('confirm');
    await keepForDocs(await panelScreenshot(chromium.context, panel, 'sidebar-confirm'), 'sidebar-confirm');
    await panel.emulateColorScheme('dark');
    await keepForDocs(await panelScreenshot(chromium.context, panel, 'dark-sidebar-draft-confirm'), 'dark-sidebar-draft-confirm');
    await panel.emulateColorScheme('');
    await panel.click('[data-testid="confirm-cancel"]');
  });

  it('no model answers: the setup card takes the conversation’s place, the box stays, the quick actions go off', async () => {
    await m.model.close();
    await ask(panel, 'Are you there?');
    await panel.waitFor('[data-testid="setup-card"]', { timeoutMs: 20_000 });
    await panel.waitFor('[data-testid="quick-action"][data-action="draft"][disabled]');
    expect(await panel.evaluate(() => document.querySelector('[data-testid="chat-settings"]')?.getAttribute('data-state'), null)).toBe('silent');
    await panel.evaluate(() => document.querySelector('[data-testid="setup-card"]')!.scrollIntoView({ block: 'start' }), null);
    const room = await measure(panel);
    expect(room.size).toEqual([SIZE.width, SIZE.height]);
    expect(room.fixed).toBeLessThanOrEqual(FIXED_MAX_PX);
    expect(room.outside).toEqual([]);
    // The card and the box are both there to use: the box is not pushed below the fold.
    const seen = await panel.evaluate(() => {
      const inView = (sel: string) => {
        const r = document.querySelector(sel)!.getBoundingClientRect();
        return r.top >= 0 && r.bottom <= innerHeight;
      };
      return { title: inView('[data-testid="setup-card"] h2'), input: inView('[data-testid="chat-input"]') };
    }, null);
    expect(seen).toEqual({ title: true, input: true });
    await panelScreenshot(chromium.context, panel, 'room-setup-card');
  });
});
