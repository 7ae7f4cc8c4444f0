import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoModel, type DemoModel } from '../../demo/model/server.mjs';
import { launchChromium, openExtensionPage, openRealSidePanel, type ChromiumHarness } from './harness/chromium';
import { ask, messagesOf, waitForChat } from './harness/chat';
import { contentScriptWorld, openTicket, pageDriver, sendToBackground, showTab, startDemoHelpdesk, TICKET_1, TICKET_2, toolsByGrade, waitForTools, type DemoHelpdesk, type Driver } from './harness/deskmate';
import { CHROME_EXTENSION_ID, removeChromiumPolicy, writeChromiumPolicy } from './harness/policy-files';
import { poll } from './harness/wait';
import { attack } from '../security/attack';
import { startKbServer, type KbServer } from '../fakes/kb-server';

declare const chrome: { tabs: { query(q: object): Promise<{ id?: number; url?: string }[]> } };

/**
 * The organisation's policy in real Chromium, written where an admin puts it
 * (/etc/chromium/policies/managed/*.json, the `3rdparty` extension policy) and read by the
 * browser into storage.managed for Deskmate's fixed id.
 */
const OUTSIDE = 'https://other.example.com';
const TEAM_LINE = 'Sign every reply as the Northwind policy team.';
/** The team's knowledge base at the policy's URL: nothing else in this browser holds these articles. */
const TEAM_KB = '# Zebra onboarding\nEvery new zebra gets the striped welcome pack within 3 days.\n## Okapi returns\nOkapis may be returned within 14 days.';
const KB_ETAG = '"team-kb-1"';
/** What a single sign-on proxy answers in place of the file when its session is gone, as text/plain. */
const SIGN_IN_PAGE = '<!DOCTYPE html>\n<html><head><title>Sign in</title></head><body><form action="/login"><input name="user"><input type="password" name="password"><button>Sign in</button></form></body></html>';
/** A key the admin put in the policy: Chromium hands the managed policy to content scripts too. */
const POLICY_KEY = 'sk-policy-readable-5f4e3d';

