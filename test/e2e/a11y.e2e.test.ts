import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, describeViolations, type Evaluate } from './harness/axe';
import { launchChromium, openExtensionPage, openRealSidePanel, type ChromiumHarness, type SidePanel } from './harness/chromium';
import { configureChromium, startModel, waitForChat, type ModelForExtension } from './harness/chat';
import { chooseFromMenu, openTicket, showTab, startDemoHelpdesk, theCard, TICKET_1, waitForTools, waitIn, type DemoHelpdesk } from './harness/deskmate';
import { keepForDocs, pageScreenshot, panelScreenshot } from './harness/screenshots';
import { poll } from './harness/wait';

type Scheme = 'light' | 'dark';
const SCHEMES: Scheme[] = ['light', 'dark'];
/** --bg in src/ui/styles.css, light and dark. */
const BACKGROUND: Record<Scheme, string> = { light: 'rgb(255, 255, 255)', dark: 'rgb(23, 25, 28)' };

/** What has the focus in the panel: its test id, else its tag, and whether it sits in a confirm card. */
const focused = (panel: SidePanel) =>
  panel.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return { testid: el?.getAttribute('data-testid') ?? el?.tagName.toLowerCase() ?? '', inCard: !!el?.closest('[data-testid="confirm-card"]') };
  });

/** Presses Tab until the element with `testid` has the focus, as a keyboard user would. */
async function tabTo(panel: SidePanel, testid: string, limit = 80): Promise<number> {
  for (let presses = 0; presses <= limit; presses++) {
    if ((await focused(panel)).testid === testid) return presses;
    await panel.press('Tab');
  }
  throw new Error(`${testid} never took the focus in ${limit} presses of Tab; the focus is on ${JSON.stringify(await focused(panel))}`);
}

/**
 * Accessibility in real Chromium, measured with axe-core (every rule, any impact) on the sidebar
 * in the real side panel and on the options page, light and dark; and the whole story from the
 * keyboard alone: ask, Tab to the draft's Send…, Enter, the focus on the confirm card, scroll the
 * body, Confirm, and the focus back on the draft.
 */
