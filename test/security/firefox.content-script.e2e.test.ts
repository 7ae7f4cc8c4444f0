import { rmSync } from 'node:fs';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { launchFirefox, openFirefoxExtensionPage, openFirefoxPage, type FirefoxHarness } from '../e2e/harness/firefox';
import { firefoxDriver } from '../e2e/harness/firefox-driver';
import {
  clickConfirm,
  confirmCards,
  linesOf,
  replyBody,
  startDemoHelpdesk,
  storedConfirmation,
  theCard,
  TICKET_1,
  type DemoHelpdesk,
  type Driver,
  type Envelope,
} from '../e2e/harness/deskmate';
import { DEMO_MODEL, startModel, type ModelForExtension } from '../e2e/harness/chat';
import { sendFromDraft } from '../e2e/harness/drafts';
import { poll } from '../e2e/harness/wait';
import { attack } from './attack';
import { attackFrom, buildAttackerFirefox } from './harness/attacker-build';

declare const browser: {
  tabs: { query(q: object): Promise<{ id?: number; url?: string }[]> };
  runtime: { sendMessage(m: unknown): Promise<unknown> };
};

const SECRET = 'sk-secret-0f9e8d7c6b5a';
const ATTACKER_TEXT = 'Please wire the refund to IBAN XX00 ATTACKER 0000.';
const AGENT_MODEL = { preset: 'openai', baseURL: 'https://api.openai.com/v1', apiKey: SECRET, model: 'gpt-4o-mini' };

/**
 * Firefox gives content scripts storage.local. This build's content script is the attacker's
 * (a compromised adapter, or code a hostile page smuggled into it): it runs on the ticket page
 * while the agent works, and tries every way into the background's secrets and records.
 */
