// @vitest-environment happy-dom
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import type { ChatItem } from '../../src/shared/chat-items';
import { installI18n } from '../fakes/i18n';
import { freshRoot, dropRoot } from './root';

// Counts the renders of tool rows: each one words its call through traceText.
const worded = vi.hoisted(() => ({ calls: 0 }));
vi.mock('../../src/ui/trace-text', async (original) => {
  const real = await original<typeof import('../../src/ui/trace-text')>();
  return { ...real, traceText: (...args: Parameters<typeof real.traceText>) => (worded.calls++, real.traceText(...args)) };
});
// Counts the renders of each answer's Markdown, by its text.
const drawn = vi.hoisted(() => new Map<string, number>());
vi.mock('../../src/ui/chat/Markdown', async (original) => {
  const real = await original<typeof import('../../src/ui/chat/Markdown')>();
  return { ...real, Markdown: (props: { text: string }) => (drawn.set(props.text, (drawn.get(props.text) ?? 0) + 1), real.Markdown(props)) };
});
const { MessageList } = await import('../../src/ui/chat/MessageList');
const { loadMarkdown } = await import('../../src/ui/chat/Markdown');
const { Block, BLOCK } = await import('../../src/ui/chat/MessageRows');

let root: HTMLElement;
const retried: string[] = [];

const show = (items: ChatItem[], running: boolean, tag = 'first') =>
  act(() =>
    render(
      <MessageList items={items} running={running} renderDraft={() => <div />} onRetry={() => retried.push(tag)} onSettings={() => undefined} onUseAsDraft={() => undefined} />,
      root,
    ),
  );

const user: ChatItem = { id: 'u', kind: 'user', text: 'what does the customer want?' };
const tool: ChatItem = { id: 't', kind: 'tool', callId: 'c1', tool: 'ticket.read', status: 'ok', summary: 'read' };
const streaming = (text: string): ChatItem => ({ id: 'a', kind: 'assistant', text, streaming: true });

beforeEach(() => {
  fakeBrowser.reset();
  installI18n();
  worded.calls = 0;
  drawn.clear();
  retried.length = 0;
  root = freshRoot();
});
afterEach(() => {
  dropRoot(root);
});

describe('a streamed token renders one row', () => {
  it('leaves the rows whose item did not change alone while the answer grows', async () => {
    await show([user, tool, streaming('The customer ')], true);
    expect(worded.calls).toBe(1);
    await show([user, tool, streaming('The customer wants')], true);
    await show([user, tool, streaming('The customer wants a refund.')], true);
    expect(worded.calls).toBe(1);
    expect(root.querySelector('[data-testid="assistant-message"]')!.textContent).toContain('The customer wants a refund.');
    // A changed item renders again.
    await show([user, { ...tool, status: 'error' } as ChatItem, streaming('The customer wants a refund.')], true);
    expect(worded.calls).toBe(2);
  });

  it("renders no earlier answer again while the hundredth streams, nor when the turn's question is added", async () => {
    const earlier: ChatItem[] = Array.from({ length: 99 }, (_, n) => [
      { id: `u${n}`, kind: 'user', text: `Question ${n + 1}?` } as ChatItem,
      { id: `a${n}`, kind: 'assistant', text: `Answer **${n + 1}**.` } as ChatItem,
    ]).flat();
    const asked = [...earlier, { id: 'u99', kind: 'user', text: 'Question 100?' } as ChatItem];
    await loadMarkdown();
    await show(earlier, false);
    await show(asked, true);
    await show([...asked, streaming('The ')], true);
    await show([...asked, streaming('The customer')], true);
    await show([...asked, { id: 'a', kind: 'assistant', text: 'The customer wants a refund.' }], false);
    expect(drawn.get('Answer **1**.')).toBe(1);
    expect(drawn.get('Answer **99**.')).toBe(1);
    expect([...drawn.values()].filter((n) => n > 1)).toEqual([]);
    expect(root.querySelectorAll('[data-testid="assistant-message"]')).toHaveLength(100);
  });

  it('a token renders only the block of rows that holds the streaming answer, however long the conversation', async () => {
    const earlier: ChatItem[] = Array.from({ length: 200 }, (_, n) => ({ id: `u${n}`, kind: 'user', text: `Question ${n + 1}?` }) as ChatItem);
    await show([...earlier, streaming('The ')], true);
    const render = vi.spyOn(Block.prototype, 'render');
    await show([...earlier, streaming('The customer')], true);
    await show([...earlier, streaming('The customer wants')], true);
    expect(render).toHaveBeenCalledTimes(2);
    expect(render.mock.calls.map(([props]) => props.from)).toEqual([200 - (200 % BLOCK), 200 - (200 % BLOCK)]);
    render.mockRestore();
  });

  it("a memoised row's button calls the newest callback the list was given", async () => {
    const failed: ChatItem = { id: 'e', kind: 'error', errorKind: 'server', message: 'The model server failed (500).', retryable: true };
    await show([user, failed], false, 'first');
    await show([user, failed], false, 'second');
    await act(() => (root.querySelector('[data-testid="chat-error"] button') as HTMLButtonElement).click());
    expect(retried).toEqual(['second']);
  });
});