describe('a11y: axe-core finds nothing and the keyboard alone tells the whole story', () => {
  let chromium: ChromiumHarness;
  let helpdesk: DemoHelpdesk;
  let m: ModelForExtension;
  const found: Record<string, number> = {};

  async function expectNoViolations(
    where: string,
    evaluate: Evaluate,
    setScheme: (s: Scheme | '') => Promise<void>,
    inDark?: () => Promise<unknown>,
  ) {
    for (const scheme of SCHEMES) {
      await setScheme(scheme);
      // The scheme is really in force: the page's own background follows it.
      expect(await evaluate('getComputedStyle(document.body).backgroundColor'), `${where} in ${scheme} mode`).toBe(BACKGROUND[scheme]);
      if (scheme === 'dark') await inDark?.();
      const violations = await axeViolations(evaluate);
      found[`${where} (${scheme})`] = violations.length;
      expect.soft(violations, `${where} in ${scheme} mode:\n${describeViolations(violations)}`).toEqual([]);
    }
    await setScheme('');
  }

  beforeAll(async () => {
    helpdesk = await startDemoHelpdesk();
    m = await startModel({ chunkDelayMs: 2 });
    chromium = await launchChromium();
    await configureChromium(chromium.context, chromium.extensionId, m);
  });
  afterAll(async () => {
    console.log(`axe violations found: ${JSON.stringify(found)}`);
    await chromium?.close();
    await m?.model.close();
    await helpdesk?.close();
  });

  it('the sidebar: asked, drafted, sent and audited by keyboard; no violations in chat, confirm card, page actions and audit', async () => {
    const page = await openTicket(chromium.context, helpdesk, TICKET_1.id);
    const panel = await openRealSidePanel(chromium.context, chromium.extensionId, page);
    const axeIn = (where: string, inDark?: () => Promise<unknown>) =>
      expectNoViolations(where, (e) => panel.evaluate(e), (s) => panel.emulateColorScheme(s), inDark);
    await panel.waitFor('[data-testid="chat-input"]');
    await axeIn('sidebar, empty chat');
    await panel.click('[data-testid="header-menu"]');
    await panel.waitFor('[data-testid="header-menu-items"]');
    await axeIn('sidebar, the header menu open');
    await panel.press('Escape');

    // Ask by keyboard.
    await tabTo(panel, 'chat-input');
    await panel.type('What does the customer want? Draft a reply.');
    await panel.press('Enter');
    await waitForChat(panel, (v) => !v.running && v.drafts.length === 1, 'the draft card', { timeoutMs: 40_000 });

    // The answer is announced once, politely, by an element that is not the streaming text. The
    // announcement is set after the draft is painted (an effect), so it is waited for.
    const said = await waitIn(panel, (s: string) => document.querySelector(s)?.textContent || undefined, '[data-testid="chat-announcer"]', 'the answer announced');
    const live = await panel.evaluate(() => ({
      polite: [...document.querySelectorAll('[aria-live="polite"]')].map((el) => el.getAttribute('data-testid') ?? el.className),
      logLive: document.querySelector('.chat-log')?.getAttribute('aria-live') ?? null,
      said: document.querySelector('[data-testid="chat-announcer"]')?.textContent ?? '',
    }));
    expect(live.logLive).toBeNull();
    expect(live.polite).toContain('chat-announcer');
    expect(live.said).toBe(said);

    // Tab to the draft's Send…, Enter: the confirm card opens with the focus on it.
    await tabTo(panel, 'draft-send');
    await panel.press('Enter');
    await theCard(panel, ['pending']);
    await poll(async () => ((await focused(panel)).inCard ? true : undefined), 'the focus to move to the confirm card');
    await axeIn('sidebar, chat with a draft and a confirm card', () => panelScreenshot(chromium.context, panel, 'dark-sidebar-draft-confirm'));

    // Scroll the body by keyboard to its end; Confirm is then on offer; Enter sends.
    await tabTo(panel, 'confirm-body');
    await panel.press('End');
    await waitIn(panel, () => !document.querySelector<HTMLButtonElement>('[data-testid="confirm-accept"]')?.disabled, null, 'Confirm to be enabled after End');
    await tabTo(panel, 'confirm-accept');
    await panel.press('Enter');
    const done = await theCard(panel, ['sent', 'refused', 'failed', 'unknown'], { timeoutMs: 20_000 });
    expect(done.state, done.status).toBe('sent');
    expect(await helpdesk.sentLog()).toHaveLength(1);
    // The focus goes back to the draft whose Send… opened the card.
    await poll(async () => ((await focused(panel)).testid === 'draft-send' ? true : undefined), 'the focus to go back to the draft');
    await axeIn('sidebar, chat after the send');
    await chooseFromMenu(panel, 'outbound-toggle');
    await panel.waitFor('[data-testid="outbound-turn"]');
    await axeIn('sidebar, what was sent to the model');
    await panel.click('[data-testid="outbound-close"]');

    await showTab(panel, 'Page');
    await waitForTools(panel, ['ticket.read', 'reply.fill']);
    // What sends has no form there: the tab says it goes from the draft in the chat.
    await panel.waitFor('[data-testid="send-from-chat"]');
    await axeIn('sidebar, page actions');
    await showTab(panel, 'Audit');
    await panel.waitFor('[data-testid="audit-entry"]');
    await axeIn('sidebar, audit');
    await panel.close();
    await page.close();
  });

  it('the options page has no violations, light or dark', async () => {
    const options = await openExtensionPage(chromium.context, chromium.extensionId, 'options.html', { timeoutMs: 15_000 });
    await options.waitForSelector('[data-testid=settings-save]');
    await options.setViewportSize({ width: 900, height: 1400 });
    await expectNoViolations(
      'options',
      (e) => options.evaluate(e),
      (s) => options.emulateMedia({ colorScheme: s === '' ? null : s }),
      async () => keepForDocs(await pageScreenshot(options, 'dark-options'), 'dark-options'),
    );
    await options.close();
  });
});