describe('security: a compromised content script in Firefox', () => {
  let firefox: FirefoxHarness;
  let helpdesk: DemoHelpdesk;
  let m: ModelForExtension;
  let attackerDir: string;
  let ticket: Page;
  let sidebar: Driver;
  let sidebarPage: Page;
  let tabId: number;
  // Firefox's `chrome.runtime.sendMessage` takes a callback and returns nothing: ask with `browser`.
  const ask = <T,>(message: Record<string, unknown>) =>
    sidebarPage.evaluate((m) => browser.runtime.sendMessage(m), message) as Promise<Envelope<T>>;

  beforeAll(async () => {
    attackerDir = buildAttackerFirefox();
    helpdesk = await startDemoHelpdesk();
    m = await startModel({ chunkDelayMs: 2 });
    firefox = await launchFirefox({ extensionDir: attackerDir });
    const ticketUrl = helpdesk.ticketUrl(TICKET_1.id);
    ticket = await openFirefoxPage(firefox, ticketUrl);
    await ticket.waitForSelector(`.hd-ticket[data-ticket-id="${TICKET_1.id}"]`);
    const finder = await openFirefoxExtensionPage(firefox, 'sidepanel.html');
    tabId = (await finder.evaluate((url) => browser.tabs.query({}).then((tabs) => tabs.find((t) => t.url === url)?.id), ticketUrl))!;
    await finder.close();
    sidebarPage = await openFirefoxExtensionPage(firefox, `sidepanel.html?tab=${tabId}`);
    sidebar = firefoxDriver(sidebarPage);
    // The agent's own settings: a real key.
    const saved = await ask({ type: 'model.set', settings: AGENT_MODEL });
    expect(saved).toMatchObject({ ok: true, value: { ok: true } });
  }, 90_000);
  afterAll(async () => {
    await firefox?.close();
    await m?.model.close();
    await helpdesk?.close();
    if (attackerDir) rmSync(attackerDir, { recursive: true, force: true });
  });

  attack('reads the API key from storage.local, its IndexedDB and storage.session', async () => {
    const seen = await attackFrom<Record<string, unknown>>(ticket, 'read');
    expect(JSON.stringify(seen)).not.toContain(SECRET);
    expect(JSON.stringify(seen)).not.toContain('api.openai.com');
    // It did run: storage.local answered it (empty), which is what makes Firefox the case.
    expect(seen.local).toEqual({});
  });

  attack('rewrites the model base URL to its own host', async () => {
    expect(await attackFrom(ticket, 'rewriteModel')).toBe('written');
    const settings = await ask<{ baseURL: string; apiKey: string }>({ type: 'model.get' });
    expect(settings).toMatchObject({ ok: true, value: { baseURL: 'https://api.openai.com/v1', apiKey: SECRET } });
  });

  let body = '';
  attack('rewrites the body of a pending confirmation after the card was shown', async () => {
    body = replyBody('firefox-attacked');
    // The reply comes from the ticket's draft: the scripted model writes it, then the agent's own settings are back.
    expect(await ask({ type: 'model.set', settings: { preset: 'custom', baseURL: m.model.url, apiKey: '', model: DEMO_MODEL } })).toMatchObject({ ok: true, value: { ok: true } });
    await sendFromDraft(sidebar, m.model, body);
    expect(await ask({ type: 'model.set', settings: AGENT_MODEL })).toMatchObject({ ok: true, value: { ok: true } });
    expect((await theCard(sidebar, ['pending'])).body).toBe(body);
    await attackFrom(ticket, 'rewritePending', { body: ATTACKER_TEXT });
    const record = await storedConfirmation(sidebar, tabId, body);
    expect(record.payload.body).toBe(body);
    expect((await theCard(sidebar, ['pending'])).body).toBe(body);
  });

  attack('plants a forged pending confirmation of its own', async () => {
    const real = await storedConfirmation(sidebar, tabId, body);
    const forged = { ...real, id: 'forged-1', payload: { ...real.payload, body: ATTACKER_TEXT } };
    expect(await attackFrom(ticket, 'forgeRecord', { record: forged })).toBe('written');
    await new Promise((r) => setTimeout(r, 300));
    expect((await confirmCards(sidebar)).map((c) => c.body)).toEqual([body]);
    const confirmForged = await ask({ type: 'confirm.accept', tabId, id: 'forged-1', digest: real.digest });
    expect(confirmForged).toMatchObject({ ok: true, value: { ok: false, code: 'not_found' } });
    // Confirm sends exactly what the card showed, once.
    await clickConfirm(sidebar);
    const done = await theCard(sidebar, ['sent', 'refused', 'failed', 'unknown'], { timeoutMs: 20_000 });
    expect(done.state, done.status).toBe('sent');
    const sent = await poll(async () => ((await helpdesk.sentLog()).length ? helpdesk.sentLog() : undefined), 'the helpdesk to log the reply');
    expect(sent.map((s) => linesOf(s.text))).toEqual([linesOf(body)]);
  });

  attack('replaces the audit log with one fake entry', async () => {
    const before = await ask<{ kind: string }[]>({ type: 'audit.list' });
    expect(await attackFrom(ticket, 'rewriteAudit')).toBe('written');
    const after = await ask<{ kind: string }[]>({ type: 'audit.list' });
    expect(after).toEqual(before);
    expect(after.ok && after.value.map((e) => e.kind)).toEqual(['prepare', 'confirm', 'sent']);
    expect(await ask({ type: 'audit.check' })).toEqual({ ok: true, value: { intact: true } });
  });

  attack('switches a read-only site back to write and send', async () => {
    await ask({ type: 'sites.set', origin: helpdesk.url, write: false, send: false });
    expect(await attackFrom(ticket, 'flipReadOnly', { origin: helpdesk.url })).toBe('written');
    const sites = await ask<{ origin: string; write: boolean; send: boolean }[]>({ type: 'sites.list' });
    expect(sites.ok && sites.value.find((s) => s.origin === helpdesk.url)).toMatchObject({ write: false, send: false });
    // Even "Send again" on the agent's own card, which is bound to this ticket, is refused on a read-only site.
    const sentBefore = await storedConfirmation(sidebar, tabId, body);
    const send = await ask({ type: 'tool.invoke', tabId, tool: 'reply.send', input: { body: ATTACKER_TEXT }, again: sentBefore.id });
    expect(send).toMatchObject({ ok: true, value: { ok: false, code: 'not_granted' } });
    await ask({ type: 'sites.set', origin: helpdesk.url, write: true, send: true });
  });

  attack('adds its own host to the enabled sites', async () => {
    expect(await attackFrom(ticket, 'addSite')).toBe('written');
    expect(await ask({ type: 'sites.enabled' })).toEqual({ ok: true, value: [] });
    expect((await helpdesk.sentLog()).map((s) => s.text)).not.toContain(ATTACKER_TEXT);
    await sidebarPage.close();
    await ticket.close();
  });
});
