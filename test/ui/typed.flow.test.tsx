// @vitest-environment happy-dom
import '../fakes/scripts'; // runs the lazy scripts and content parts this file's code reaches
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import type { ChatSessions } from '../../src/background/chat/chat-session';
import { conversationKey } from '../../src/background/chat/chat-store';
import { createServices } from '../../src/background/host';
import { route, type Sender } from '../../src/background/router';
import type { DraftItem } from '../../src/shared/chat-items';
import type { ChatServerMessage } from '../../src/shared/chat-protocol';
import { App } from '../../src/ui/sidebar/App';
import { installChatPort } from '../fakes/chat-port';
import { fakeHelpdesk } from '../fakes/fake-adapter';
import { createFakeTabs } from '../fakes/fake-tabs';
import { answer, calls, ScriptedModel, type ScriptEntry } from '../fakes/scripted-model';
import { sidebarRoot, dropRoot } from './root';

/**
 * Typed text in the sidebar against the real background (chat sessions, stores), with no pause
 * after typing: the next action reads it, and a sidebar that closes hands it over.
 */
const A = 'http://127.0.0.1:4517';
const sidebar: Sender = { kind: 'extension', url: 'chrome-extension://x/sidepanel.html' };
const PROPOSED = 'Hi Ada,\n\nYour refund is on its way.\n\nBest regards,';
const EDITED = `${PROPOSED}\nAlan from Support`;
const CONTEXT = 'The customer is on the premium plan.';
const QUESTION = 'Does the premium plan cover a second refund?';
const DRAFTING: ScriptEntry[] = [calls(['c1', 'reply__propose', { body: PROPOSED }]), answer('The draft is below.')];

let root: HTMLElement;
let chat: ChatSessions;
let port: ReturnType<typeof installChatPort>;
/** The saves of typed text the sidebar has sent so far. */
const savesSent = () => port.sent.flatMap((m) => (m.type === 'typed.save' ? [m.text] : []));
const $ = <T extends HTMLElement = HTMLElement>(testId: string) => root.querySelector<T>(`[data-testid="${testId}"]`);
async function until<T>(probe: () => T | null | undefined | false, what: string, timeoutMs = 5000): Promise<T> {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; ) {
    const value = probe();
    if (value) return value;
    await act(() => new Promise((r) => setTimeout(r, 10)));
  }
  throw new Error(`timed out waiting for ${what}`);
}
const type = (el: HTMLTextAreaElement, text: string) => {
  el.value = text;
  el.dispatchEvent(new Event('input', { bubbles: true }));
};

async function start(script: ScriptEntry[]) {
  const tabs = createFakeTabs();
  const model = new ScriptedModel(script);
  const built = await createServices([fakeHelpdesk], tabs.send, () => model);
  // The scripted model answers: the sidebar's readiness check says so (the quick actions wait for it).
  const status = built.handlers['setup.status'];
  built.handlers['setup.status'] = async (...args) => ({ ...(await status(...args)), connection: { ok: true, models: [] } });
  chat = built.chat;
  fakeBrowser.runtime.onMessage.addListener((message: unknown) => route(message, sidebar, built.handlers));
  port = installChatPort(chat);
  tabs.tabs.set(1, { origin: A, ticket: '#7' });
  await built.handlers['page.announce']({ type: 'page.announce', adapterId: 'fake-helpdesk', url: `${A}/tickets/7`, ticket: { key: '7', label: '#7' } }, tabs.senderOf(1));
  await act(() => render(<App />, root));
  return { model, handlers: built.handlers };
}

/** The draft as the background keeps it: a conversation opened anew, as a new sidebar would. */
async function keptDraft(): Promise<string | undefined> {
  const messages: ChatServerMessage[] = [];
  await chat.receive({ postMessage: (m) => void messages.push(m) }, { type: 'chat.open', tabId: 1 });
  const snapshot = messages.find((m) => m.type === 'chat.snapshot');
  const draft = snapshot?.type === 'chat.snapshot' ? snapshot.items.find((i): i is DraftItem => i.kind === 'draft') : undefined;
  return draft ? (draft.text ?? draft.body) : undefined;
}