describe('a draft card under a streaming answer', () => {
  const draft: ChatItem = { id: 'd', kind: 'draft', callId: 'call-d', body: 'Hi Maria, …' };
  let drawn = 0;
  const showDraft = (items: ChatItem[], cardsVersion: unknown, label: string) =>
    act(() =>
      render(
        <MessageList
          items={items}
          running={true}
          cardsVersion={cardsVersion}
          renderDraft={() => (drawn++, <p data-testid="card">{label}</p>)}
          onRetry={() => undefined}
          onSettings={() => undefined}
        />,
        root,
      ),
    );

  it('renders again only when its item or what the cards show changes, not for each token', async () => {
    drawn = 0;
    const v1 = {};
    await showDraft([user, draft, streaming('More ')], v1, 'one');
    await showDraft([user, draft, streaming('More to ')], v1, 'one');
    await showDraft([user, draft, streaming('More to say.')], v1, 'one');
    expect(drawn).toBe(1);
    // The cards' state changed (say, a confirm card opened): the newest renderDraft draws it.
    await showDraft([user, draft, streaming('More to say.')], {}, 'two');
    expect(drawn).toBe(2);
    expect(root.querySelector('[data-testid="card"]')!.textContent).toBe('two');
    // The draft itself changed (the agent's edit came back in a snapshot).
    await showDraft([user, { ...draft, body: 'Hi Maria!' } as ChatItem, streaming('More to say.')], v1, 'three');
    expect(drawn).toBe(3);
    expect(root.querySelector('[data-testid="card"]')!.textContent).toBe('three');
  });

  it('renders with every render of the list when no version is given', async () => {
    drawn = 0;
    await showDraft([user, draft, streaming('More ')], undefined, 'one');
    await showDraft([user, draft, streaming('More to ')], undefined, 'two');
    expect(drawn).toBe(2);
    expect(root.querySelector('[data-testid="card"]')!.textContent).toBe('two');
  });
});

describe('Use as draft', () => {
  const answer = (id: string, text: string): ChatItem => ({ id, kind: 'assistant', text });
  const draft = (id: string): ChatItem => ({ id, kind: 'draft', callId: `call-${id}`, body: 'Hi Maria, …' });
  /** The answers that offer "Use as draft", by their text. */
  const offered = async (items: ChatItem[]) => {
    await act(() => render(<MessageList items={items} running={false} renderDraft={() => <div />} onRetry={() => undefined} onSettings={() => undefined} onUseAsDraft={() => undefined} />, root));
    return [...root.querySelectorAll('[data-testid="assistant-message"]')].filter((m) => m.querySelector('[data-testid="use-as-draft"]')).map((m) => m.textContent?.replace(/Copy.*$/, '').trim());
  };

  it('is offered on an answer whose turn made no draft card, and on no answer of a turn that did, above or under it', async () => {
    expect(await offered([user, answer('a1', 'Here is what I would say.')])).toEqual(['Here is what I would say.']);
    expect(await offered([user, answer('a1', 'Here is what I would say.'), draft('d1')])).toEqual([]);
    expect(await offered([user, tool, draft('d1'), answer('a1', 'I drafted a reply above.')])).toEqual([]);
    expect(await offered([user, draft('d1'), answer('a1', 'I drafted a reply above.'), { ...user, id: 'u2' }, answer('a2', 'A second thought.')])).toEqual(['A second thought.']);
  });
});

describe('before the conversation comes', () => {
  it('is busy, not empty, until the background has sent the conversation', async () => {
    const list = (loaded: boolean) =>
      act(() => render(<MessageList items={[]} running={false} loaded={loaded} renderDraft={() => <div />} onRetry={() => undefined} onSettings={() => undefined} />, root));
    await list(false);
    const log = root.querySelector('[data-testid="chat-log"]')!;
    expect(log.getAttribute('aria-busy')).toBe('true');
    expect(root.querySelector('.chat-empty')).toBeNull();
    await list(true);
    expect(log.getAttribute('aria-busy')).toBe('false');
    expect(root.querySelector('.chat-empty')).not.toBeNull();
  });
});
