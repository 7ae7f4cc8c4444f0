import { act } from 'preact/test-utils';
import { fakeBrowser } from 'wxt/testing';
import { createServices } from '../../src/background/host';
import { route, type Sender } from '../../src/background/router';
import { installChatPort } from './chat-port';
import { proposingModel } from './draft-model';
import { fakeHelpdesk } from './fake-adapter';
import { createFakeTabs } from './fake-tabs';

/** The helpdesk's origin, and the sender of the sidebar's messages. */
export const HELPDESK = 'http://127.0.0.1:4517';
export const SIDEBAR: Sender = { kind: 'extension', url: 'chrome-extension://x/sidepanel.html' };

/**
 * The real background handlers for a sidebar under test: messages go through the router as from
 * an extension page, the fake tabs stand in for the helpdesk page, the model proposes drafts
 * (test/fakes/draft-model.ts). `announce` shows a ticket in a tab.
 */
export async function startSidebarBackground(tabs = createFakeTabs()) {
  const { services, handlers, chat } = await createServices([fakeHelpdesk], tabs.send, proposingModel);
  fakeBrowser.runtime.onMessage.addListener(async (message: unknown) => route(message, SIDEBAR, handlers));
  installChatPort(chat);
  const announce = (tabId: number, ticket: string) => {
    tabs.tabs.set(tabId, { origin: HELPDESK, ticket });
    return handlers['page.announce'](
      { type: 'page.announce', adapterId: 'fake-helpdesk', url: `${HELPDESK}/tickets/${ticket.slice(1)}`, ticket: { key: ticket.slice(1), label: ticket } },
      tabs.senderOf(tabId),
    );
  };
  return { tabs, services, handlers, chat, announce };
}

/** Waits, a turn of the page at a time, until `probe` answers. */
export async function until<T>(probe: () => T | null | undefined | false, what: string): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const value = probe();
    if (value) return value;
    await act(() => new Promise((r) => setTimeout(r, 10)));
  }
  throw new Error(`timed out waiting for ${what}`);
}