describe('policy: Chromium reads the organisation’s policy and Deskmate holds to it', () => {
  let chromium: ChromiumHarness;
  let helpdesk: DemoHelpdesk;
  let model: DemoModel;
  let options: Page;
  let driver: Driver;
  let kb: KbServer;

  beforeAll(async () => {
    removeChromiumPolicy(); // one a crashed run left behind
    helpdesk = await startDemoHelpdesk();
    kb = await startKbServer({ '/team-kb.md': { body: TEAM_KB, etag: KB_ETAG } });
    // Not the default port: only the policy can point Deskmate here.
    model = await startDemoModel({ port: 0, chunkDelayMs: 2 });
    writeChromiumPolicy({
      model: { baseURL: model.url, model: 'deskmate-demo', apiKey: POLICY_KEY },
      lockModel: true,
      allowedSites: ['https://desk.example.com'],
      sendDisabled: true,
      requireMasking: true,
      teamInstructions: TEAM_LINE,
      knowledgeBaseUrl: kb.url('/team-kb.md'),
    });
    // Kept while the browser runs: Chromium watches the folder and drops a policy whose file goes.
    chromium = await launchChromium({ fresh: true });
    options = await openExtensionPage(chromium.context, chromium.extensionId, 'options.html');
    driver = pageDriver(options);
  });
  afterAll(async () => {
    try {
      await chromium?.close();
    } finally {
      removeChromiumPolicy();
    }
    await model?.close();
    await helpdesk?.close();
    await kb?.close();
  });

  it('loads with the fixed extension id the policy names', () => {
    expect(chromium.extensionId).toBe(CHROME_EXTENSION_ID);
  });

  it('shows the managed model on the options page as set by the organisation, not editable', async () => {
    await options.waitForSelector('[data-testid="policy-banner"]');
    await options.waitForSelector('[data-testid="settings-managed"]');
    expect(await options.inputValue('[data-testid="settings-base-url"]')).toBe(model.url);
    expect(await options.getAttribute('[data-testid="settings-base-url"]', 'readonly')).not.toBeNull();
    expect(await options.getAttribute('[data-testid="settings-model"]', 'readonly')).not.toBeNull();
    expect(await options.isDisabled('[data-testid="settings-preset"]')).toBe(true);
    expect(await options.isChecked('[data-testid="settings-pii"]')).toBe(true);
    expect(await options.isDisabled('[data-testid="settings-pii"]')).toBe(true);
    // A person typing into the field changes nothing.
    await options.click('[data-testid="settings-base-url"]');
    await options.keyboard.type('evil');
    expect(await options.inputValue('[data-testid="settings-base-url"]')).toBe(model.url);
    // The team instructions are the policy's, read-only.
    await options.waitForSelector('[data-testid="settings-instructions-managed"]');
    expect(await options.inputValue('[data-testid="settings-instructions"]')).toBe(TEAM_LINE);
  });

  attack('a settings message changes the managed endpoint (Chromium)', async () => {
    const r = await sendToBackground<{ ok: boolean; managed?: boolean }>(driver, {
      type: 'model.set',
      settings: { preset: 'custom', baseURL: 'http://127.0.0.1:9/v1', apiKey: '', model: 'deskmate-demo' },
    });
    expect(r).toMatchObject({ ok: true, value: { ok: false, managed: true } });
    const now = await sendToBackground<{ baseURL: string; maskPersonalData?: boolean }>(driver, { type: 'model.get' });
    expect(now).toMatchObject({ ok: true, value: { baseURL: model.url, maskPersonalData: true } });
  });

  it('talks to the managed endpoint with the team instructions, and offers and allows no send', async () => {
    const page = await openTicket(chromium.context, helpdesk, TICKET_1.id);
    const panel = await openRealSidePanel(chromium.context, chromium.extensionId, page);
    await panel.waitFor('[data-testid="chat-input"]');
    await ask(panel, 'What does the customer want? Draft a reply.');
    await waitForChat(panel, (v) => !v.running && v.drafts.length === 1, 'a draft from the managed model', { timeoutMs: 40_000 });
    const requests = model.requests();
    expect(requests.length).toBeGreaterThan(0);
    expect(messagesOf(requests[0]).find((m) => m.role === 'system')?.content).toContain(TEAM_LINE);

    // Sending switched off by the policy: no send tool on the page, and the registry refuses one.
    await showTab(panel, 'Page');
    await waitForTools(panel, ['ticket.read', 'reply.fill']);
    const tools = await toolsByGrade(panel);
    expect(tools.send ?? []).toEqual([]);
    const invoked = await sendToBackground(panel, { type: 'tool.invoke', tabId: panel.tabId, tool: 'reply.send', input: { body: 'Sent despite the policy.' } });
    expect(invoked).toMatchObject({ ok: true, value: { ok: false, code: 'not_granted' } });
    expect(await helpdesk.sentLog()).toEqual([]);
    await page.close();
  });

  attack('a message enables a site outside the organisation’s list (Chromium)', async () => {
    const r = await sendToBackground<{ ok: boolean; managed?: boolean }>(driver, { type: 'sites.enable', origin: OUTSIDE });
    expect(r).toMatchObject({ ok: true, value: { ok: false, managed: true } });
    const enabled = await sendToBackground<string[]>(driver, { type: 'sites.enabled' });
    expect(enabled).toMatchObject({ ok: true, value: [] });
    // The options page lists the organisation's site, with the browser's permission still to ask.
    await options.reload();
    await poll(async () => ((await options.$('[data-testid="managed-site"][data-origin="https://desk.example.com"] [data-testid="site-allow"]')) ? true : undefined), 'the allowed site with Allow access');
  });

  it('syncs the organisation’s knowledge-base URL: shown as set by it, with its articles; Sync now is answered 304', async () => {
    await options.reload();
    await options.waitForSelector('[data-testid="kb-url-managed"]');
    expect(await options.inputValue('[data-testid="kb-url"]')).toBe(kb.url('/team-kb.md'));
    expect(await options.getAttribute('[data-testid="kb-url"]', 'readonly')).not.toBeNull();
    expect(await options.$('[data-testid="kb-url-save"]')).toBeNull();
    const status = '[data-testid="kb-sync-status"]';
    // Synced by the background at its start, without any click.
    await poll(async () => ((await options.getAttribute(status, 'data-articles')) === '2' ? true : undefined), 'the synced copy on the options page', { timeoutMs: 20_000 });
    expect(await options.getAttribute(status, 'data-source')).toBe('organisation');
    expect(await options.textContent(status)).toMatch(/^Last synced .+: 2 articles\.$/);
    expect(kb.seen[0]).toMatchObject({ status: 200, ifNoneMatch: null, cookie: null });
    const asked = kb.seen.length;
    await options.click('[data-testid="kb-sync-now"]');
    await poll(async () => ((await options.textContent(status))?.includes('unchanged since') ? true : undefined), 'the second check on the options page');
    expect(kb.seen.length).toBe(asked + 1);
    expect(kb.seen.at(-1)).toMatchObject({ status: 304, ifNoneMatch: KB_ETAG });
    expect(await options.getAttribute(status, 'data-articles')).toBe('2');
  });

  it('the model’s kb.search finds an article only the synced copy holds', async () => {
    model.script([{ toolCalls: [{ name: 'kb__search', arguments: { query: 'zebra onboarding' } }] }, { text: 'New zebras get the striped welcome pack.' }]);
    const page = await openTicket(chromium.context, helpdesk, TICKET_2.id);
    // The sidebar bound to this tab, opened as a page: the real panel is already open in this window.
    const [tabId] = await options.evaluate((url) => chrome.tabs.query({}).then((tabs) => tabs.filter((t) => t.url === url).map((t) => t.id!)), helpdesk.ticketUrl(TICKET_2.id));
    const sidebar = await openExtensionPage(chromium.context, chromium.extensionId, `sidepanel.html?tab=${tabId}`);
    const panel = pageDriver(sidebar);
    await sidebar.waitForSelector('[data-testid="chat-input"]');
    await ask(panel, 'How do we onboard a zebra?');
    await waitForChat(panel, (v) => !v.running && v.assistants.some((a) => a.text.includes('striped welcome pack')), 'the answer from the synced article', { timeoutMs: 40_000 });
    const result = messagesOf(model.requests().at(-1)).find((m) => m.role === 'tool' && m.content.startsWith('<tool_result tool="kb.search"'));
    expect(result?.content).toContain('Zebra onboarding');
    expect(result?.content).toContain('striped welcome pack within 3 days');
    await sidebar.close();
    await page.close();
  });

  attack('a content script reads the API key the admin put in the policy, and it is the key Deskmate sends to the model (Chromium)', async () => {
    const page = await openTicket(chromium.context, helpdesk, TICKET_1.id);
    const world = await contentScriptWorld(chromium.context, page, chromium.extensionId);
    // Chromium hands the managed policy to content scripts as well: the schema has no place for a
    // key, so Chromium leaves it out of what anyone reads; the endpoint is there.
    const seen = await world.evaluate<string>('chrome.storage.managed.get(null).then((v) => JSON.stringify(v))');
    expect(seen).toContain(model.url);
    expect(seen).not.toContain(POLICY_KEY);
    expect(model.keys().length).toBeGreaterThan(0);
    expect(model.keys()).not.toContain(POLICY_KEY);
    await page.close();
  });

  attack('a sign-in page served as text/plain at the organisation’s knowledge-base URL replaces its articles (Chromium)', async () => {
    await options.reload();
    const status = '[data-testid="kb-sync-status"]';
    await poll(async () => ((await options.getAttribute(status, 'data-articles')) === '2' ? true : undefined), 'the synced copy');
    kb.routes['/team-kb.md'] = { body: SIGN_IN_PAGE, type: 'text/plain', etag: '"sign-in"' };
    try {
      await options.click('[data-testid="kb-sync-now"]');
      await poll(async () => ((await options.getAttribute(status, 'data-error')) === 'web_page' ? true : undefined), 'the refused sign-in page on the options page');
      expect(kb.seen.at(-1)).toMatchObject({ status: 200 });
      expect(await options.getAttribute(status, 'data-articles')).toBe('2');
      expect(await options.textContent(status)).toMatch(/returned a web page \(a sign-in page\?\).*The last good copy is kept and searched\./);
    } finally {
      kb.routes['/team-kb.md'] = { body: TEAM_KB, etag: KB_ETAG };
    }
  });
});
