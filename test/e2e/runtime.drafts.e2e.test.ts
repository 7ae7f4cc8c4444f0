import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { attack } from '../security/attack';
import { launchChromium, openRealSidePanel, serviceWorkerStatus, stopServiceWorker, type ChromiumHarness, type SidePanel } from './harness/chromium';
import { ask, configureChromium, startModel, waitForChat, type ModelForExtension } from './harness/chat';
import { clickConfirm, confirmCards, openTicket, sendToBackground, startDemoHelpdesk, storedConfirmations, theCard, TICKET_1, type DemoHelpdesk } from './harness/deskmate';
import { poll } from './harness/wait';

declare const chrome: { storage: { session: { get(keys: null): Promise<Record<string, unknown>> } } };

const MODEL_TEXT = 'Hello Maria,\n\nThe duplicate charge is refunded.\n\nBest,\nSam';
const EDITED = 'Hello Maria,\n\nThe duplicate charge of EUR 89.90 is refunded today; you will see it in 3-5 days.\n\nBest,\nSam';
const EDITED_AGAIN = `${EDITED}\nP.S. Sorry for the trouble.`;

/**
 * Drafts as an agent meets them, in Chromium with the demo helpdesk: the agent's edit lives
 * with the conversation (a reload, a closed and reopened panel, a stopped worker keep it, and
 * Confirm sends it); a draft once sent says so and goes again only on "Send again"; a draft
 * belongs to its ticket, and the same ticket id on another site is another ticket.
 */
