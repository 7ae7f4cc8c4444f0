import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoModel, type DemoModel } from '../../demo/model/server.mjs';
import { launchChromium, openExtensionPage, openRealSidePanel, type ChromiumHarness } from './harness/chromium';
import { ask, messagesOf, waitForChat } from './harness/chat';
import { openTicket, pageDriver, sendToBackground, showTab, startDemoHelpdesk, TICKET_1, toolsByGrade, waitForTools, type DemoHelpdesk, type Driver } from './harness/deskmate';
import { CHROME_EXTENSION_ID, removeChromiumPolicy, writeChromiumPolicy } from './harness/policy-files';
import { poll } from './harness/wait';
import { attack } from '../security/attack';

/**
 * The organisation's policy in real Chromium, written where an admin puts it
 * (/etc/chromium/policies/managed/*.json, the `3rdparty` extension policy) and read by the
 * browser into storage.managed for Deskmate's fixed id.
 */
const OUTSIDE = 'https://other.example.com';
const TEAM_LINE = 'Sign every reply as the Northwind policy team.';

describe('policy: Chromium reads the organisation’s policy and Deskmate holds to it', () => {
  let chromium: ChromiumHarness;
  let helpdesk: DemoHelpdesk;
  let model: DemoModel;
  let options: Page;
  let driver: Driver;

  beforeAll(async () => {
    removeChromiumPolicy(); // one a crashed run left behind
    helpdesk = await startDemoHelpdesk();
    // Not the default port: only the policy can point Deskmate here.
    model = await startDemoModel({ port: 0, chunkDelayMs: 2 });
    writeChromiumPolicy({
      model: { baseURL: model.url, model: 'deskmate-demo' },
      lockModel: true,
      allowedSites: ['https://desk.example.com'],
      sendDisabled: true,
      requireMasking: true,
      teamInstructions: TEAM_LINE,
    });
    // Kept while the browser runs: Chromium watches the folder and drops a policy whose file goes.
    chromium = await launchChromium();
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
});
