// @vitest-environment happy-dom
import '../fakes/scripts'; // runs the lazy scripts and content parts this file's code reaches
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { startDemoModel, type DemoModel } from '../../demo/model/server.mjs';
import { createServices } from '../../src/background/host';
import { loadModelSettings, saveModelSettings, defaultModelSettings } from '../../src/background/model/model-settings';
import { route, type Sender } from '../../src/background/router';
import { presetOf } from '../../src/ui/hooks/useModelSettings';
import { ModelSettingsForm } from '../../src/ui/settings/ModelSettingsForm';
import { installI18n } from '../fakes/i18n';
import { freshRoot, dropRoot } from './root';

/** The settings form against the real background and the demo model over real HTTP: what it says is what the server did. */
const options: Sender = { kind: 'extension', url: 'chrome-extension://x/options.html' };
let model: DemoModel;
/** A web page where a model server should be: a helpdesk's address. */
let helpdesk: Server;
let helpdeskURL: string;
let root: HTMLElement;
let requests: string[];

beforeAll(async () => {
  model = await startDemoModel({ port: 0, chunkDelayMs: 0 });
  helpdesk = createServer((req, res) => {
    // happy-dom's fetch holds to CORS; the extension, with the host granted, does not.
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*', 'access-control-allow-methods': '*' });
      return res.end();
    }
    res.writeHead(req.url === '/' ? 200 : 404, { 'content-type': 'text/html', 'access-control-allow-origin': '*' });
    res.end('<!doctype html><title>Helpdesk</title><h1>Sign in</h1>');
  });
  await new Promise<void>((ready) => helpdesk.listen(0, '127.0.0.1', ready));
  helpdeskURL = `http://127.0.0.1:${(helpdesk.address() as AddressInfo).port}/scp`;
});
afterAll(async () => {
  await model.close();
  helpdesk.closeAllConnections();
  await new Promise((done) => helpdesk.close(done));
});

const $ = <T extends HTMLElement = HTMLElement>(testId: string) => root.querySelector<T>(`[data-testid="settings-${testId}"]`);
const settle = (ms = 30) => act(() => new Promise((r) => setTimeout(r, ms)));
async function until<T>(probe: () => T | null | undefined | false, what: string, timeoutMs = 8000): Promise<T> {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; ) {
    const value = probe();
    if (value) return value;
    await settle(10);
  }
  throw new Error(`timed out waiting for ${what}; the status says ${$('status')?.textContent}`);
}
const statusSettled = () => until(() => !/\bbusy\b/.test($('status')!.className) && $('status')!.className.trim() !== 'settings-status' && $('status'), 'a status');
async function open(preset?: 'openai') {
  const { handlers } = await createServices([]);
  fakeBrowser.runtime.onMessage.addListener((message: unknown) => {
    requests.push((message as { type: string }).type);
    return route(message, options, handlers);
  });
  await act(() => render(<ModelSettingsForm testIds initialPreset={preset ?? null} />, root));
  await until(() => $('base-url'), 'the form');
}
function type(testId: string, value: string) {
  const input = $<HTMLInputElement>(testId)!;
  input.value = value;
  input.dispatchEvent(new Event('input', { bubbles: true }));
}
function choose(preset: string) {
  const select = $<HTMLSelectElement>('preset')!;
  select.value = preset;
  select.dispatchEvent(new Event('change', { bubbles: true }));
}
async function point(baseURL: string, modelId: string, apiKey = '') {
  type('base-url', baseURL);
  type('model', modelId);
  type('api-key', apiKey);
  await settle();
}

beforeEach(() => {
  fakeBrowser.reset();
  installI18n();
  requests = [];
  model.reset();
  fakeBrowser.permissions.contains = (async () => true) as typeof fakeBrowser.permissions.contains;
  fakeBrowser.permissions.request = (async () => true) as typeof fakeBrowser.permissions.request;
  root = freshRoot();
});
afterEach(() => {
  dropRoot(root);
});

describe('Test connection tells the truth', () => {
  it('says the chosen model is missing, naming the one model the server has, in the singular', async () => {
    await open();
    await point(model.url, 'gpt-4o');
    $('test')!.click();
    const status = await statusSettled();
    expect(status.className).toContain('error');
    expect(status.textContent).toBe('Connected, but this server has no model “gpt-4o”. It offers 1 model: deskmate-demo. Pick one of them.');
    // The server's models are offered as suggestions.
    expect([...root.querySelectorAll('datalist option')].map((o) => o.getAttribute('value'))).toEqual(['deskmate-demo']);
  });

  it('says ready when the model is there', async () => {
    await open();
    await point(model.url, 'deskmate-demo');
    $('test')!.click();
    const status = await statusSettled();
    expect(status.className).toContain('ok');
    expect(status.textContent).toBe('Connected. “deskmate-demo” is ready (1 model: deskmate-demo).');
  });

  it('names a refused key as such', async () => {
    await open();
    await point(model.url, 'deskmate-demo', 'bad-key');
    $('test')!.click();
    expect((await statusSettled()).textContent).toBe('The server refused this API key (401). Check the key: copy it again from your provider’s account page.');
  });

  it('names an address that is not an OpenAI-compatible API, not a missing model', async () => {
    await open();
    await point(helpdeskURL, 'gpt-4o');
    $('test')!.click();
    const text = (await statusSettled()).textContent!;
    expect(text).toContain(`${helpdeskURL} answers, but not like an OpenAI-compatible model server`);
    expect(text).not.toMatch(/not found|no model/i);
  });
});

