// @vitest-environment happy-dom
import '../fakes/scripts'; // runs the lazy scripts and content parts this file's code reaches
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { createServices } from '../../src/background/host';
import { route, type Sender } from '../../src/background/router';
import { App } from '../../src/ui/sidebar/App';
import { fakeHelpdesk } from '../fakes/fake-adapter';
import { installChatPort } from '../fakes/chat-port';
import { createFakeTabs } from '../fakes/fake-tabs';
import { draftsOf, PROPOSE, proposingModel } from '../fakes/draft-model';
import { attack } from '../security/attack';
import { sidebarRoot, dropRoot } from './root';

/**
 * The sidebar against the real background handlers: messages go through the router as
 * from an extension page, and the fake tabs stand in for the helpdesk page.
 */
const A = 'http://127.0.0.1:4517';
const sidebar: Sender = { kind: 'extension', url: 'chrome-extension://x/sidepanel.html' };

/**
 * `hold` may keep a message from the sidebar waiting before the background takes it (a click
 * whose message is still on its way while the tab moves).
 */
async function startBackground(tabs = createFakeTabs(), hold: (message: unknown) => Promise<void> = async () => {}) {
  const { services, handlers, chat } = await createServices([fakeHelpdesk], tabs.send, proposingModel);
  fakeBrowser.runtime.onMessage.addListener(async (message: unknown) => {
    await hold(message);
    return route(message, sidebar, handlers);
  });
  installChatPort(chat);
  const announce = (tabId: number, ticket: string) => {
    tabs.tabs.set(tabId, { origin: A, ticket });
    return handlers['page.announce'](
      { type: 'page.announce', adapterId: 'fake-helpdesk', url: `${A}/tickets/${ticket.slice(1)}`, ticket: { key: ticket.slice(1), label: ticket } },
      tabs.senderOf(tabId),
    );
  };
  return { tabs, services, handlers, chat, announce };
}

let root: HTMLElement;
const $ = (testId: string) => root.querySelector<HTMLElement>(`[data-testid="${testId}"]`);
async function until<T>(probe: () => T | null | undefined | false, what: string): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const value = probe();
    if (value) return value;
    await act(() => new Promise((r) => setTimeout(r, 10)));
  }
  throw new Error(`timed out waiting for ${what}`);
}
const open = () => act(() => render(<App />, root));
const showTab = (name: string) => [...root.querySelectorAll<HTMLElement>('[role="tab"]')].find((b) => b.textContent === name)!.click();
function type(el: HTMLTextAreaElement, text: string) {
  el.value = text;
  el.dispatchEvent(new Event('input', { bubbles: true }));
}
/** The model proposes `body` as the ticket's draft, and the agent clicks its Send…: the card, ready to confirm. */
async function prepare(body: string) {
  const input = await until(() => root.querySelector<HTMLTextAreaElement>('[data-testid="chat-input"]'), 'the chat input');
  type(input, `${PROPOSE}${body}`);
  input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
  await until(() => root.querySelector<HTMLTextAreaElement>('[data-testid="draft-body"]')?.value === body && ($('draft-send') as HTMLButtonElement | null)?.disabled === false, 'the draft');
  $('draft-send')!.click();
  // Confirm is offered once the list of what the body links to is in.
  return until(() => ($('confirm-accept') as HTMLButtonElement | null)?.disabled === false && $('confirm-card'), 'the confirm card, ready');
}

beforeEach(() => {
  root = sidebarRoot();
});
afterEach(() => {
  dropRoot(root);
});