describe('runtime.drafts: drafts keep their edits, say when they were sent, and belong to their ticket', () => {
  let chromium: ChromiumHarness;
  let helpdesk: DemoHelpdesk;
  let m: ModelForExtension;
  let page: Page | undefined;
  let panel: SidePanel | undefined;

  beforeAll(async () => {
    helpdesk = await startDemoHelpdesk();
    m = await startModel({ chunkDelayMs: 2 });
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
    m.model.script([{ toolCalls: [{ name: 'reply__propose', arguments: { body: MODEL_TEXT } }] }, { text: 'The draft is in the card.' }]);
  });

  const sentTexts = async () => (await helpdesk.sentLog()).map((s) => s.text);
  const sendOffered = (p: SidePanel) =>
    poll(() => p.evaluate(() => (document.querySelector<HTMLButtonElement>('[data-testid="draft-send"]')?.disabled === false ? true : undefined)), 'Send… to be offered');
  const panelFor = async (p: Page) => {
    panel = await openRealSidePanel(chromium.context, chromium.extensionId, p);
    await panel.waitFor('[data-testid="chat-input"]');
    return panel;
  };
  /** A ticket with a draft from the model, in a panel. */
  async function drafted(url = helpdesk.ticketUrl(TICKET_1.id)): Promise<SidePanel> {
    page = await chromium.context.newPage();
    await page.goto(url);
    await page.waitForSelector(`.hd-ticket[data-ticket-id="${TICKET_1.id}"]`);
    const p = await panelFor(page);
    await ask(p, 'Draft a reply to Maria.');
    await waitForChat(p, (v) => !v.running && v.drafts.length === 1 && v.drafts[0] === MODEL_TEXT, 'the draft card');
    return p;
  }
  const showsDraft = (p: SidePanel, text: string, what: string) => waitForChat(p, (v) => v.drafts.length === 1 && v.drafts[0] === text, what, { timeoutMs: 20_000 });
  /** Types over the draft; what happens next comes at once, with no pause (the edit goes to the background as it is typed). */
  async function edit(p: SidePanel, text: string): Promise<void> {
    await p.fill('[data-testid="draft-body"]', text);
  }

  it('an edited draft survives a page reload, a closed and reopened panel and a stopped worker, and Confirm sends the edit', async () => {
    let p = await drafted();
    await edit(p, EDITED);

    await page!.reload();
    await showsDraft(p, EDITED, 'the edit after the page reloaded');

    await p.close();
    p = await panelFor(page!);
    await showsDraft(p, EDITED, 'the edit in a reopened panel');

    await edit(p, EDITED_AGAIN);
    await p.close();
    // Stopped once the worker holds the edit: a stop in the middle of its write is no closed panel.
    await poll(
      async () => (Object.values(await chromium.serviceWorker.evaluate(() => chrome.storage.session.get(null))).some((v) => JSON.stringify(v).includes(JSON.stringify(EDITED_AGAIN))) ? true : undefined),
      'the worker to keep the edit',
    );
    await stopServiceWorker(chromium.context);
    expect(await serviceWorkerStatus(chromium.context)).toBe('stopped');
    p = await panelFor(page!);
    await showsDraft(p, EDITED_AGAIN, 'the edit after the worker was stopped');

    await sendOffered(p);
    await p.click('[data-testid="draft-send"]');
    expect((await theCard(p, ['pending'])).body).toBe(EDITED_AGAIN);
    await clickConfirm(p);
    expect((await theCard(p, ['sent'], { timeoutMs: 20_000 })).state).toBe('sent');
    expect(await sentTexts()).toEqual([EDITED_AGAIN]);
    // The draft says it went, and when; its Send… is now "Send again…".
    expect(await p.text('[data-testid="draft-state"]')).toMatch(/^Sent at \d/);
    expect(await p.text('[data-testid="draft-send"]')).toBe('Send again…');
  });

  it('after a send, Send again… shows the sent card; a second post happens only on its explicit "Send again", and then exactly once more', async () => {
    const p = await drafted();
    await sendOffered(p);
    await p.click('[data-testid="draft-send"]');
    await clickConfirm(p);
    await theCard(p, ['sent'], { timeoutMs: 20_000 });
    expect(await sentTexts()).toEqual([MODEL_TEXT]);

    // After a reload, the draft still knows it was sent.
    await page!.reload();
    await poll(() => p.evaluate(() => document.querySelector('[data-testid="draft-state"]')?.textContent ?? undefined), 'the draft to say it was sent after a reload');
    expect(await p.text('[data-testid="draft-send"]')).toBe('Send again…');

    await sendOffered(p);
    await p.dblclick('[data-testid="draft-send"]');
    // The sent card is already on screen; the answer to this Send… marks it as shown again.
    await poll(async () => (/already confirmed for this ticket at/.test(await p.text('[data-testid="confirm-sent-at"]')) ? true : undefined), 'the sent card to say it was already confirmed');
    expect((await theCard(p, ['sent'])).canAccept).toBe(false);
    await new Promise((r) => setTimeout(r, 1_000));
    expect(await sentTexts()).toEqual([MODEL_TEXT]);
    expect((await storedConfirmations(p)).filter((r) => r.status === 'pending')).toEqual([]);

    await p.click('[data-testid="confirm-send-again"]');
    await poll(async () => ((await confirmCards(p)).some((c) => c.state === 'pending' && c.body === MODEL_TEXT) ? true : undefined), 'a new card to confirm');
    expect(await sentTexts()).toEqual([MODEL_TEXT]);
    await poll(
      () => p.evaluate(() => {
        const card = [...document.querySelectorAll('[data-testid="confirm-card"]')].find((c) => c.querySelector('[data-testid="confirm-accept"]'));
        const body = card?.querySelector('[data-testid="confirm-body"]');
        const accept = card?.querySelector<HTMLButtonElement>('[data-testid="confirm-accept"]');
        if (!body || !accept) return undefined;
        body.scrollIntoView({ block: 'nearest' });
        if (accept.disabled) return undefined;
        accept.click();
        return true;
      }),
      'Confirm on the new card',
    );
    await poll(async () => ((await sentTexts()).length === 2 ? true : undefined), 'the second post', { timeoutMs: 20_000 });
    await new Promise((r) => setTimeout(r, 1_000));
    expect(await sentTexts()).toEqual([MODEL_TEXT, MODEL_TEXT]);
  });

  attack('a draft for ticket 1 on one site, the tab moved to ticket 1 on another site: Send… there is refused, even on the agent\'s choice, which lets only Insert through', async () => {
    const home = helpdesk.ticketUrl(TICKET_1.id);
    const other = home.replace('127.0.0.1', 'localhost'); // the same id, another site (origin)
    expect(new URL(other).origin).not.toBe(new URL(home).origin);
    const p = await drafted(home);
    await edit(p, EDITED);
    // The edit is on its way to the background as typed: its id once the background holds it.
    const callId = await poll(
      () =>
        p.evaluate(async () => {
          const all = await chrome.storage.session.get(null);
          const draft = Object.values(all).find((v) => (v as { kind?: string; text?: string })?.kind === 'draft' && (v as { text?: string }).text?.includes('EUR 89.90')) as { callId: string } | undefined;
          return draft?.callId;
        }),
      'the edited draft in the background',
    );

    await page!.goto(other);
    await page!.waitForSelector(`.hd-ticket[data-ticket-id="${TICKET_1.id}"]`);
    // The other site's ticket is another conversation: the draft is not offered there.
    await waitForChat(p, (v) => v.drafts.length === 0 && v.users.length === 0, 'the other ticket’s own (empty) conversation', { timeoutMs: 20_000 });
    await poll(() => p.evaluate(() => (document.querySelector('[data-testid="chat-input"]') ? true : undefined)), 'the panel');

    // A stale sidebar (or any extension page) names the draft while the tab shows the other site.
    for (const tool of ['reply.send', 'reply.fill']) {
      const refused = await sendToBackground(p, { type: 'tool.invoke', tabId: p.tabId, tool, input: { body: EDITED }, draft: callId });
      expect(refused).toMatchObject({ ok: true, value: { ok: false, code: 'draft_elsewhere' } });
    }
    expect((await storedConfirmations(p)).filter((r) => r.status === 'pending')).toEqual([]);
    expect(await page!.evaluate(() => (document.querySelector('textarea') as HTMLTextAreaElement | null)?.value ?? '')).toBe('');
    expect(await sentTexts()).toEqual([]);

    // The agent's explicit choice lets Insert put the draft into this ticket's box; a send never goes
    // elsewhere, whatever the sidebar asks: nothing is prepared for the other site's customer.
    const chosen = await sendToBackground(p, { type: 'tool.invoke', tabId: p.tabId, tool: 'reply.send', input: { body: EDITED }, draft: callId, anyway: true });
    expect(chosen).toMatchObject({ ok: true, value: { ok: false, code: 'draft_elsewhere' } });
    const inserted = await sendToBackground(p, { type: 'tool.invoke', tabId: p.tabId, tool: 'reply.fill', input: { body: EDITED }, draft: callId, anyway: true });
    expect(inserted).toMatchObject({ ok: true, value: { ok: true } });
    expect((await storedConfirmations(p)).filter((r) => r.status === 'pending')).toEqual([]);
    expect(await sentTexts()).toEqual([]);

    // Back on its own ticket, the draft is there with the agent's edit.
    await page!.goto(home);
    await showsDraft(p, EDITED, 'the draft back on its own ticket');
  });
});
