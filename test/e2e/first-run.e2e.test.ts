import { connect } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ask, DEFAULT_MODEL_PORT, DEMO_MODEL, startModel, waitForChat, type ModelForExtension } from './harness/chat';
import { launchChromium, openExtensionPage, openRealSidePanel, type ChromiumHarness, type SidePanel } from './harness/chromium';
import { openTicket, pageDriver, sendToBackground, startDemoHelpdesk, TICKET_1, waitIn, type DemoHelpdesk } from './harness/deskmate';
import { keepForDocs, pageScreenshot, panelScreenshot } from './harness/screenshots';
import { poll } from './harness/wait';

/** Whether anything listens on a loopback port. */
const listening = (port: number) =>
  new Promise<boolean>((done) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), done(true)));
    socket.once('error', () => done(false));
  });

/**
 * The first ten minutes, in real Chromium with the built extension: installed with no model
 * running, the sidebar says so and leads to the settings; the settings form says what is
 * really wrong (a helpdesk's URL, a refused key, a model the server lacks) against the demo
 * model server over real HTTP; and once a working model is saved, the sidebar is ready.
 */
describe('first run: the setup card and settings that tell the truth', () => {
  let chromium: ChromiumHarness;
  let helpdesk: DemoHelpdesk;
  let m: ModelForExtension | undefined;
  let panel: SidePanel;
  let ticket: Page;

  beforeAll(async () => {
    // The first run is the offline demo's default address with nothing answering there.
    if (await listening(DEFAULT_MODEL_PORT)) throw new Error(`something listens on 127.0.0.1:${DEFAULT_MODEL_PORT}; the first-run test needs it free`);
    helpdesk = await startDemoHelpdesk();
    chromium = await launchChromium();
  });
  afterAll(async () => {
    await chromium?.close();
    await helpdesk?.close();
    await m?.model.close();
  });

  /** The open page whose address matches (a tab the extension opened). */
  const pageAt = (pattern: RegExp) =>
    poll(async () => chromium.context.pages().find((p) => pattern.test(p.url())), `a page at ${pattern}`, { timeoutMs: 15_000 });

  it('with no model running, the sidebar shows the setup card, and a question fails with Open settings', async () => {
    ticket = await openTicket(chromium.context, helpdesk, TICKET_1.id);
    panel = await openRealSidePanel(chromium.context, chromium.extensionId, ticket);
    const title = await panel.text('[data-testid="setup-card"] h2', { timeoutMs: 20_000 });
    expect(title).toBe('Connect Deskmate to a model');
    // In the agent's words; what failed, and how to start the demo, are under Details.
    expect(await panel.text('[data-testid="setup-lead"]')).toBe('Deskmate needs a language model to answer. Ask your admin for the model address, or choose a service; the settings open with it filled in:');
    expect(await panel.evaluate(() => (document.querySelector('[data-testid="setup-details"]') as HTMLDetailsElement).open, null)).toBe(false);
    expect(await panel.text('[data-testid="setup-problem"]')).toBe('Nothing answers at http://127.0.0.1:4518/v1. Is the model server running, and is the address right?');
    expect(await panel.text('[data-testid="setup-demo-start"]')).toContain('npm run demo');
    for (const preset of ['demo', 'openai', 'ollama', 'custom']) expect(await panel.text(`[data-testid="setup-choice-${preset}"]`)).not.toBe('');
    expect(await panel.text('[data-testid="kb-empty-hint"]')).toContain('The knowledge base is empty');
    await panel.emulateSize({ width: 400, height: 800 });
    await keepForDocs(await panelScreenshot(chromium.context, panel, 'first-run-setup-card'), 'first-run-setup-card');
    await panel.emulateSize(null);

    await ask(panel, 'What does the customer want?');
    const view = await waitForChat(panel, (v) => v.errors.length === 1 && !v.running, 'the model error');
    expect(view.errors[0]!.kind).toBe('unreachable');
    // Said in the agent's words; the address and the CORS hint are under Details, closed.
    const said = await panel.evaluate(() => {
      const error = document.querySelector('[data-testid="chat-error"]')!;
      return { line: error.querySelector(':scope > p')?.textContent, open: error.querySelector('details')?.open, details: error.querySelector('[data-testid="chat-error-details"]')?.textContent ?? '' };
    }, null);
    expect(said).toEqual({ line: 'Deskmate cannot reach its model. Ask your admin for the model address, or check the settings.', open: false, details: expect.stringContaining('CORS') });
    await panel.click('[data-testid="chat-error-settings"]');
    const options = await pageAt(/\/options\.html#model-settings$/);
    await options.close();
  });

  it('a setup choice opens the one settings form with that preset filled in, saving nothing; the way to the settings reuses the open tab', async () => {
    // The options page opened in front; the agent comes back to the ticket.
    await ticket.bringToFront();
    await panel.text('[data-testid="setup-choice-openai"]');
    await panel.click('[data-testid="setup-choice-openai"]');
    const options = await pageAt(/\/options\.html\?preset=openai#model-settings$/);
    await options.waitForSelector('[data-testid="settings-preset"]');
    await poll(async () => ((await options.inputValue('[data-testid="settings-preset"]')) === 'openai' ? true : undefined), 'the OpenAI preset');
    expect(await options.inputValue('[data-testid="settings-base-url"]')).toBe('https://api.openai.com/v1');
    const saved = await sendToBackground<{ preset: string }>(pageDriver(options), { type: 'model.get' });
    expect(saved.ok && saved.value.preset).toBe('demo');
    const optionsPages = () => chromium.context.pages().filter((p) => p.url().includes('/options.html'));
    // What the agent types there stays: the open page is shown again, never loaded again.
    await options.evaluate(() => ((window as unknown as { kept: boolean }).kept = true));
    const shown = () => options.evaluate(() => document.visibilityState === 'visible' && (window as unknown as { kept?: boolean }).kept === true);
    // The gear leads to the same form, in the same tab: brought to the front, the preset as it was.
    await ticket.bringToFront();
    await panel.click('[data-testid="chat-settings"]');
    await poll(async () => ((await shown()) ? true : undefined), 'the open options tab to come to the front');
    expect(optionsPages()).toHaveLength(1);
    expect(await options.inputValue('[data-testid="settings-preset"]')).toBe('openai');
    // Another setup choice: the same tab, with that preset filled in.
    await ticket.bringToFront();
    await panel.click('[data-testid="setup-choice-ollama"]');
    await poll(async () => ((await shown()) && (await options.inputValue('[data-testid="settings-preset"]')) === 'ollama' ? true : undefined), 'the Ollama preset in the open tab');
    expect(await options.inputValue('[data-testid="settings-base-url"]')).toBe('http://localhost:11434/v1');
    expect(optionsPages()).toHaveLength(1);
    await options.close();
    await ticket.bringToFront();
  });

  describe('the settings form against the scripted model server', () => {
    let options: Page;
    const status = async () => {
      const el = options.locator('[data-testid="settings-status"]');
      await poll(async () => (/\b(ok|error|ask|warn)\b/.test((await el.getAttribute('class')) ?? '') ? true : undefined), 'a settled status', { timeoutMs: 20_000 });
      return { tone: ((await el.getAttribute('class')) ?? '').replace('settings-status', '').trim(), text: (await el.textContent()) ?? '' };
    };
    const point = async (url: string, model: string, key = '') => {
      await options.fill('[data-testid="settings-base-url"]', url);
      await options.fill('[data-testid="settings-model"]', model);
      await options.fill('[data-testid="settings-api-key"]', key);
    };

    beforeAll(async () => {
      m = await startModel({ chunkDelayMs: 2 });
      options = await openExtensionPage(chromium.context, chromium.extensionId, 'options.html');
      await options.waitForSelector('[data-testid="settings-base-url"]');
    });
    afterAll(() => options?.close());

    it('a helpdesk URL: says it does not answer like an OpenAI-compatible API', async () => {
      await point(`${helpdesk.url}/scp`, 'gpt-4o');
      expect(await options.inputValue('[data-testid="settings-preset"]')).toBe('custom');
      await options.click('[data-testid="settings-test"]');
      const s = await status();
      expect(s.tone).toBe('error');
      expect(s.text).toBe(`${helpdesk.url}/scp answers, but not like an OpenAI-compatible model server. Check the address: it is the model server’s, not your helpdesk’s, and usually ends in /v1.`);
      await pageScreenshot(options, 'settings-not-openai');
    });

    it('a stale message goes when the preset changes', async () => {
      await options.selectOption('[data-testid="settings-preset"]', 'ollama');
      expect(await options.textContent('[data-testid="settings-status"]')).not.toContain('OpenAI-compatible');
      expect(await options.inputValue('[data-testid="settings-base-url"]')).toBe('http://localhost:11434/v1');
    });

    it('a model the server lacks: named, with the one model it has', async () => {
      await point(m!.model.url, 'gpt-4o');
      await options.click('[data-testid="settings-test"]');
      const s = await status();
      expect(s.text).toBe('Connected, but this server has no model “gpt-4o”. It offers 1 model: deskmate-demo. Pick one of them.');
      await pageScreenshot(options, 'settings-model-missing');
    });

    it('a key refused with 401: Save warns and asks, and keeps nothing until Save anyway', async () => {
      await point(m!.model.url, DEMO_MODEL, 'bad-key');
      await options.click('[data-testid="settings-save"]');
      const s = await status();
      expect(s.tone).toBe('ask');
      expect(s.text).toBe('Not saved yet. The server refused this API key (401). Check the key: copy it again from your provider’s account page. Save anyway?');
      await pageScreenshot(options, 'settings-key-refused');
      const saved = await sendToBackground<{ apiKey: string; baseURL: string }>(pageDriver(options), { type: 'model.get' });
      expect(saved.ok && saved.value.baseURL).toBe('http://127.0.0.1:4518/v1');
      await options.click('[data-testid="settings-cancel"]');
      expect(await options.locator('[data-testid="settings-save-anyway"]').count()).toBe(0);
    });

    it('working settings save at once, and the open sidebar is ready without a reload', async () => {
      await point(m!.model.url, DEMO_MODEL);
      await options.click('[data-testid="settings-save"]');
      expect(await status()).toEqual({ tone: 'ok', text: 'Saved.' });
      await poll(async () => ((await panel.evaluate(() => document.querySelector('[data-testid="setup-card"]') === null, null)) ? true : undefined), 'the setup card to go', { timeoutMs: 20_000 });
      // Back on the ticket (the options page is the active tab, and the sidebar follows it): the error of
      // the first question was about the model, now out of date, said so, with no alarm and no Open settings.
      await ticket.bringToFront();
      const stale = await waitIn(panel, () => {
        const error = document.querySelector('[data-testid="chat-error"]');
        return error?.getAttribute('data-stale') === 'true' && { role: error.getAttribute('role'), settings: !!error.querySelector('[data-testid="chat-error-settings"]'), line: error.querySelector(':scope > p')?.textContent };
      }, null, 'the old model error to be marked out of date');
      expect(stale).toEqual({ role: null, settings: false, line: 'The model did not answer then; it answers now.' });
      await ask(panel, 'What does the customer want?');
      await waitForChat(panel, (v) => !v.running && v.assistants.length > 0, 'an answer from the model', { timeoutMs: 40_000 });
    });
  });
});
