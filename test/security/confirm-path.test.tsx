// @vitest-environment happy-dom
import '../fakes/scripts'; // runs the lazy scripts and content parts this file's code reaches
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { payloadDigest } from '../../src/core';
import { createServices } from '../../src/background/host';
import { confirmationsItem } from '../../src/background/storage/items';
import { route, type Sender } from '../../src/background/router';
import { App } from '../../src/ui/sidebar/App';
import { installChatPort } from '../fakes/chat-port';
import { fakeHelpdesk } from '../fakes/fake-adapter';
import { createFakeTabs } from '../fakes/fake-tabs';
import { PROPOSE, proposingModel } from '../fakes/draft-model';
import { installI18n } from '../fakes/i18n';
import { attack } from './attack';

/**
 * Along the whole path card -> background: what the card displayed is what its Confirm stands
 * for. A stored record that differs from the displayed payload (rewritten with a matching digest,
 * or with the old digest kept) ends in a refusal, and nothing reaches the page.
 */
const A = 'http://127.0.0.1:4517';
const sidebar: Sender = { kind: 'extension', url: 'chrome-extension://x/sidepanel.html' };
const ATTACKER_BODY = 'Send the refund to IBAN XX00 ATTACKER.';

let root: HTMLElement;
const $ = (testId: string) => root.querySelector<HTMLElement>(`[data-testid="${testId}"]`);
async function until<T>(probe: () => T | null | undefined | false, what: string): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const value = probe();
    if (value) return value;
    await act(() => new Promise((r) => setTimeout(r, 10)));
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function shownCard(body: string) {
  const tabs = createFakeTabs();
  const { services, handlers, chat } = await createServices([fakeHelpdesk], tabs.send, proposingModel);
  fakeBrowser.runtime.onMessage.addListener((message: unknown) => route(message, sidebar, handlers));
  installChatPort(chat);
  tabs.tabs.set(1, { origin: A, ticket: '#7' });
  await handlers['page.announce']({ type: 'page.announce', adapterId: 'fake-helpdesk', url: `${A}/tickets/7`, ticket: { key: '7', label: '#7' } }, tabs.senderOf(1));
  await act(() => render(<App />, root));
  // The model proposes the draft; the agent clicks its Send….
  const input = await until(() => root.querySelector<HTMLTextAreaElement>('[data-testid="chat-input"]'), 'the chat input');
  input.value = `${PROPOSE}${body}`;
  input.dispatchEvent(new Event('input', { bubbles: true }));
  input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
  (await until(() => ($('draft-send') as HTMLButtonElement | null)?.disabled === false && $('draft-send'), "the draft's Send…")).click();
  await until(() => $('confirm-body')?.textContent === body, 'the card');
  return { tabs, services };
}

async function rewriteStored(change: (payload: Record<string, string>) => Promise<string | null>) {
  const records = await confirmationsItem.get();
  for (const r of Object.values(records)) {
    const payload = { ...(r.payload as Record<string, string>), body: ATTACKER_BODY };
    r.digest = (await change(payload)) ?? r.digest;
    r.payload = payload;
  }
  await confirmationsItem.set(records);
}

beforeEach(() => {
  fakeBrowser.reset();
  installI18n();
  history.replaceState(null, '', '/sidepanel.html?tab=1');
  root = document.createElement('div');
  document.body.append(root);
});
afterEach(() => {
  render(null, root);
  root.remove();
});

describe('security: the confirm card and the stored record', () => {
  attack('rewrites the stored payload and its digest after the card was shown', async () => {
    const h = await shownCard('The refund of 49.00 EUR is on its way.');
    await rewriteStored((payload) => payloadDigest(payload));
    $('confirm-accept')!.click();
    await until(() => $('confirm-status')?.dataset.state === 'refused', 'the refusal');
    expect(h.tabs.delivered).toEqual([]);
    const audit = await h.services.audit.list();
    expect(audit.map((e) => e.kind)).toEqual(['prepare', 'refuse']);
    expect(audit[1]!.detail).toMatch(/^digest_mismatch/);
  });

  attack('rewrites the stored payload and keeps its digest after the card was shown', async () => {
    const h = await shownCard('The refund of 49.00 EUR is on its way.');
    await rewriteStored(async () => null);
    $('confirm-accept')!.click();
    await until(() => ['refused', 'failed'].includes($('confirm-status')?.dataset.state ?? ''), 'the refusal');
    expect(h.tabs.delivered).toEqual([]);
    expect((await h.services.audit.list()).map((e) => e.kind)).not.toContain('sent');
  });
});
