import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchFirefox, openFirefoxExtensionPage, openFirefoxPage, type FirefoxHarness } from './harness/firefox';
import {
  clickConfirm,
  linesOf,
  replyBody,
  runTool,
  showTab,
  startDemoHelpdesk,
  theCard,
  TICKET_1,
  toolResult,
  waitForTools,
  type DemoHelpdesk,
} from './harness/deskmate';
import { startModel, type ModelForExtension } from './harness/chat';
import { sendFromDraft } from './harness/drafts';
import { firefoxDriver } from './harness/firefox-driver';
import { configureFirefox, tabIdsShowing } from './harness/firefox-sidebar';
import { poll } from './harness/wait';

declare const browser: { tabs: { query(q: object): Promise<{ id?: number; url?: string }[]> } };

/** The story on Firefox ESR: the sidebar page as moz-extension://UUID/sidepanel.html?tab=N. */
describe('firefox.story: read and send with confirm on the demo helpdesk', () => {
  let firefox: FirefoxHarness;
  let helpdesk: DemoHelpdesk;
  let m: ModelForExtension;

  beforeAll(async () => {
    helpdesk = await startDemoHelpdesk();
    m = await startModel({ chunkDelayMs: 2 });
    firefox = await launchFirefox();
    await configureFirefox(firefox, m);
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

  it('reads the ticket, then sends exactly the confirmed body once', async () => {
    const ticketUrl = helpdesk.ticketUrl(TICKET_1.id);
    const ticket = await openFirefoxPage(firefox, ticketUrl);
    await ticket.waitForSelector(`.hd-ticket[data-ticket-id="${TICKET_1.id}"]`);

    // The tab id, from an extension page.
    const tabIds = await tabIdsShowing(firefox, ticketUrl);
    expect(tabIds).toHaveLength(1);
    const tabId = tabIds[0]!;

    const sidebarPage = await openFirefoxExtensionPage(firefox, `sidepanel.html?tab=${tabId}`);
    const sidebar = firefoxDriver(sidebarPage);
    await showTab(sidebar, 'Page');
    await waitForTools(sidebar, ['ticket.read', 'reply.fill'], { timeoutMs: 20_000 });

    await runTool(sidebar, 'ticket.read');
    const read = await toolResult(sidebar, 'ticket.read');
    expect(read).toContain(TICKET_1.subject);
    expect(read).toContain('The card ends in 4417');

    const body = replyBody('firefox');
    // A reply goes from the ticket's draft in the chat.
    await sendFromDraft(sidebar, m.model, body);
    const card = await theCard(sidebar, ['pending']);
    expect(card.fields).toEqual([helpdesk.url, TICKET_1.label, TICKET_1.recipient, `Re: ${TICKET_1.subject}`]);
    expect(card.body).toBe(body);
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
    expect(linesOf(sent[0]!.text)).toEqual(linesOf(body));
    await sidebarPage.close();
    await ticket.close();
  });
});
