// @vitest-environment happy-dom
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import type { ChatItem } from '../../src/shared/chat-items';
import { MessageList } from '../../src/ui/chat/MessageList';
import { installI18n } from '../fakes/i18n';
import { freshRoot, dropRoot } from './root';

let root: HTMLElement;

const show = (items: ChatItem[], running: boolean) =>
  act(() =>
    render(
      <MessageList items={items} running={running} renderDraft={() => <div />} onRetry={() => undefined} onSettings={() => undefined} />,
      root,
    ),
  );
const announcer = () => root.querySelector('[data-testid="chat-announcer"]')!;
const user: ChatItem = { id: 'u', kind: 'user', text: 'what does the customer want?' };
const streaming = (text: string): ChatItem => ({ id: 'a', kind: 'assistant', text, streaming: true });

describe('the chat announces answers politely, once each, whole', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    installI18n();
    root = freshRoot();
  });
  afterEach(() => {
    dropRoot(root);
  });

  it('says nothing while tokens stream in, then the whole answer once, from one polite region', async () => {
    await show([user], true);
    await show([user, streaming('The customer ')], true);
    await show([user, streaming('The customer wants a refund.')], true);
    expect(announcer().textContent).toBe('');
    await show([user, { id: 'a', kind: 'assistant', text: 'The customer wants a refund.' }], false);
    expect(announcer().textContent).toBe('The customer wants a refund.');
    expect(announcer().getAttribute('aria-live')).toBe('polite');
    // No live region holds the answer's text but the announcer (the streaming container would be
    // read token by token); a Copy button's own "Copied" is a region of its own, without the answer.
    const regions = [...root.querySelectorAll('[aria-live], [role="log"], [role="status"]')];
    expect(regions.filter((r) => r.textContent?.includes('The customer'))).toEqual([announcer()]);
  });

  it('announces a draft with its title, and not the history shown on opening', async () => {
    await show([user, { id: 'a', kind: 'assistant', text: 'Old answer.' }], false);
    expect(announcer().textContent).toBe('');
    await show([user, { id: 'a', kind: 'assistant', text: 'Old answer.' }, user], true);
    await show([user, { id: 'a', kind: 'assistant', text: 'Old answer.' }, user, { id: 'd', kind: 'draft', callId: 'c1', body: 'Hello Ines' }], false);
    expect(announcer().textContent).toBe('Draft reply: Hello Ines');
  });
});
