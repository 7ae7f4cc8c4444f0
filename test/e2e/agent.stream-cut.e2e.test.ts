import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchChromium, openRealSidePanel, type ChromiumHarness, type SidePanel } from './harness/chromium';
import { ask, configureChromium, messagesOf, RETRY, startModel, turnEnded, waitForChat, type ModelForExtension } from './harness/chat';
import { openTicket, sendToBackground, startDemoHelpdesk, TICKET_1, TICKET_2, type DemoHelpdesk } from './harness/deskmate';
import { poll } from './harness/wait';
import { attack } from '../security/attack';

const QUESTION = 'What does the customer want?';
const FULL = 'The customer was charged twice for order NW-20931 and wants the duplicate charge refunded.';
const CUT_AT = 30;

/** A stream that drops mid-answer: the partial answer stays, marked as cut, and Retry answers again. */
describe('agent.stream-cut: an answer cut mid-stream', () => {
  let chromium: ChromiumHarness;
  let helpdesk: DemoHelpdesk;
  let m: ModelForExtension;
  let page: Page | undefined;
  let panel: SidePanel | undefined;

  beforeAll(async () => {
    helpdesk = await startDemoHelpdesk();
    m = await startModel({ chunkDelayMs: 5 });
    chromium = await launchChromium();
    await configureChromium(chromium.context, chromium.extensionId, m);
  });
  afterAll(async () => {
    await chromium?.close();
    await m?.model.close();
    await helpdesk?.close();
  });
  beforeEach(async () => {
    await panel?.close().catch(() => undefined);
    await page?.close().catch(() => undefined);
    await helpdesk.reset();
    m.model.reset();
  });

  /** A fresh ticket tab (a fresh conversation) with the question asked, and the cut shown. */
  async function cutAnswer(): Promise<SidePanel> {
    page = await openTicket(chromium.context, helpdesk, TICKET_1.id);
    panel = await openRealSidePanel(chromium.context, chromium.extensionId, page);
    await panel.waitFor('[data-testid="chat-input"]');
    await ask(panel, QUESTION);
    // The connection drops only once the sidebar shows the text before the cut: a browser throws
    // away what it has received but not yet read when a connection errors, so a cut on a timer
    // would leave an empty answer on a busy machine.
    await waitForChat(panel, (v) => v.assistants[0]?.text.trim() === FULL.slice(0, CUT_AT).trim(), 'the text before the cut');
    m.model.releaseCut();
    const view = await turnEnded(panel, 'the cut answer');

    expect(view.assistants).toHaveLength(1);
    const partial = view.assistants[0]!;
    expect(partial.cut).toBe('stream_cut');
    expect(partial.text.trim().length).toBeGreaterThan(0);
    expect(partial.text.trim().length).toBeLessThanOrEqual(CUT_AT);
    expect(FULL.startsWith(partial.text.trim())).toBe(true);
    expect(view.errors).toHaveLength(1);
    expect(view.errors[0]!.retry).toBe(true);
    expect(view.running).toBe(false);
    expect(m.model.requests()).toHaveLength(1);
    return panel;
  }

  it('keeps the partial answer marked as cut; Retry gets the next scripted answer in full', async () => {
    m.model.script([{ text: FULL, cutAfterChars: CUT_AT, holdCut: true }, { text: FULL }]);
    const p = await cutAnswer();

    await p.click(RETRY);
    const view = await waitForChat(p, (v) => !v.running && v.assistants.some((a) => a.text.trim() === FULL), 'the full answer after Retry');
    const last = view.assistants.at(-1)!;
    expect(last.text.trim()).toBe(FULL);
    expect(last.cut).toBeNull();
    // The cut answer is still shown above, still marked; the question is not asked twice.
    expect(view.assistants[0]!.cut).toBe('stream_cut');
    expect(view.users).toEqual([QUESTION]);
    // Retry asks again from the question: the partial answer is not sent as if it were complete.
    expect(m.model.requests()).toHaveLength(2);
    const retried = messagesOf(m.model.requests()[1]).filter((x) => x.role !== 'system');
    expect(retried).toEqual([{ role: 'user', content: QUESTION }]);
    // The old error's Retry is gone: the conversation ended well.
    expect(view.errors.every((e) => !e.retry)).toBe(true);
  });

  it('Retry after a cut with nothing more scripted: the demo logic answers in full', async () => {
    m.model.script([{ text: FULL, cutAfterChars: CUT_AT, holdCut: true }]);
    const p = await cutAnswer();

    await p.click(RETRY);
    const view = await waitForChat(
      p,
      (v) => !v.running && v.assistants.length >= 2 && !v.assistants.at(-1)!.streaming && v.assistants.at(-1)!.cut === null,
      'a complete answer from the demo logic after Retry',
      { timeoutMs: 40_000 },
    );
    expect(view.assistants.at(-1)!.text.trim().length).toBeGreaterThan(0);
    expect(view.tools.every((t) => t.status === 'ok')).toBe(true);
    expect(view.errors.every((e) => !e.retry)).toBe(true);
    expect(view.users).toEqual([QUESTION]);
    expect(m.model.requests().length).toBeGreaterThanOrEqual(2);
  });

  it('Stop while the answer streams stops the turn in the background: the answer stays, marked as stopped, and the next question is answered', async () => {
    m.model.script([{ text: FULL, cutAfterChars: CUT_AT, holdCut: true }, { text: 'Second answer.' }]);
    page = await openTicket(chromium.context, helpdesk, TICKET_1.id);
    panel = await openRealSidePanel(chromium.context, chromium.extensionId, page);
    await panel.waitFor('[data-testid="chat-input"]');
    await ask(panel, QUESTION);
    await waitForChat(panel, (v) => v.assistants[0]?.text.trim() === FULL.slice(0, CUT_AT).trim(), 'the text before the hold');
    await panel.click('[data-testid="chat-stop"]');
    // Marked by the background's own end of the turn: the sidebar alone only stops showing it running.
    const view = await waitForChat(panel, (v) => !v.running && v.assistants[0]?.cut === 'aborted', 'the answer marked as stopped by the background');
    expect(view.assistants).toHaveLength(1);
    expect(FULL.startsWith(view.assistants[0]!.text.trim())).toBe(true);
    expect(m.model.requests()).toHaveLength(1);

    await ask(panel, 'And the order number?');
    const next = await waitForChat(panel, (v) => !v.running && v.assistants.at(-1)?.text.trim() === 'Second answer.', 'the next answer');
    expect(next.assistants).toHaveLength(2);
    expect(m.model.requests()).toHaveLength(2);
  });

  attack('Stop clicked on ticket 1041’s answer while the tab loads ticket 1042 leaves that answer running, or stops 1042’s conversation instead', async () => {
    m.model.script([{ text: FULL, cutAfterChars: CUT_AT, holdCut: true }, { text: 'An answer on 1042.' }]);
    page = await openTicket(chromium.context, helpdesk, TICKET_1.id);
    panel = await openRealSidePanel(chromium.context, chromium.extensionId, page);
    await panel.waitFor('[data-testid="chat-input"]');
    await ask(panel, QUESTION);
    await waitForChat(panel, (v) => v.assistants[0]?.text.trim() === FULL.slice(0, CUT_AT).trim(), 'the text before the hold');
    // The hurried agent follows a link to the next ticket; its page is held by the network, so
    // the tab shows no ticket yet and the sidebar still shows 1041's running answer with Stop.
    const script = `${new URL(helpdesk.ticketUrl(TICKET_2.id)).origin}/assets/app.mjs`;
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(script, async (route) => {
      await held;
      await route.continue();
    });
    const moved = page.goto(helpdesk.ticketUrl(TICKET_2.id));
    const p = panel;
    await poll(async () => {
      const view = await sendToBackground<{ page: unknown }>(p, { type: 'view.get', tabId: p.tabId });
      return view.ok && view.value.page === null ? true : undefined;
    }, 'the tab’s page gone while the next one loads');
    await panel.click('[data-testid="chat-stop"]');
    // Stopped by the background, in 1041's conversation, before 1042 is even known.
    const stopped = await waitForChat(panel, (v) => !v.running && v.assistants[0]?.cut === 'aborted', '1041’s answer marked as stopped by the background');
    expect(stopped.users).toEqual([QUESTION]);
    release();
    await moved;
    await page.unroute(script);
    await waitForChat(panel, (v) => v.users.length === 0 && !v.running, '1042’s own conversation, empty');
    expect(m.model.requests()).toHaveLength(1);
    // Back on 1041: its answer is kept, stopped, and nothing runs there.
    await page.goto(helpdesk.ticketUrl(TICKET_1.id));
    const back = await waitForChat(panel, (v) => v.users.length === 1 && !v.running, '1041’s conversation again');
    expect(back.assistants).toHaveLength(1);
    expect(back.assistants[0]!.cut).toBe('aborted');
    expect(FULL.startsWith(back.assistants[0]!.text.trim())).toBe(true);
  });
});
