// @vitest-environment happy-dom
import '../fakes/scripts'; // runs the lazy scripts and content parts this file's code reaches
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { ModelError } from '../../src/core';
import { createServices } from '../../src/background/host';
import { route, type Sender } from '../../src/background/router';
import { App } from '../../src/ui/sidebar/App';
import { formatClock } from '../../src/ui/format';
import { installChatPort } from '../fakes/chat-port';
import { fakeHelpdesk } from '../fakes/fake-adapter';
import { createFakeTabs } from '../fakes/fake-tabs';
import { answer, calls, ScriptedModel, type ScriptEntry } from '../fakes/scripted-model';
import { sidebarRoot, dropRoot } from './root';

/** The chat tab against the real background: router, chat sessions, registry; a scripted model and fake tabs. */
const A = 'http://127.0.0.1:4517';
const sidebar: Sender = { kind: 'extension', url: 'chrome-extension://x/sidepanel.html' };
const PROPOSED = 'Hi Ada,\n\nYour refund is on its way.\n\nBest regards,';
const DRAFTING: ScriptEntry[] = [
  calls(['c1', 'ticket__read'], ['c2', 'reply__propose', { body: PROPOSED, subject: 'Re: Refund' }]),
  answer('Ada wants a **refund**. The draft is below.'),
];

/** Keeps a message from the sidebar waiting before the background takes it (a test's hold on the view). */
let hold: (message: { type?: string }) => Promise<void> = async () => {};

async function start(script: ScriptEntry[], site = { write: true, send: true }) {
  const tabs = createFakeTabs();
  const model = new ScriptedModel(script);
  const { handlers, chat } = await createServices([fakeHelpdesk], tabs.send, () => model);
  fakeBrowser.runtime.onMessage.addListener(async (message: unknown) => {
    await hold(message as { type?: string });
    return route(message, sidebar, handlers);
  });
  installChatPort(chat);
  tabs.tabs.set(1, { origin: A, ticket: '#7' });
  await handlers['page.announce'](
    { type: 'page.announce', adapterId: 'fake-helpdesk', url: `${A}/tickets/7`, ticket: { key: '7', label: '#7' } },
    tabs.senderOf(1),
  );
  if (!site.write || !site.send) await handlers['sites.set']({ type: 'sites.set', origin: A, ...site }, sidebar);
  await act(() => render(<App />, root));
  return { tabs, model, handlers };
}

let root: HTMLElement;
const $ = <T extends HTMLElement = HTMLElement>(testId: string) => root.querySelector<T>(`[data-testid="${testId}"]`);
/** Polls by wall time, not by a count of turns: a loaded machine must not fail a test. */
async function until<T>(probe: () => T | null | undefined | false, what: string, timeoutMs = 5000): Promise<T> {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; ) {
    const value = probe();
    if (value) return value;
    await act(() => new Promise((r) => setTimeout(r, 10)));
  }
  throw new Error(`timed out waiting for ${what}`);
}
function type(el: HTMLTextAreaElement, text: string) {
  el.value = text;
  el.dispatchEvent(new Event('input', { bubbles: true }));
}
/** The draft's Send…, once the page's view (its tools) is in: the draft may come first. */
const sendOffered = () => until(() => $<HTMLButtonElement>('draft-send')?.disabled === false && $<HTMLButtonElement>('draft-send'), "the draft's Send…");
async function ask(text: string) {
  const input = await until(() => $<HTMLTextAreaElement>('chat-input'), 'the chat input');
  type(input, text);
  input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
}

beforeEach(() => {
  hold = async () => {};
  root = sidebarRoot();
});
afterEach(() => {
  dropRoot(root);
});