describe('Save asks before keeping settings that cannot work', () => {
  it('a key that fails with 401: warns and saves nothing until Save anyway', async () => {
    await open();
    await point(model.url, 'deskmate-demo', 'bad-key');
    $('save')!.click();
    const status = await until(() => /\bask\b/.test($('status')!.className) && $('status'), 'the question');
    expect(status.textContent).toContain('Not saved yet. The server refused this API key (401).');
    expect(status.textContent).toContain('Save anyway?');
    expect(requests).not.toContain('model.set');
    expect((await loadModelSettings()).apiKey).toBe('');
    $('save-anyway')!.click();
    await until(() => /\bok\b/.test($('status')!.className), 'saved');
    expect((await loadModelSettings()).apiKey).toBe('bad-key');
  });

  it('Cancel keeps the old settings', async () => {
    await open();
    await point(model.url, 'gpt-4o');
    $('save')!.click();
    await until(() => $('cancel'), 'the question');
    $('cancel')!.click();
    await settle();
    expect($('cancel')).toBeNull();
    expect(requests).not.toContain('model.set');
    expect((await loadModelSettings()).model).toBe('deskmate-demo');
  });

  it('saves working settings at once, and a server that is down with a warning', async () => {
    await open();
    await point(model.url, 'deskmate-demo');
    $('save')!.click();
    expect((await until(() => /\bok\b/.test($('status')!.className) && $('status'), 'saved')).textContent).toBe('Saved.');
    await point('http://127.0.0.1:9/v1', 'llama3.1');
    $('save')!.click();
    const status = await until(() => /\bwarn\b/.test($('status')!.className) && $('status'), 'saved with a warning');
    expect(status.textContent).toBe('Saved. But: Nothing answers at http://127.0.0.1:9/v1. Is the model server running, and is the address right?');
    expect((await loadModelSettings()).baseURL).toBe('http://127.0.0.1:9/v1');
  });
});

describe('the form keeps no stale or misleading state', () => {
  it('clears an error when the preset changes, and shows no message before any save', async () => {
    await open();
    expect($('status')!.textContent).toBe('The API key stays in this browser and goes only to the model’s URL.');
    await point('not a url', 'x');
    $('test')!.click();
    expect((await statusSettled()).textContent).toContain('not a valid URL');
    choose('ollama');
    await settle();
    expect($<HTMLInputElement>('base-url')!.value).toBe('http://localhost:11434/v1');
    expect($('status')!.textContent).not.toContain('not a valid URL');
  });

  it('shows Custom once the address or model is edited, and Custom starts empty', async () => {
    await open();
    expect($<HTMLSelectElement>('preset')!.value).toBe('demo');
    type('base-url', 'http://127.0.0.1:4519/v1');
    await settle();
    expect($<HTMLSelectElement>('preset')!.value).toBe('custom');
    choose('openai');
    await settle();
    expect($<HTMLInputElement>('base-url')!.value).toBe('https://api.openai.com/v1');
    choose('custom');
    await settle();
    expect($<HTMLInputElement>('base-url')!.value).toBe('');
    expect($<HTMLInputElement>('model')!.value).toBe('');
    // Typing the API key is no reason to leave a preset.
    choose('openai');
    type('api-key', 'sk-1');
    await settle();
    expect($<HTMLSelectElement>('preset')!.value).toBe('openai');
  });

  it('opens with the preset a link asked for, saving nothing until Save', async () => {
    await saveModelSettings(defaultModelSettings());
    await open('openai');
    expect($<HTMLSelectElement>('preset')!.value).toBe('openai');
    expect($<HTMLInputElement>('base-url')!.value).toBe('https://api.openai.com/v1');
    expect($('preset-hint')!.textContent).toContain('platform.openai.com');
    expect((await loadModelSettings()).preset).toBe('demo');
  });

  it('knows a preset by its address and model', () => {
    const demo = defaultModelSettings();
    expect(presetOf(demo)).toBe('demo');
    expect(presetOf({ ...demo, model: 'other' })).toBe('custom');
    expect(presetOf({ ...demo, preset: 'openai' })).toBe('custom');
  });
});
