import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, openRealSidePanel, type ChromiumHarness, type SidePanel } from './harness/chromium';
import { configureChromium, startModel, toolNamesOf, waitForChat, type ModelForExtension } from './harness/chat';
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

  /** Clicks an action and waits for its turn to end with `drafts` draft cards. */
  async function act(panel: SidePanel, action: string, drafts: number) {
    const before = (await waitForChat(panel, (v) => !v.running, 'no turn running')).users.length;
    await panel.click(`[data-testid="quick-action"][data-action="${action}"]:not([disabled])`);
    // Its own turn: the action shows as the agent's message, then the answer ends the turn.
    return waitForChat(
      panel,
      (v) => v.users.length === before + 1 && !v.running && v.drafts.length === drafts && !v.assistants.some((a) => a.streaming),
      `the ${action} action to finish`,
      { timeoutMs: 40_000 },
    );
  }

  it('drafts, then Shorter keeps every number, More formal and Friendlier rewrite, Summarize and Note give their cards', async () => {
    const panel = await open(TICKET_1.id);
    const draft = (await act(panel, 'draft', 1)).drafts[0]!;
    expect(draft).toMatch(/^Hi Maria,/);

    const short = (await act(panel, 'shorter', 2)).drafts[1]!;
    expect(short.length).toBeLessThan(draft.length);
    for (const n of numbersOf(draft)) expect(short, `Shorter dropped ${n}`).toContain(n);

    const formal = (await act(panel, 'formal', 3)).drafts[2]!;
    expect(formal).toMatch(/^Dear Maria,/);
    expect(formal).toMatch(/Kind regards,$/);
    const friendly = (await act(panel, 'friendlier', 4)).drafts[3]!;
    expect(friendly).toContain('Thanks so much');
    for (const n of numbersOf(formal)) expect(friendly).toContain(n);

    await act(panel, 'summarize', 4);
    const summary = await waitIn(panel, () => document.querySelector('[data-testid="assistant-message"][data-card="summary"]')?.textContent, null, 'the summary card');
    expect(summary).toMatch(/Wants:[\s\S]*Tried:[\s\S]*Promised:[\s\S]*Next:/);
    expect(await panel.evaluate(() => document.querySelectorAll('[data-card="summary"] [data-testid="summary-copy"]').length, null)).toBe(1);
    await act(panel, 'note', 4);
    expect(await waitIn(panel, () => document.querySelector('[data-card="note"]')?.textContent, null, 'the note card')).toContain('Internal note');

    const actions = await panel.evaluate(() => [...document.querySelectorAll('[data-testid="user-message"]')].map((u) => u.getAttribute('data-action')), null);
    expect(actions).toEqual(['draft', 'shorter', 'formal', 'friendlier', 'summarize', 'note']);
    for (const request of m.model.requests()) expect(toolNamesOf(request).every((n) => READ_TOOLS.includes(n))).toBe(true);
    expect(await helpdesk.sentLog()).toEqual([]);
  });

  it('translates a draft into the language the customer writes in', async () => {
    const panel = await open(GERMAN_TICKET);
    const draft = (await act(panel, 'draft', 1)).drafts[0]!;
    expect(draft).toMatch(/^Hi Jonas,/);
    const german = (await act(panel, 'translate', 2)).drafts[1]!;
    expect(german).toMatch(/^Hallo Jonas,/);
    expect(german).toContain('vielen Dank für Ihre Nachricht');
    expect(german).toMatch(/Mit freundlichen Grüßen$/);
    for (const n of numbersOf(draft)) expect(german).toContain(n);
  });
});