describe('the chat with the background', () => {
  it('opens on the chat with the input focused, streams the answer, traces tools and shows the draft', async () => {
    await start(DRAFTING);
    await until(() => document.activeElement === $('chat-input'), 'focus in the chat input');
    await ask('what does the customer want? draft a reply');
    // The answer's text streams in before the turn ends: wait for the end (Stop gone) itself.
    await until(() => !$('chat-stop') && $('draft-body') && $('assistant-message')?.querySelector('strong'), 'the finished turn');
    expect($('user-message')!.textContent).toBe('what does the customer want? draft a reply');
    const trace = [...root.querySelectorAll<HTMLElement>('[data-testid="tool-call"]')].map((e) => [e.dataset.tool, e.dataset.status]);
    expect(trace).toEqual([['ticket.read', 'ok'], ['reply.propose', 'ok']]);
    expect($<HTMLTextAreaElement>('draft-body')!.value).toBe(PROPOSED);
    expect($('draft-card')!.textContent).toContain('Re: Refund');
    expect($('chat-stop')).toBeNull();
  });

  it('sends the edited draft through the confirm card, and exactly that text is delivered', async () => {
    const { tabs } = await start(DRAFTING);
    await ask('draft a reply');
    const body = await until(() => $<HTMLTextAreaElement>('draft-body'), 'the draft');
    const edited = `${PROPOSED}\nAlan from Support`;
    type(body, edited);
    (await sendOffered()).click();
    // Confirm is offered once the list of what the body links to is in.
    const card = await until(() => ($('confirm-accept') as HTMLButtonElement | null)?.disabled === false && $('confirm-card'), 'the confirm card, ready');
    expect($('confirm-body')!.textContent).toBe(edited);
    // The card is where the draft is, in the chat.
    expect(card.previousElementSibling?.getAttribute('data-testid')).toBe('draft-card');
    expect(tabs.calls.filter((c) => c.call.type === 'page.run').map((c) => c.call)).toContainEqual({ type: 'page.run', tool: 'reply.send', input: { body: edited }, ticketKey: '7', site: A });
    $('confirm-accept')!.click();
    await until(() => $('confirm-status')?.dataset.state === 'sent', 'sent');
    expect(tabs.delivered.map((d) => d.payload.body)).toEqual([edited]);
  });

  // The draft rows are memoised on what they show besides their item (ChatPanel's cardsVersion):
  // these change with no chat item changing, and the draft must show them all the same.
  it("shows the draft's send going out while no chat item and no view changes", async () => {
    const { tabs } = await start(DRAFTING);
    await ask('draft a reply');
    await until(() => $('draft-body'), 'the draft');
    (await sendOffered()).click();
    await until(() => ($('confirm-accept') as HTMLButtonElement | null)?.disabled === false, 'the confirm card, ready');
    await act(() => new Promise((r) => setTimeout(r, 50))); // the view after the prepare is in
    const views: unknown[] = [];
    hold = (message) => (message.type === 'view.get' ? new Promise(() => views.push(message)) : Promise.resolve());
    $('confirm-accept')!.click();
    // Only the confirm card's state changed: its card under the draft, and the draft, say sent.
    await until(() => $('confirm-status')?.dataset.state === 'sent', 'the card under the draft, sent');
    await until(() => $('draft-state')?.dataset.state === 'sent', 'the draft saying it was sent');
    expect(tabs.delivered.map((d) => d.payload.body)).toEqual([PROPOSED]);
    expect(views.length).toBeGreaterThan(0); // the view asked for after the send never came
  });

  it('names the newest send of a draft as its last, even when the clock went back between the two', async () => {
    const { tabs } = await start(DRAFTING);
    await ask('draft a reply');
    await until(() => $('draft-body'), 'the draft');
    (await sendOffered()).click();
    await until(() => ($('confirm-accept') as HTMLButtonElement | null)?.disabled === false, 'the confirm card, ready');
    $('confirm-accept')!.click();
    await until(() => $('draft-state')?.dataset.state === 'sent', 'the first send, sent');
    // The computer's clock is put back an hour (a time zone fixed, a clock synced).
    const real = Date.now.bind(Date);
    vi.spyOn(Date, 'now').mockImplementation(() => real() - 3_600_000);
    try {
      $('confirm-send-again')!.click();
      await until(() => ($('confirm-accept') as HTMLButtonElement | null)?.disabled === false, 'the second confirm card, ready');
      $('confirm-accept')!.click();
      await until(() => [...root.querySelectorAll<HTMLElement>('[data-testid="confirm-status"]')].filter((e) => e.dataset.state === 'sent').length === 2, 'both sent');
      const second = Date.now();
      expect(tabs.delivered).toHaveLength(2);
      await until(() => $('draft-state')?.textContent?.includes(formatClock(second)), `the draft naming the second send (${formatClock(second)})`);
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('disables the draft\'s Send… when the site\'s sending is switched off, while no chat item changes', async () => {
    const { handlers } = await start(DRAFTING);
    await ask('draft a reply');
    await until(() => !$('chat-stop') && $<HTMLButtonElement>('draft-send')?.disabled === false, 'the draft, Send… offered');
    // Only the tab's page changed (its site may no longer send): the draft says so.
    await handlers['sites.set']({ type: 'sites.set', origin: A, write: true, send: false }, sidebar);
    await until(() => $<HTMLButtonElement>('draft-send')?.disabled, 'Send… held');
    expect($('draft-card')!.textContent).toContain('Switched off for this site');
  });

  it('inserts the edited draft into the reply box', async () => {
    const { tabs } = await start(DRAFTING);
    await ask('draft a reply');
    type(await until(() => $<HTMLTextAreaElement>('draft-body'), 'the draft'), 'Short and sweet.');
    (await until(() => $<HTMLButtonElement>('draft-insert')?.disabled === false && $('draft-insert'), 'Insert')).click();
    await until(() => $('draft-card')!.textContent?.includes('Inserted into the reply box'), 'inserted');
    expect(tabs.calls.at(-1)!.call).toEqual({ type: 'page.run', tool: 'reply.fill', input: { body: 'Short and sweet.' }, ticketKey: '7', site: A });
  });

  it('disables Send… with the reason when the site does not allow sending', async () => {
    await start(DRAFTING, { write: true, send: false });
    await ask('draft a reply');
    await until(() => $('draft-card')?.textContent?.includes('Switched off for this site'), 'the draft, with the reason');
    expect($<HTMLButtonElement>('draft-send')!.disabled).toBe(true);
    expect($<HTMLButtonElement>('draft-insert')!.disabled).toBe(false);
    expect($('draft-card')!.textContent).toContain('Switched off for this site');
  });

  it('offers the settings for a refused key, and Retry when the model could not be reached', async () => {
    await start([new ModelError('auth', 'The model provider refused the API key (401).'), new ModelError('unreachable', 'Could not reach the model.'), answer('Back.')]);
    await ask('hi');
    const error = await until(() => $('chat-error')?.querySelector('button') && $('chat-error'), 'the error');
    expect(error.dataset.kind).toBe('auth');
    expect(error.querySelector('[data-testid="chat-error-settings"]')!.textContent).toBe('Open settings');
    error.querySelector<HTMLElement>('[data-testid="chat-error-settings"]')!.click();
    // The one settings form: the options page, at its model section.
    let urls: string[] = [];
    await until(() => {
      void fakeBrowser.tabs.query({}).then((tabs) => (urls = tabs.map((tab) => tab.url ?? '')));
      return urls.some((url) => url.endsWith('/options.html#model-settings'));
    }, 'the options page');
    await ask('again');
    const retry = await until(() => [...root.querySelectorAll<HTMLElement>('[data-testid="chat-error"] button')].find((b) => b.textContent === 'Retry'), 'Retry');
    retry.click();
    // The answer's text, not the "Use as draft" under it.
    await until(() => $('assistant-message')?.firstElementChild?.textContent === 'Back.', 'the retried answer');
  });

  it('labels the offline demo model, and starts over on New chat', async () => {
    await start([answer('Hello.')]);
    await until(() => $('demo-badge')?.title === 'Offline demo model', 'the demo badge');
    expect(root.querySelector('.model-name')!.textContent).toBe('deskmate-demo');
    await ask('hi');
    await until(() => $('assistant-message'), 'the answer');
    // New chat is in the header's menu.
    expect($('chat-new')).toBeNull();
    act(() => $('header-menu')!.click());
    // The menu's items load at idle or at the first click: on a busy machine, after the click.
    const newChat = await until(() => $('chat-new'), 'New chat in the menu');
    act(() => newChat.click());
    await until(() => !$('user-message'), 'an empty chat');
    expect($('header-menu-items')).toBeNull();
  });
});
