// @vitest-environment happy-dom
import '../fakes/scripts'; // runs the lazy scripts and content parts this file's code reaches
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startDemoModel, type DemoModel } from '../../demo/model/server.mjs';
import { fakeBrowser } from 'wxt/testing';
import { createServices } from '../../src/background/host';
import { loadModelSettings } from '../../src/background/model/model-settings';
import { route, type Sender } from '../../src/background/router';
import { permissionFor } from '../../src/ui/hooks/useModelSettings';
import { ModelSettingsForm } from '../../src/ui/settings/ModelSettingsForm';
import { installI18n } from '../fakes/i18n';
import { freshRoot, dropRoot } from './root';

const options: Sender = { kind: 'extension', url: 'chrome-extension://x/options.html' };
let root: HTMLElement;
/** What happened, in order: requests to the background and permission prompts. */
let log: string[];
let grant: boolean;
/** The demo model on [::1]: a loopback address the manifest does not grant, so saving it asks. */
let model: DemoModel;
beforeAll(async () => {
  model = await startDemoModel({ port: 0, host: '::1', chunkDelayMs: 0 });
});
afterAll(() => model.close());

const $ = <T extends HTMLElement = HTMLElement>(testId: string) => root.querySelector<T>(`[data-testid="settings-${testId}"]`)!;
/** Lets the form render until `probe` holds: the background answers when it answers, under load too. */
async function until(probe: () => boolean, what: string, timeoutMs = 5_000): Promise<void> {
  for (const end = Date.now() + timeoutMs; Date.now() < end; ) {
    if (probe()) return;
    await act(() => new Promise((r) => setTimeout(r, 5)));
  }
  throw new Error(`timed out waiting for ${what}`);
}
const loaded = () => (root.querySelector<HTMLInputElement>('[data-testid="settings-base-url"]')?.value ?? '') !== '';
const status = () => root.querySelector('[data-testid="settings-status"]')?.textContent ?? '';
async function open() {
  const { handlers } = await createServices([]);
  fakeBrowser.runtime.onMessage.addListener((message: unknown) => {
    // The policy is read as the form opens and again after each change: not part of what a click does.
    if ((message as { type: string }).type !== 'policy.get') log.push((message as { type: string }).type);
    return route(message, options, handlers);
  });
  await act(() => render(<ModelSettingsForm testIds />, root));
  await until(loaded, 'the settings to load');
}
function type(input: HTMLInputElement, value: string) {
  input.value = value;
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

beforeEach(() => {
  fakeBrowser.reset();
  installI18n();
  log = [];
  grant = false;
  fakeBrowser.permissions.contains = (async () => false) as typeof fakeBrowser.permissions.contains;
  fakeBrowser.permissions.request = (async (p: { origins?: string[] }) => {
    log.push(`permission ${p.origins?.join(' ')}`);
    return grant;
  }) as typeof fakeBrowser.permissions.request;
  root = freshRoot();
});
afterEach(() => {
  dropRoot(root);
});

describe('ModelSettingsForm', () => {
  it('shows a locked model as set by the organisation, read-only, with masking on and fixed, and the key as the agent’s own', async () => {
    await fakeBrowser.storage.managed.set({ model: { baseURL: 'https://llm.team.example/v1', model: 'team-model', apiKey: 'sk-team' }, lockModel: true, requireMasking: true });
    await open();
    await until(() => root.querySelector('[data-testid="settings-managed"]') !== null, 'the managed mark');
    expect($<HTMLInputElement>('base-url').value).toBe('https://llm.team.example/v1');
    expect($<HTMLInputElement>('base-url').readOnly).toBe(true);
    expect($<HTMLInputElement>('model').readOnly).toBe(true);
    // The policy's key is never used (content scripts can read the policy): the agent enters theirs.
    expect($<HTMLInputElement>('api-key').readOnly).toBe(false);
    expect($<HTMLInputElement>('api-key').value).toBe('');
    expect($('key-yours').textContent).toMatch(/API key is yours/);
    expect($<HTMLSelectElement>('preset').disabled).toBe(true);
    expect($<HTMLInputElement>('pii').checked).toBe(true);
    expect($<HTMLInputElement>('pii').disabled).toBe(true);
    expect(root.textContent).not.toContain('sk-team');
  });

  it('loads the settings: the offline demo by default', async () => {
    await open();
    expect($<HTMLInputElement>('base-url').value).toBe('http://127.0.0.1:4518/v1');
    expect($<HTMLInputElement>('model').value).toBe('deskmate-demo');
    expect($<HTMLInputElement>('api-key').type).toBe('password');
  });

  it('asks for the origin before saving a remote URL, and saves nothing when refused', async () => {
    await open();
    type($('base-url'), 'https://api.example.com/v1');
    $('save').click();
    await until(() => /needs your permission/.test(status()), 'the refusal');
    expect(log).toEqual(['model.get', 'permission https://api.example.com/*']);
    expect($('status').textContent).toContain('needs your permission');
    expect((await loadModelSettings()).baseURL).toBe('http://127.0.0.1:4518/v1');
  });

  it('saves once the origin is granted, after checking the connection', async () => {
    grant = true;
    await open();
    const host = new URL(model.url).hostname;
    type($('base-url'), model.url);
    type($('api-key'), 'sk-test');
    $('save').click();
    await until(() => log.includes('settings.changed'), 'the settings to be saved');
    expect(log).toEqual(['model.get', `permission http://${host}/*`, 'model.test', 'model.set', 'settings.changed']);
    expect($('status').textContent).toBe('Saved.');
    expect(await loadModelSettings()).toMatchObject({ baseURL: model.url, apiKey: 'sk-test' });
  });

  it('saves a loopback URL without asking: it is granted at install', async () => {
    await open();
    const preset = root.querySelector('select')!;
    preset.value = 'ollama';
    preset.dispatchEvent(new Event('change', { bubbles: true }));
    await until(() => $<HTMLInputElement>('base-url').value === 'http://localhost:11434/v1', 'the preset endpoint');
    $('save').click();
    await until(() => log.includes('settings.changed'), 'the settings to be saved');
    expect(log).toEqual(['model.get', 'model.test', 'model.set', 'settings.changed']);
    expect((await loadModelSettings()).preset).toBe('ollama');
  });

  it('needs a permission for any origin but http loopback', () => {
    expect(permissionFor('http://127.0.0.1:4518/v1')).toBeNull();
    expect(permissionFor('http://localhost:11434/v1')).toBeNull();
    expect(permissionFor('https://localhost/v1')).toBe('https://localhost/*');
    expect(permissionFor('http://127.0.0.1.example.com/v1')).toBe('http://127.0.0.1.example.com/*');
    expect(permissionFor('not a url')).toBeNull();
  });
});
