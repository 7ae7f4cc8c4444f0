import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, openRealSidePanel, type ChromiumHarness, type SidePanel } from './harness/chromium';
import { chatView, configureChromium, startModel, toolNamesOf, waitForChat, type ModelForExtension } from './harness/chat';
import { openTicket, startDemoHelpdesk, TICKET_1, waitIn, type DemoHelpdesk } from './harness/deskmate';

const READ_TOOLS = ['kb__search', 'reply__propose', 'ticket__read', 'tickets__search'];
const GERMAN_TICKET = 9;
const numbersOf = (text: string) => text.match(/\d+(?:[.,:-]\d+)*/g) ?? [];

describe('agent.quick-actions: one click each, through the agent with read tools only', () => {
  let chromium: ChromiumHarness;
  let helpdesk: DemoHelpdesk;
  let m: ModelForExtension;
  const opened: (Page | SidePanel)[] = [];

  beforeAll(async () => {
    helpdesk = await startDemoHelpdesk();
    m = await startModel({ chunkDelayMs: 1 });
    chromium = await launchChromium();
    await configureChromium(chromium.context, chromium.extensionId, m);
  });
  afterAll(async () => {
    for (const p of opened) await p.close().catch(() => undefined);
    await chromium?.close();
    await m?.model.close();
    await helpdesk?.close();
  });

  async function open(ticket: number): Promise<SidePanel> {
    // One side panel at a time: Chrome shows a window's panel once, so an earlier one is closed first.
    for (const p of opened.splice(0)) await p.close().catch(() => undefined);
    const page = await openTicket(chromium.context, helpdesk, ticket);
    const panel = await openRealSidePanel(chromium.context, chromium.extensionId, page);
    opened.push(panel, page);
    // The sidebar knows the tab's ticket once its page has announced itself (the per-ticket
    // context box shows); an action clicked before then belongs to no ticket yet.
    await panel.waitFor('[data-testid="ticket-context"]');
    await panel.waitFor('[data-testid="quick-action"][data-action="draft"]:not([disabled])');
    return panel;
  }

  /** Clicks an action and waits for its turn to end with the ticket's one draft holding `versions` earlier versions. */
  async function act(panel: SidePanel, action: string, versions: number | null) {
    const before = (await waitForChat(panel, (v) => !v.running, 'no turn running')).users.length;
    await panel.click(`[data-testid="quick-action"][data-action="${action}"]:not([disabled])`);
    // Its own turn: the action shows as the agent's message, then the answer ends the turn.
    const view = await waitForChat(
      panel,
      (v) => v.users.length === before + 1 && !v.running && v.drafts.length === (versions === null ? 0 : 1) && !v.assistants.some((a) => a.streaming),
      `the ${action} action to finish`,
      { timeoutMs: 40_000 },
    );
    if (versions !== null) expect(await earlier(panel)).toBe(versions);
    return { ...view, draft: view.drafts[0] ?? '' };
  }
  /** How many earlier versions the ticket's draft keeps. */
  const earlier = (panel: SidePanel) => panel.evaluate(() => document.querySelectorAll('[data-testid="draft-card"][data-audience="reply"] [data-testid="draft-version"]').length, null);

  it('drafts, then Shorter keeps every number, More formal and Friendlier rewrite the one draft in place, Summarize and Note give their cards', async () => {
    const panel = await open(TICKET_1.id);
    const draft = (await act(panel, 'draft', 0)).draft;
    expect(draft).toMatch(/^Hi Maria,/);
    // The rewrites are on the draft they act on, not in the row of quick actions.
    expect(await panel.evaluate(() => [...document.querySelectorAll('[data-testid="draft-card"] [data-testid="quick-action"]')].map((b) => b.getAttribute('data-action')), null)).toEqual([
      'shorter',
      'friendlier',
      'formal',
      'translate_draft',
    ]);

    const short = (await act(panel, 'shorter', 1)).draft;
    expect(short.length).toBeLessThan(draft.length);
    for (const n of numbersOf(draft)) expect(short, `Shorter dropped ${n}`).toContain(n);

    const formal = (await act(panel, 'formal', 2)).draft;
    expect(formal).toMatch(/^Dear Maria,/);
    expect(formal).toMatch(/Kind regards,$/);
    const friendly = (await act(panel, 'friendlier', 3)).draft;
    expect(friendly).toContain('Thanks so much');
    for (const n of numbersOf(formal)) expect(friendly).toContain(n);

    await act(panel, 'summarize', 3);
    const summary = await waitIn(panel, () => document.querySelector('[data-testid="assistant-message"][data-card="summary"]')?.textContent, null, 'the summary card');
    expect(summary).toMatch(/Wants:[\s\S]*Tried:[\s\S]*Promised:[\s\S]*Next:/);
    expect(await panel.evaluate(() => document.querySelectorAll('[data-card="summary"] [data-testid="summary-copy"]').length, null)).toBe(1);
    await panel.click('[data-testid="quick-action"][data-action="note"]:not([disabled])');
    const note = await waitIn(panel, () => document.querySelector<HTMLTextAreaElement>('[data-testid="draft-card"][data-audience="note"] [data-testid="draft-body"]')?.value, null, 'the note draft');
    expect(note).toContain('Internal note');

    const actions = await panel.evaluate(() => [...document.querySelectorAll('[data-testid="user-message"]')].map((u) => u.getAttribute('data-action')), null);
    expect(actions).toEqual(['draft', 'shorter', 'formal', 'friendlier', 'summarize', 'note']);
    for (const request of m.model.requests()) expect(toolNamesOf(request).every((n) => READ_TOOLS.includes(n))).toBe(true);
    expect(await helpdesk.sentLog()).toEqual([]);
  });

  it('translates the draft into the language the customer writes in; Translate in the row is the ticket, for the agent', async () => {
    const panel = await open(GERMAN_TICKET);
    const draft = (await act(panel, 'draft', 0)).draft;
    expect(draft).toMatch(/^Hi Jonas,/);
    const german = (await act(panel, 'translate_draft', 1)).draft;
    expect(german).toMatch(/^Hallo Jonas,/);
    expect(german).toContain('vielen Dank für Ihre Nachricht');
    expect(german).toMatch(/Mit freundlichen Grüßen$/);
    for (const n of numbersOf(draft)) expect(german).toContain(n);

    // The ticket's translation is a card for the agent: no "Use as draft", and the draft stays as it was.
    await act(panel, 'translate', 1);
    const card = await waitIn(panel, () => document.querySelector('[data-testid="assistant-message"][data-card="translation"]')?.textContent, null, 'the translation card');
    expect(card).toContain('The ticket in English');
    expect(await panel.evaluate(() => document.querySelector('[data-card="translation"] [data-testid="use-as-draft"]'), null)).toBeNull();
    expect((await chatView(panel)).drafts).toEqual([german]);
  });
});
