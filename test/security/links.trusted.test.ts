import '../fakes/scripts'; // runs the lazy scripts and content parts this file's code reaches
import { beforeEach, describe, expect } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { createServices } from '../../src/background/host';
import { route, type Sender } from '../../src/background/router';
import { fakeHelpdesk } from '../fakes/fake-adapter';
import { createFakeTabs } from '../fakes/fake-tabs';
import { attack } from './attack';

/**
 * The background's half of link trust: what opens in one click. The tab's own site (the browser's
 * word on the sender's origin) and the exact addresses the knowledge base links to in Markdown;
 * never what a page claims, never a site an article only mentions.
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

  attack('a site the knowledge base only mentions gets no trust; an address it links to is trusted exactly, and only until it is gone', async () => {
    const { handlers, trusted } = await setup();
    const kbImport = (text: string) => handlers['kb.import']({ type: 'kb.import', files: [{ name: 'kb.md', text }] }, sidebar);
    // Mentions, not links: the attacker's status page named in an article is one click for nobody.
    await kbImport('# Status\n\nOutages are posted on https://status.evil.example/ and questions go to ops@evil.example.');
    expect(await trusted()).toEqual([A, 'mailto:127.0.0.1']);
    await kbImport('# Returns\n\nUse [the returns form](https://help.northwind.example/returns) or write to <returns@northwind.example>.\n\n[policy]: <https://help.northwind.example/policy?lang=en>');
    expect(await trusted()).toEqual([A, 'mailto:127.0.0.1', 'https://help.northwind.example/returns', 'https://help.northwind.example/policy?lang=en', 'mailto:returns@northwind.example']);
    await handlers['kb.clear']({ type: 'kb.clear' }, sidebar);
    expect(await trusted()).toEqual([A, 'mailto:127.0.0.1']);
  });
});