/** Waits until the background keeps `text` as the draft. */
async function untilKept(text: string): Promise<void> {
  let kept: string | undefined;
  await until(() => {
    void keptDraft().then((k) => (kept = k));
    return kept === text;
  }, `the draft kept as "${text}"`);
}

async function drafted(): Promise<HTMLTextAreaElement> {
  const input = await until(() => $<HTMLTextAreaElement>('chat-input'), 'the chat input');
  type(input, 'Draft a reply.');
  input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
  return until(() => !$('chat-stop') && $<HTMLTextAreaElement>('draft-body'), 'the draft');
}

beforeEach(() => {
  root = sidebarRoot();
});
afterEach(() => {
  dropRoot(root);
});

describe('typed text with the background', () => {
  it('context typed just before a quick action is in that action’s first request', async () => {
    const { model } = await start(DRAFTING);
    const box = await until(() => $<HTMLTextAreaElement>('ticket-context'), 'the context box');
    await until(() => $<HTMLButtonElement>('quick-action')?.disabled === false, 'the quick actions');
    type(box, CONTEXT);
    root.querySelector<HTMLButtonElement>('[data-testid="quick-action"][data-action="draft"]')!.click();
    await until(() => model.requests.length > 0 && !$('chat-stop'), 'the action’s turn');
    expect(model.requests[0]!.messages[0]!.content).toContain(CONTEXT);
    await until(() => box.dataset.state === 'saved', 'the context box saying it is kept');
  });

  it('an edit typed just before the sidebar is hidden (closed) reaches the background', async () => {
    await start(DRAFTING);
    type(await drafted(), EDITED);
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    try {
      document.dispatchEvent(new Event('visibilitychange'));
    } finally {
      delete (document as { visibilityState?: string }).visibilityState;
    }
    // At once, not after the pause: the page may be gone by then.
    expect(savesSent()).toContain(EDITED);
    await untilKept(EDITED);
  });

  it('an edit typed just before the page is unloaded reaches the background', async () => {
    await start(DRAFTING);
    type(await drafted(), EDITED);
    dispatchEvent(new Event('pagehide'));
    expect(savesSent()).toContain(EDITED);
    await untilKept(EDITED);
  });

  it('a question typed before the sidebar knows its conversation, the page unloaded at once, is kept for that conversation', async () => {
    const { handlers } = await start([]);
    // The box shows at once; the conversation (and with it the box's key) comes with the first snapshot.
    const box = $<HTMLTextAreaElement>('chat-input')!;
    expect(port.sent.some((m) => m.type === 'chat.open')).toBe(true);
    type(box, QUESTION);
    dispatchEvent(new Event('pagehide'));
    expect(savesSent()).toContain(QUESTION);
    const field = { kind: 'question' as const, key: conversationKey(1, A, '7') };
    let kept = '';
    await until(() => {
      void handlers['typed.unsent']({ type: 'typed.unsent', field }, sidebar).then((r) => (kept = r.text));
      return kept === QUESTION;
    }, 'the question kept for the tab’s conversation');
  });

  it('Send… right after typing confirms exactly the typed text, and the draft keeps it', async () => {
    await start(DRAFTING);
    const body = await drafted();
    // Send… is offered once the sidebar knows the page (a click before that does nothing).
    const send = await until(() => !$<HTMLButtonElement>('draft-send')?.disabled && $<HTMLButtonElement>('draft-send'), 'Send… offered');
    type(body, EDITED);
    send.click();
    await until(() => $('confirm-card'), 'the confirm card');
    expect($('confirm-body')!.textContent).toBe(EDITED);
    expect(await keptDraft()).toBe(EDITED);
  });
});
