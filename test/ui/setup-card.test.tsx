// @vitest-environment happy-dom
import '../fakes/scripts'; // runs the lazy scripts and content parts this file's code reaches
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { startDemoModel, type DemoModel } from '../../demo/model/server.mjs';
import { createServices } from '../../src/background/host';
import { defaultModelSettings } from '../../src/background/model/model-settings';
import { route, type Sender } from '../../src/background/router';
import { App } from '../../src/ui/sidebar/App';
import { installChatPort } from '../fakes/chat-port';
import { createFakeTabs } from '../fakes/fake-tabs';
import { sidebarRoot, dropRoot } from './root';

/** The sidebar's first-run help against the real background and a real model server (or none). */
const sidebar: Sender = { kind: 'extension', url: 'chrome-extension://x/sidepanel.html' };
const DEAD = 'http://127.0.0.1:9/v1';
let model: DemoModel;
let root: HTMLElement;
let handlers: Awaited<ReturnType<typeof createServices>>['handlers'];

beforeAll(async () => {
  model = await startDemoModel({ port: 0, chunkDelayMs: 0 });
});
afterAll(() => model.close());

const $ = <T extends HTMLElement = HTMLElement>(testId: string) => root.querySelector<T>(`[data-testid="${testId}"]`);
async function until<T>(probe: () => T | null | undefined | false, what: string, timeoutMs = 8000): Promise<T> {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; ) {
    const value = probe();
    if (value) return value;
    await act(() => new Promise((r) => setTimeout(r, 10)));
  }
  throw new Error(`timed out waiting for ${what}; the sidebar shows: ${root.textContent}`);
}
async function openTabs(): Promise<string[]> {
  return (await fakeBrowser.tabs.query({})).map((tab) => tab.url ?? '');
}
async function start(baseURL: string, modelId: string) {
  const tabs = createFakeTabs();
  const services = await createServices([], tabs.send);
  handlers = services.handlers;
  fakeBrowser.runtime.onMessage.addListener((message: unknown) => route(message, sidebar, handlers));
  await handlers['model.set']({ type: 'model.set', settings: { ...defaultModelSettings(), preset: 'custom', baseURL, model: modelId } }, sidebar);
  installChatPort(services.chat);
  await act(() => render(<App />, root));
}

beforeEach(() => {
  root = sidebarRoot();
});
afterEach(() => {
  dropRoot(root);
});

describe('the setup card', () => {
  it('shows when the model does not answer, says where, and each choice opens the settings form with it', async () => {
    await start(DEAD, 'llama3.1');
    const card = await until(() => $('setup-card'), 'the setup card');
    expect(card.querySelector('h2')!.textContent).toBe('The assistant’s model does not answer');
    // In the agent's words; what exactly failed is under Details, for whoever sets Deskmate up.
    expect($('setup-lead')!.textContent).toBe('The model chosen for Deskmate does not answer now. Ask your admin, or choose a service; the settings open with it filled in:');
    expect($('setup-problem')!.closest('details')).toBe($('setup-details'));
    expect($<HTMLDetailsElement>('setup-details')!.open).toBe(false);
    expect($('setup-problem')!.textContent).toBe(`Nothing answers at ${DEAD}. Is the model server running, and is the address right?`);
    // It takes the conversation's place, in its scroll, rather than squeezing it.
    expect(card.closest('.chat-log')).not.toBeNull();
    expect(['demo', 'openai', 'ollama', 'custom'].map((p) => $(`setup-choice-${p}`)?.textContent)).toEqual([
      'Offline demo (runs on this computer)',
      'OpenAI',
      'Ollama on this computer',
      'Custom address',
    ]);
    $('setup-choice-openai')!.click();
    let urls: string[] = [];
    await until(() => {
      void openTabs().then((u) => (urls = u));
      return urls.some((url) => url.endsWith('/options.html?preset=openai#model-settings'));
    }, 'the options page with OpenAI');
  });

  it('says how to start the offline demo when it is the chosen model and silent', async () => {
    await start(DEAD, 'deskmate-demo');
    await handlers['model.set']({ type: 'model.set', settings: { ...defaultModelSettings(), baseURL: DEAD } }, sidebar);
    await until(() => $('setup-demo-start'), 'how to start the demo');
    expect($('setup-demo-start')!.textContent).toContain('npm run demo');
  });

  it('goes away once working settings are saved, with no reload', async () => {
    await start(DEAD, 'deskmate-demo');
    await until(() => $('setup-card'), 'the setup card');
    await act(async () => void (await handlers['model.set']({ type: 'model.set', settings: { ...defaultModelSettings(), baseURL: model.url } }, sidebar)));
    await until(() => !$('setup-card'), 'no setup card');
    expect($('setup-demo-reminder')).toBeNull();
  });

  it('names a model the server does not have', async () => {
    await start(model.url, 'gpt-4o');
    await until(() => $('setup-card'), 'the setup card');
    expect($('setup-problem')!.textContent).toBe('Connected, but this server has no model “gpt-4o”. It offers 1 model: deskmate-demo. Pick one of them.');
  });
});

describe('the empty knowledge base', () => {
  it('gets a hint with the way to import one, gone once articles are imported', async () => {
    await start(model.url, 'deskmate-demo');
    const hint = await until(() => $('kb-empty-hint'), 'the hint');
    expect(hint.textContent).toContain('The knowledge base is empty');
    $('kb-empty-import')!.click();
    let urls: string[] = [];
    await until(() => {
      void openTabs().then((u) => (urls = u));
      return urls.some((url) => url.endsWith('/options.html#knowledge-base'));
    }, 'the options page at the knowledge base');
    await act(async () => void (await handlers['kb.import']({ type: 'kb.import', files: [{ name: 'kb.md', text: '# Refunds\nWithin 5 days.' }] }, sidebar)));
    await until(() => !$('kb-empty-hint'), 'no hint');
    expect($('setup-card')).toBeNull();
  });
});
