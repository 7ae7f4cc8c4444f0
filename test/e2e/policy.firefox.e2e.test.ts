import { rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoModel, type DemoModel } from '../../demo/model/server.mjs';
import { attack } from '../security/attack';
import { attackFrom, buildAttackerFirefox } from '../security/harness/attacker-build';
import { startKbServer, type KbServer } from '../fakes/kb-server';
import { ask, messagesOf, waitForChat } from './harness/chat';
import { showTab, startDemoHelpdesk, toolsByGrade, waitForTools, TICKET_1, TICKET_2, type DemoHelpdesk } from './harness/deskmate';
import { launchFirefox, openFirefoxExtensionPage, openFirefoxPage, type FirefoxHarness } from './harness/firefox';
import { firefoxDriver } from './harness/firefox-driver';
import { openSidebarFor } from './harness/firefox-sidebar';
import { firefoxPolicyFile, removeFirefoxPolicy, writeFirefoxPolicy } from './harness/policy-files';
import { poll } from './harness/wait';

declare const browser: {
  runtime: { sendMessage(m: object): Promise<{ ok: boolean; value?: any }> };
};

/**
 * The organisation's policy in real Firefox ESR: `policies.json` in the installation's
 * distribution folder (Firefox reads it at its start; /etc/firefox-esr/policies/ would win over
 * it, and is not there), `3rdparty.Extensions["deskmate@deskmate.app"]`, which Firefox hands to
 * the add-on as storage.managed.
 */
const TEAM_LINE = 'Sign every reply as the Northwind policy team.';
/** The team's knowledge base at the policy's URL: nothing else in this browser holds these articles. */
const TEAM_KB = '# Zebra onboarding\nEvery new zebra gets the striped welcome pack within 3 days.\n## Okapi returns\nOkapis may be returned within 14 days.';
const KB_ETAG = '"team-kb-1"';
/** What a single sign-on proxy answers in place of the file when its session is gone, as text/plain. */
const SIGN_IN_PAGE = '<!DOCTYPE html>\n<html><head><title>Sign in</title></head><body><form action="/login"><input name="user"><input type="password" name="password"><button>Sign in</button></form></body></html>';
/** A key the admin put in policies.json, where every content script can read it. */
const POLICY_KEY = 'sk-policy-readable-5f4e3d';
/** The agent's own key, entered on the options page and kept in the vault. */
const AGENT_KEY = 'sk-agent-own-9a8b7c';

