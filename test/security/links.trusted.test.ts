import { beforeEach, describe, expect } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { createServices } from '../../src/background/host';
import { route, type Sender } from '../../src/background/router';
import { fakeHelpdesk } from '../fakes/fake-adapter';
import { createFakeTabs } from '../fakes/fake-tabs';
import { attack } from './attack';

/**
 * Finding 3, the background's half: which link targets open in one click. The tab's own site
 * (the browser's word on the sender's origin) and the sites the knowledge base links to; never
 * what a page claims, and not before it is in the knowledge base.
 */
const A = 'http://127.0.0.1:4517';
const sidebar: Sender = { kind: 'extension', url: 'chrome-extension://x/sidepanel.html' };

async function setup() {
  const tabs = createFakeTabs();
  const { handlers } = await createServices([fakeHelpdesk], tabs.send);
  tabs.tabs.set(1, { origin: A, ticket: '#7' });
  await handlers['page.announce']({ type: 'page.announce', adapterId: 'fake-helpdesk', url: `${A}/tickets/7`, ticket: { key: '7', label: '#7' } }, tabs.senderOf(1));
  const trusted = async () => (await handlers['links.trusted']({ type: 'links.trusted', tabId: 1 }, sidebar)).keys;
  return { tabs, handlers, trusted };
}

describe('security: links.trusted', () => {
  beforeEach(() => fakeBrowser.reset());

  attack('a content script cannot ask for, or add to, the trusted link targets', async () => {
    const { tabs, handlers, trusted } = await setup();
    const fromPage = await route({ type: 'links.trusted', tabId: 1 }, tabs.senderOf(1), handlers);
    expect(fromPage).toMatchObject({ ok: false });
    // A page that names the attacker's site in its URL or ticket changes nothing: its origin is the browser's.
    await handlers['page.announce']({ type: 'page.announce', adapterId: 'fake-helpdesk', url: 'https://evil.test/tickets/7', ticket: { key: '7', label: '#7' } }, tabs.senderOf(1));
    expect(await trusted()).toEqual([A, 'mailto:127.0.0.1']);
  });

  attack('a site the knowledge base does not link to stays untrusted until an agent imports an article that does', async () => {
    const { handlers, trusted } = await setup();
    expect(await trusted()).not.toContain('https://help.northwind.example');
    await handlers['kb.import'](
      { type: 'kb.import', files: [{ name: 'kb.md', text: '# Returns\n\nUse https://help.northwind.example/returns or write to returns@northwind.example.' }] },
      sidebar,
    );
    expect(await trusted()).toEqual([A, 'mailto:127.0.0.1', 'https://help.northwind.example', 'mailto:northwind.example']);
    await handlers['kb.clear']({ type: 'kb.clear' }, sidebar);
    expect(await trusted()).toEqual([A, 'mailto:127.0.0.1']);
  });
});