describe('the sidebar with the background', () => {
  it('prepares, shows and sends exactly the prepared reply, and the audit shows each step', async () => {
    const bg = await startBackground();
    await bg.announce(1, '#7');
    await open();
    await until(() => root.textContent?.includes('#7'), 'the ticket label');
    const body = 'Dear Ada,\n<b>your refund</b> is on its way.';
    await prepare(body);
    expect($('confirm-body')!.textContent).toBe(body);
    $('confirm-accept')!.click();
    await until(() => $('confirm-status')?.dataset.state === 'sent', 'sent');
    expect(bg.tabs.delivered.map((d) => d.payload.body)).toEqual([body]);

    showTab('Audit');
    const entries = await until(() => root.querySelectorAll('[data-testid="audit-entry"]').length === 3 && root.querySelectorAll('[data-testid="audit-entry"] .kind'), 'audit');
    expect([...entries].map((e) => e.textContent)).toEqual(['Sent', 'Confirmed', 'Prepared']);
  });

  it('shows an open confirmation again when the sidebar opens again', async () => {
    const bg = await startBackground();
    await bg.announce(1, '#7');
    await open();
    await prepare('Reopened reply');
    render(null, root);
    await open();
    await until(() => $('confirm-body')?.textContent === 'Reopened reply', 'the card again');
    expect(root.querySelectorAll('[data-testid="confirm-card"]')).toHaveLength(1);
  });

  it("shows no card of ticket 7 on ticket 8, refuses a confirm sent all the same, and shows it again on ticket 7", async () => {
    const bg = await startBackground();
    await bg.announce(1, '#7');
    await open();
    await prepare('For ticket 7');
    await bg.announce(1, '#8');
    await until(() => root.textContent?.includes('#8') && !$('confirm-card') && !$('draft-card'), "ticket 8, without ticket 7's draft and card");
    // The sidebar shows nothing that could act; the background's refusal is the guard: a confirm
    // with the right digest, sent past the sidebar, is refused too.
    const [record] = await bg.services.store.list();
    const forged = await bg.handlers['confirm.accept']({ type: 'confirm.accept', tabId: 1, id: record!.id, digest: record!.digest }, sidebar);
    expect(forged).toMatchObject({ ok: false, code: 'scope_changed' });
    expect(forged.error).toContain('ticket #8');
    expect(bg.tabs.delivered).toEqual([]);
    // Back on ticket 7, the card is there again, Confirm is offered, and it sends.
    await bg.announce(1, '#7');
    await until(() => !$('confirm-away') && ($('confirm-accept') as HTMLButtonElement | null)?.disabled === false, 'Confirm again');
    $('confirm-accept')!.click();
    await until(() => $('confirm-status')?.dataset.state === 'sent', 'sent');
    expect(bg.tabs.delivered.map((d) => d.payload.body)).toEqual(['For ticket 7']);
  });

  /** A Confirm click whose message reaches the background only after the tab moved to ticket 8. */
  async function clickBeatenByTheMove(body: string) {
    let letGo = () => {};
    const accepts: unknown[] = [];
    const bg = await startBackground(createFakeTabs(), (message) => {
      if ((message as { type?: string }).type !== 'confirm.accept') return Promise.resolve();
      accepts.push(message);
      return accepts.length === 1 ? new Promise((r) => (letGo = () => r())) : Promise.resolve();
    });
    await bg.announce(1, '#7');
    await open();
    await prepare(body);
    $('confirm-accept')!.click();
    await until(() => accepts.length === 1, 'the click on its way');
    await bg.announce(1, '#8');
    // On ticket 8 the card is gone from the sidebar at once; the click still reaches the background.
    await until(() => root.textContent?.includes('#8') && !$('confirm-card'), 'the card gone with its ticket');
    letGo();
    const audited = async () => (await bg.handlers['audit.list']({ type: 'audit.list' }, sidebar)).some((e) => e.kind === 'refuse');
    for (let i = 0; i < 500 && !(await audited()); i++) await act(() => new Promise((r) => setTimeout(r, 10)));
    return { bg, accepts };
  }
  const confirmOffered = () =>
    until(() => !$('confirm-away') && ($('confirm-accept') as HTMLButtonElement | null)?.disabled === false && $('confirm-accept'), 'Confirm offered');

  it('reopens the card when a Confirm click beat the hold: refused for the moved tab, pending again with the reason, and it sends once back on the ticket', async () => {
    const { bg, accepts } = await clickBeatenByTheMove('Beaten to it');
    // Refused (nothing sent, the record still pending).
    expect(bg.tabs.delivered).toEqual([]);
    expect((await bg.services.store.list()).map((r) => r.status)).toEqual(['pending']);

    // Back on ticket 7, the card is pending again, saying why the click did not send, and Confirm sends.
    await bg.announce(1, '#7');
    const accept = await confirmOffered();
    expect($('confirm-status')!.dataset.state).toBe('pending');
    expect($('confirm-status')!.textContent).toMatch(/^Not sent: .*ticket #8.*Nothing was sent/);
    accept.click();
    await until(() => $('confirm-status')?.dataset.state === 'sent', 'sent');
    expect(bg.tabs.delivered.map((d) => d.payload.body)).toEqual(['Beaten to it']);
    expect(accepts).toHaveLength(2);
  });

  attack('a card reopened by a refusal delivers once: a double click and a replayed confirm send one reply', async () => {
    const { bg, accepts } = await clickBeatenByTheMove('Only once');
    const [record] = await bg.services.store.list();
    await bg.announce(1, '#7');
    const accept = await confirmOffered();
    const replayed = { type: 'confirm.accept', tabId: 1, id: record!.id, digest: record!.digest } as const;
    // Two clicks in the card, and the same confirm replayed past it once the card's is in.
    accept.click();
    accept.click();
    await until(() => accepts.length === 2, "the card's confirm");
    const replay = bg.handlers['confirm.accept'](replayed, sidebar);
    await until(() => $('confirm-status')?.dataset.state === 'sent', 'sent');
    expect(await replay).toMatchObject({ ok: false, code: 'already_used' });
    expect(accepts).toHaveLength(2);
    // Sent: the card offers no Confirm, and one more replay is refused as used.
    expect($('confirm-accept')).toBeNull();
    expect(await bg.handlers['confirm.accept'](replayed, sidebar)).toMatchObject({ ok: false, code: 'already_used' });
    expect(bg.tabs.delivered.map((d) => d.payload.body)).toEqual(['Only once']);
  });

  it('cancels: the card closes and the confirmation can no longer be used', async () => {
    const bg = await startBackground();
    await bg.announce(1, '#7');
    await open();
    await prepare('Never mind');
    $('confirm-cancel')!.click();
    await until(() => !$('confirm-card'), 'the card to close');
    const [record] = await bg.services.store.list();
    expect(record?.status).toBe('cancelled');
  });

  it('shows a delivery cut off by a restart as unknown, with a way to check', async () => {
    const bg = await startBackground();
    await bg.announce(1, '#7');
    const { callId } = await draftsOf(bg.chat).draft(1, 'Cut off');
    const prepared = await bg.handlers['tool.invoke']({ type: 'tool.invoke', tabId: 1, tool: 'reply.send', input: { body: 'Cut off' }, draft: callId }, sidebar);
    const id = prepared.confirmation!.id;
    await bg.services.store.markUsed(id, Date.now());
    await bg.services.store.update(id, { outcome: 'delivering' });
    fakeBrowser.runtime.onMessage.removeAllListeners();
    bg.tabs.thread(A, '7'); // the ticket's thread, without the reply
    const restarted = await startBackground(bg.tabs); // marks the delivery unknown
    await restarted.announce(1, '#7');
    await open();
    const status = await until(() => $('confirm-status')?.dataset.state === 'unknown' && $('confirm-status'), 'unknown');
    expect($('confirm-body')!.textContent).toBe('Cut off');
    expect($('confirm-accept')).toBeNull();
    [...root.querySelectorAll('button')].find((b) => b.textContent === 'Check the ticket')!.click();
    // The ticket's thread has no copy of the text: the reply is not there.
    await until(() => status.textContent?.startsWith('Not found in the ticket'), 'the check');
    expect(bg.tabs.delivered).toEqual([]);
  });
});