describe('policy: Firefox reads policies.json and Deskmate holds to it', () => {
  let firefox: FirefoxHarness;
  let helpdesk: DemoHelpdesk;
  let model: DemoModel;
  let other: Server;
  let otherOrigin: string;
  let kb: KbServer;
  /** The build under test with a compromised content script (test/security/harness/attacker-build.ts). */
  let attackerDir: string;

  beforeAll(async () => {
    removeFirefoxPolicy(); // one a crashed run left behind
    helpdesk = await startDemoHelpdesk();
    kb = await startKbServer({ '/team-kb.md': { body: TEAM_KB, etag: KB_ETAG } });
    model = await startDemoModel({ port: 0, chunkDelayMs: 2 });
    // A site at an address outside the organisation's list (and outside the build's hosts).
    other = createServer((_req, res) => res.end('<!doctype html><title>Other desk</title><p>Other desk</p>'));
    await new Promise<void>((ready) => other.listen(0, '127.0.0.2', ready));
    otherOrigin = `http://127.0.0.2:${(other.address() as AddressInfo).port}`;
    writeFirefoxPolicy({
      model: { baseURL: model.url, model: 'deskmate-demo', apiKey: POLICY_KEY },
      lockModel: true,
      allowedSites: ['https://desk.example.com'],
      sendDisabled: true,
      teamInstructions: TEAM_LINE,
      knowledgeBaseUrl: kb.url('/team-kb.md'),
    });
    // Optional permissions granted without Firefox's prompt: only the policy stands in the way.
    attackerDir = buildAttackerFirefox();
    firefox = await launchFirefox({ fresh: true, extensionDir: attackerDir, prefs: { 'extensions.webextOptionalPermissionPrompts': false } });
  }, 90_000);
  afterAll(async () => {
    try {
      await firefox?.close();
      other?.closeAllConnections();
      await new Promise((done) => other?.close(done));
      await model?.close();
      await helpdesk?.close();
      await kb?.close();
    } finally {
      removeFirefoxPolicy();
      if (attackerDir) rmSync(attackerDir, { recursive: true, force: true });
    }
  });

  const message = async (m: object) => {
    const page = await openFirefoxExtensionPage(firefox, 'options.html');
    try {
      return await page.evaluate((m) => browser.runtime.sendMessage(m), m);
    } finally {
      await page.close();
    }
  };

  it('reads the policy from ' + 'policies.json', async () => {
    expect(firefoxPolicyFile()).toMatch(/distribution\/policies\.json$/);
    const policy = await message({ type: 'policy.get' });
    expect(policy.value).toMatchObject({ managed: true, lockModel: true, sendDisabled: true, allowedSites: ['https://desk.example.com'] });
  });

  it('shows the managed model as set by the organisation, and a person cannot change it', async () => {
    const options = await openFirefoxExtensionPage(firefox, 'options.html');
    try {
      await options.waitForSelector('[data-testid="settings-managed"]');
      const field = () => options.$eval('[data-testid="settings-base-url"]', (e) => ({ value: (e as HTMLInputElement).value, readOnly: (e as HTMLInputElement).readOnly }));
      expect(await field()).toEqual({ value: model.url, readOnly: true });
      // Typed by a person (keys the browser delivers): a read-only field takes none of them.
      await options.type('[data-testid="settings-base-url"]', 'evil');
      expect((await field()).value).toBe(model.url);
    } finally {
      await options.close();
    }
  });

  attack('a settings message moves the managed endpoint (Firefox)', async () => {
    const r = await message({ type: 'model.set', settings: { preset: 'custom', baseURL: 'http://127.0.0.1:9/v1', apiKey: '', model: 'deskmate-demo' } });
    expect(r.value).toMatchObject({ ok: false, managed: true });
    expect((await message({ type: 'model.get' })).value).toMatchObject({ baseURL: model.url });
  });

  attack('a site outside the organisation’s list is enabled after the browser granted it (Firefox)', async () => {
    const options = await openFirefoxExtensionPage(firefox, 'options.html');
    try {
      // A click (the browser grants optional permissions only on one) that gets the permission
      // from Firefox, without its prompt, and then asks the background to enable the site.
      await options.evaluate((origin) => {
        const button = document.createElement('button');
        button.id = 'e2e-enable';
        button.textContent = 'enable';
        button.onclick = () => {
          const permissions = (browser as unknown as { permissions: { request(p: object): Promise<boolean> } }).permissions;
          permissions.request({ origins: [`${origin.replace(/:\d+$/, '')}/*`] }).then(async (granted) => {
            (window as unknown as { e2e: unknown }).e2e = { granted, answer: await browser.runtime.sendMessage({ type: 'sites.enable', origin }) };
          });
        };
        document.body.prepend(button);
      }, otherOrigin);
      await options.click('#e2e-enable');
      const r = await poll(async () => (await options.evaluate(() => (window as unknown as { e2e?: { granted: boolean; answer: { value?: unknown } } }).e2e)) ?? undefined, 'the enable click to be answered');
      expect(r.granted).toBe(true);
      expect(r.answer.value).toMatchObject({ ok: false, managed: true });
      expect((await message({ type: 'sites.enabled' })).value).toEqual([]);
    } finally {
      await options.close();
    }
    // The sidebar on that site says the organisation does not allow it, and offers no Enable.
    const page = await openFirefoxPage(firefox, `${otherOrigin}/`);
    const { sidebarPage: sidebar } = await openSidebarFor(firefox, `${otherOrigin}/`);
    await sidebar.waitForSelector('[data-testid="site-blocked"]', { timeout: 15_000 });
    expect(await sidebar.$('[data-testid="site-enable"]')).toBeNull();
    await sidebar.close();
    await page.close();
  });

  it('drafts with the managed model, and offers and allows no send', async () => {
    const ticketUrl = helpdesk.ticketUrl(TICKET_1.id);
    const ticket = await openFirefoxPage(firefox, ticketUrl);
    await ticket.waitForSelector(`.hd-ticket[data-ticket-id="${TICKET_1.id}"]`);
    const { sidebarPage, tabId } = await openSidebarFor(firefox, ticketUrl);
    const sidebar = firefoxDriver(sidebarPage);
    await showTab(sidebar, 'Chat');
    await sidebarPage.waitForSelector('[data-testid="chat-input"]');
    await ask(sidebar, 'What does the customer want? Draft a reply.');
    await waitForChat(sidebar, (v) => !v.running && v.drafts.length === 1, 'a draft from the managed model', { timeoutMs: 40_000 });
    expect(messagesOf(model.requests()[0]).find((m) => m.role === 'system')?.content).toContain(TEAM_LINE);

    await showTab(sidebar, 'Page');
    await waitForTools(sidebar, ['ticket.read', 'reply.fill']);
    expect((await toolsByGrade(sidebar)).send ?? []).toEqual([]);
    const invoked = await sidebarPage.evaluate((tabId) => browser.runtime.sendMessage({ type: 'tool.invoke', tabId, tool: 'reply.send', input: { body: 'Sent despite the policy.' } }), tabId);
    expect(invoked.value).toMatchObject({ ok: false, code: 'not_granted' });
    expect(await helpdesk.sentLog()).toEqual([]);
  });

  it('syncs the organisation’s knowledge-base URL: shown as set by it, with its articles; Sync now is answered 304', async () => {
    const options = await openFirefoxExtensionPage(firefox, 'options.html');
    try {
      await options.waitForSelector('[data-testid="kb-url-managed"]');
      const field = await options.$eval('[data-testid="kb-url"]', (e) => ({ value: (e as HTMLInputElement).value, readOnly: (e as HTMLInputElement).readOnly }));
      expect(field).toEqual({ value: kb.url('/team-kb.md'), readOnly: true });
      expect(await options.$('[data-testid="kb-url-save"]')).toBeNull();
      const status = () => options.$eval('[data-testid="kb-sync-status"]', (e) => ({ text: e.textContent ?? '', articles: e.getAttribute('data-articles'), source: e.getAttribute('data-source') }));
      // Synced by the background at its start, without any click.
      await poll(async () => ((await status()).articles === '2' ? true : undefined), 'the synced copy on the options page', { timeoutMs: 20_000 });
      expect(await status()).toMatchObject({ source: 'organisation', text: expect.stringMatching(/^Last synced .+: 2 articles\.$/) });
      expect(kb.seen[0]).toMatchObject({ status: 200, ifNoneMatch: null, cookie: null });
      const asked = kb.seen.length;
      await options.click('[data-testid="kb-sync-now"]');
      await poll(async () => ((await status()).text.includes('unchanged since') ? true : undefined), 'the second check on the options page');
      expect(kb.seen.length).toBe(asked + 1);
      expect(kb.seen.at(-1)).toMatchObject({ status: 304, ifNoneMatch: KB_ETAG });
      expect((await status()).articles).toBe('2');
    } finally {
      await options.close();
    }
  });

  it('the model’s kb.search finds an article only the synced copy holds', async () => {
    model.script([{ toolCalls: [{ name: 'kb__search', arguments: { query: 'zebra onboarding' } }] }, { text: 'New zebras get the striped welcome pack.' }]);
    const ticketUrl = helpdesk.ticketUrl(TICKET_2.id);
    const ticket = await openFirefoxPage(firefox, ticketUrl);
    await ticket.waitForSelector(`.hd-ticket[data-ticket-id="${TICKET_2.id}"]`);
    const { sidebarPage, tabId } = await openSidebarFor(firefox, ticketUrl);
    const sidebar = firefoxDriver(sidebarPage);
    await showTab(sidebar, 'Chat');
    await sidebarPage.waitForSelector('[data-testid="chat-input"]');
    await ask(sidebar, 'How do we onboard a zebra?');
    await waitForChat(sidebar, (v) => !v.running && v.assistants.some((a) => a.text.includes('striped welcome pack')), 'the answer from the synced article', { timeoutMs: 40_000 });
    const result = messagesOf(model.requests().at(-1)).find((m) => m.role === 'tool' && m.content.startsWith('<tool_result tool="kb.search"'));
    expect(result?.content).toContain('Zebra onboarding');
    expect(result?.content).toContain('striped welcome pack within 3 days');
  });

  attack('Firefox: a content script reads the API key the admin put in policies.json, and it is the key Deskmate sends to the model', async () => {
    // A ticket no other test here has open: the sidebar is bound to the one tab showing it.
    const ticketUrl = helpdesk.ticketUrl(3);
    const ticket = await openFirefoxPage(firefox, ticketUrl);
    await ticket.waitForSelector('.hd-ticket[data-ticket-id="3"]');
    // Firefox hands policies.json to the content script whole: the key is readable there, and so
    // must never be one Deskmate uses.
    expect(JSON.stringify(await attackFrom(ticket, 'readManaged'))).toContain(POLICY_KEY);
    const { sidebarPage } = await openSidebarFor(firefox, ticketUrl);
    const sidebar = firefoxDriver(sidebarPage);
    await showTab(sidebar, 'Chat');
    await sidebarPage.waitForSelector('[data-testid="chat-input"]');
    const turn = async (answer: string) => {
      model.script([{ text: answer }]);
      const before = model.keys().length;
      await ask(sidebar, 'Anything new?');
      await waitForChat(sidebar, (v) => !v.running && v.assistants.some((a) => a.text === answer), 'the answer', { timeoutMs: 40_000 });
      return model.keys().slice(before);
    };
    const first = await turn('Answered without the policy’s key.');
    expect(first.length).toBeGreaterThan(0);
    expect(first).not.toContain(POLICY_KEY);

    // The options page says so, and Diagnostics holds it for the admin; the agent enters their own key.
    const options = await openFirefoxExtensionPage(firefox, 'options.html');
    try {
      const alert = await options.waitForSelector('[data-testid="policy-secrets"]');
      expect(await alert!.evaluate((e) => e.textContent)).toMatch(/model\.apiKey.*content script/);
      await poll(async () => {
        await options.click('[data-testid="diagnostics-refresh"]');
        const texts = await options.$$eval('[data-testid="diagnostics-entry"][data-area="policy"]', (els) => els.map((e) => e.textContent ?? ''));
        return texts.some((t) => t.includes('model.apiKey')) ? true : undefined;
      }, 'the refused key under Diagnostics');
      const own = await options.evaluate(
        (a) => browser.runtime.sendMessage({ type: 'model.set', settings: { preset: 'custom', baseURL: a.url, apiKey: a.key, model: 'deskmate-demo' } }),
        { url: model.url, key: AGENT_KEY },
      );
      expect(own.value).toMatchObject({ ok: true });
    } finally {
      await options.close();
    }

    // The next request goes out with the agent's key, which no content script can read anywhere.
    expect(await turn('Answered with the agent’s own key.')).toEqual([AGENT_KEY]);
    const seen = JSON.stringify([await attackFrom(ticket, 'read'), await attackFrom(ticket, 'readManaged')]);
    expect(seen).not.toContain(AGENT_KEY);
    expect(model.keys()).not.toContain(POLICY_KEY);
    await sidebarPage.close();
    await ticket.close();
  });

  attack('Firefox: a sign-in page served as text/plain at the organisation’s knowledge-base URL replaces its articles', async () => {
    const options = await openFirefoxExtensionPage(firefox, 'options.html');
    const status = () => options.$eval('[data-testid="kb-sync-status"]', (e) => ({ text: e.textContent ?? '', articles: e.getAttribute('data-articles'), error: e.getAttribute('data-error') }));
    kb.routes['/team-kb.md'] = { body: SIGN_IN_PAGE, type: 'text/plain', etag: '"sign-in"' };
    try {
      await poll(async () => ((await status()).articles === '2' ? true : undefined), 'the synced copy');
      await options.click('[data-testid="kb-sync-now"]');
      await poll(async () => ((await status()).error === 'web_page' ? true : undefined), 'the refused sign-in page on the options page');
      expect(kb.seen.at(-1)).toMatchObject({ status: 200 });
      expect(await status()).toMatchObject({ articles: '2', text: expect.stringMatching(/returned a web page \(a sign-in page\?\).*The last good copy is kept and searched\./) });
    } finally {
      kb.routes['/team-kb.md'] = { body: TEAM_KB, etag: KB_ETAG };
      await options.close();
    }
  });
});
