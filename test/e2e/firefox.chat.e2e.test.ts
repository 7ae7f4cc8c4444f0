import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchFirefox, openFirefoxExtensionPage, openFirefoxPage, type FirefoxHarness } from './harness/firefox';
import { tabIdsShowing } from './harness/firefox-sidebar';
import { ask, DEMO_MODEL, startModel, waitForChat, type ModelForExtension } from './harness/chat';
import { clickConfirm, showTab, startDemoHelpdesk, theCard, TICKET_1, type DemoHelpdesk } from './harness/deskmate';
import { firefoxDriver } from './harness/firefox-driver';
import { poll } from './harness/wait';

declare const browser: {
  tabs: { query(q: object): Promise<{ id?: number; url?: string }[]> };
  runtime: { sendMessage(m: object): Promise<{ ok: boolean; value?: { baseURL: string; model: string } }> };
};

const PROMPT = 'What does the customer want? Draft a reply.';

/** The chat story on Firefox ESR: the sidebar page as moz-extension://UUID/sidepanel.html?tab=N. */
describe('firefox.chat: ask for a draft, Send…, Confirm', () => {
  let firefox: FirefoxHarness;
  let helpdesk: DemoHelpdesk;
  let m: ModelForExtension;

  beforeAll(async () => {
    helpdesk = await startDemoHelpdesk();
    m = await startModel({ chunkDelayMs: 5 });
    firefox = await launchFirefox();
  });
  afterAll(async () => {
    await firefox?.close();
    await m?.model.close();
    await helpdesk?.close();
  });
  beforeEach(async () => {
    await helpdesk.reset();
    m.model.reset();
  });

  /** Points the extension at the demo model through the options page form, unless it already is. */
  async function pointAtDemoModel(): Promise<void> {
    const options = await openFirefoxExtensionPage(firefox, 'options.html');
    try {
      const current = () => options.evaluate(() => browser.runtime.sendMessage({ type: 'model.get' }));
      const saved = await current();
      if (saved.ok && saved.value?.baseURL === m.model.url && saved.value.model === DEMO_MODEL) return;
      const form = firefoxDriver(options);
      await form.fill('[data-testid=settings-base-url]', m.model.url);
      await form.fill('[data-testid=settings-model]', DEMO_MODEL);
      await form.click('[data-testid=settings-save]');
      await poll(
        async () => {
          const cls = await options.evaluate(() => document.querySelector('[data-testid=settings-status]')?.className ?? '');
          if (/\berror\b/.test(cls)) throw new Error('the options page refused the settings');
          return /\bok\b/.test(cls) ? true : undefined;
        },
        'the options page to say the model settings were saved',
        { timeoutMs: 20_000 },
      );
      const after = await current();
      expect(after.value).toMatchObject({ baseURL: m.model.url, model: DEMO_MODEL });
    } finally {
      await options.close();
    }
  }

  /** Ticket 1 in a tab of its own, and the sidebar page bound to that tab on its Chat tab. */
  async function openChatOnTicket() {
    const ticketUrl = helpdesk.ticketUrl(TICKET_1.id);
    const ticket = await openFirefoxPage(firefox, ticketUrl);
    await ticket.waitForSelector(`.hd-ticket[data-ticket-id="${TICKET_1.id}"]`);
    const tabIds = await tabIdsShowing(firefox, ticketUrl);
    expect(tabIds).toHaveLength(1);
    const sidebarPage = await openFirefoxExtensionPage(firefox, `sidepanel.html?tab=${tabIds[0]!}`);
    const sidebar = firefoxDriver(sidebarPage);
    await showTab(sidebar, 'Chat');
    await sidebarPage.waitForSelector('[data-testid="chat-input"]');
    return { ticket, sidebarPage, sidebar };
  }

  it('the helpdesk receives exactly the draft, once, after Confirm', async () => {
    await pointAtDemoModel();
    const { ticket, sidebarPage, sidebar } = await openChatOnTicket();

    await ask(sidebar, PROMPT);
    const view = await waitForChat(sidebar, (v) => !v.running && v.drafts.length === 1, 'the draft card', { timeoutMs: 40_000 });
    expect(view.tools.map((t) => [t.tool, t.status])).toEqual([
      ['ticket.read', 'ok'],
      ['kb.search', 'ok'],
      // How the team answered double charges before (#1012, #1029).
      ['tickets.search', 'ok'],
      ['ticket.read', 'ok'],
      ['ticket.read', 'ok'],
      ['reply.propose', 'ok'],
    ]);
    expect(view.assistants.at(-1)!.text.trim().length).toBeGreaterThan(0);
    expect(view.errors).toEqual([]);
    const draft = view.drafts[0]!;
    expect(draft.trim().length).toBeGreaterThan(0);
    expect(m.model.requests().length).toBeGreaterThanOrEqual(1);
    expect(await helpdesk.sentLog()).toEqual([]);

    await sidebar.click('[data-testid="draft-send"]');
    const card = await theCard(sidebar, ['pending']);
    expect(card.body).toBe(draft);
    expect(card.fields).toEqual([helpdesk.url, TICKET_1.label, TICKET_1.recipient, expect.stringContaining(TICKET_1.subject)]);
    expect(await helpdesk.sentLog()).toEqual([]);

    await clickConfirm(sidebar);
    const done = await theCard(sidebar, ['sent', 'refused', 'failed', 'unknown'], { timeoutMs: 20_000 });
    expect(done.state, done.status).toBe('sent');
    const sent = await poll(async () => {
      const log = await helpdesk.sentLog();
      return log.length ? log : undefined;
    }, 'the helpdesk to log the reply');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.ticketId).toBe(TICKET_1.id);
    expect(sent[0]!.text).toBe(draft);

    await sidebarPage.close();
    await ticket.close();
  });

  it('Stop while the answer streams stops the turn in the background: the answer stays, marked as stopped, and the next question is answered', async () => {
    await pointAtDemoModel();
    const full = 'The customer was charged twice for order NW-20931 and wants the duplicate charge refunded.';
    m.model.script([{ text: full, cutAfterChars: 30, holdCut: true }, { text: 'Second answer.' }]);
    const { ticket, sidebarPage, sidebar } = await openChatOnTicket();
    try {
      await ask(sidebar, 'What does the customer want?');
      await waitForChat(sidebar, (v) => v.assistants[0]?.text.trim() === full.slice(0, 30).trim(), 'the text before the hold');
      await sidebar.click('[data-testid="chat-stop"]');
      // Marked by the background's own end of the turn: the sidebar alone only stops showing it running.
      const view = await waitForChat(sidebar, (v) => !v.running && v.assistants[0]?.cut === 'aborted', 'the answer marked as stopped by the background');
      expect(view.assistants).toHaveLength(1);
      expect(m.model.requests()).toHaveLength(1);

      await ask(sidebar, 'And the order number?');
      const next = await waitForChat(sidebar, (v) => !v.running && v.assistants.at(-1)?.text.trim() === 'Second answer.', 'the next answer');
      expect(next.assistants).toHaveLength(2);
      expect(m.model.requests()).toHaveLength(2);
    } finally {
      await sidebarPage.close();
      await ticket.close();
    }
  });
});
