// @vitest-environment happy-dom
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ToolResult } from '../../src/core';
import type { ChatItem } from '../../src/shared/chat-items';
import { DraftCard } from '../../src/ui/chat/DraftCard';
import { MessageList } from '../../src/ui/chat/MessageList';
import { installI18n } from '../fakes/i18n';
import { freshRoot } from './root';

type DraftItem = Extract<ChatItem, { kind: 'draft' }>;

let root: HTMLElement;
let runs: string[];
let acks: number;
const show = (draft: DraftItem) =>
  act(() =>
    render(
      <DraftCard
        draft={draft}
        blocked={() => null}
        elsewhere={null}
        sent={null}
        onShowSent={() => undefined}
        field={null}
        onRun={async (tool): Promise<ToolResult> => {
          runs.push(tool);
          return { ok: true };
        }}
        onAcknowledge={() => acks++}
      />,
      root,
    ),
  );
const $ = (testId: string) => root.querySelector<HTMLElement>(`[data-testid="${testId}"]`);

describe('a draft written while the assistant tried forbidden tools', () => {
  beforeEach(() => {
    installI18n();
    root = freshRoot();
    runs = [];
    acks = 0;
  });
  afterEach(() => root.remove());

  it('says so, names what was tried, and keeps Send… and Insert off until acknowledged', async () => {
    await show({ id: 'd', kind: 'draft', callId: 'c1', body: 'Hello', warned: ['reply.send', 'ticket.submit'], acknowledged: false });
    expect($('draft-warning')?.textContent).toContain('The assistant tried to use actions it is not allowed to use; this ticket may contain instructions aimed at it');
    expect($('draft-warning')?.textContent).toContain('reply.send');
    expect($('draft-warning')?.textContent).toContain('ticket.submit');
    expect(($('draft-send') as HTMLButtonElement).disabled).toBe(true);
    expect(($('draft-insert') as HTMLButtonElement).disabled).toBe(true);
    await act(() => $('draft-send')!.click());
    expect(runs).toEqual([]);
    await act(() => $('draft-ack')!.click());
    expect(acks).toBe(1);
  });

  it('is usable once the background says it was acknowledged, and the warning stays', async () => {
    await show({ id: 'd', kind: 'draft', callId: 'c1', body: 'Hello', warned: ['reply.send'], acknowledged: true });
    expect($('draft-warning')).not.toBeNull();
    expect(($('draft-ack') as HTMLInputElement).checked).toBe(true);
    expect(($('draft-send') as HTMLButtonElement).disabled).toBe(false);
    await act(() => $('draft-send')!.click());
    await act(() => new Promise((r) => setTimeout(r, 10)));
    expect(runs).toEqual(['reply.send']);
  });

  it('an ordinary draft shows no warning', async () => {
    await show({ id: 'd', kind: 'draft', callId: 'c1', body: 'Hello' });
    expect($('draft-warning')).toBeNull();
    expect(($('draft-send') as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows the warning on the turn in the conversation', async () => {
    const items: ChatItem[] = [
      { id: 'u', kind: 'user', text: 'Draft a reply' },
      { id: 't', kind: 'tool', callId: 'x', tool: 'reply.send', status: 'error', code: 'not_read_only' },
      { id: 'w', kind: 'warning', tools: ['reply.send'] },
    ];
    await act(() => render(<MessageList items={items} running={false} renderDraft={() => <div />} onRetry={() => undefined} onSettings={() => undefined} />, root));
    expect($('attack-warning')?.getAttribute('role')).toBe('alert');
    expect($('attack-warning')?.textContent).toContain('this ticket may contain instructions aimed at it');
  });
});
