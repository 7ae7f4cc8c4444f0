// @vitest-environment happy-dom
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ToolResult } from '../../src/core';
import type { DraftItem } from '../../src/shared/chat-items';
import { DraftCard } from '../../src/ui/chat/DraftCard';
import { installI18n } from '../fakes/i18n';
import { freshRoot, dropRoot } from './root';

let root: HTMLElement;
let runs: { tool: string; body: string; anyway: boolean }[];
let edits: string[];
let answer: (tool: string, anyway: boolean) => ToolResult;

const DRAFT: DraftItem = { id: 'd', kind: 'draft', callId: 'c1', body: 'Model text', site: 'http://a.test', ticket: '7' };

const show = (draft: DraftItem, props: { elsewhere?: string | null; sent?: { at: number; cardId: string } | null } = {}) =>
  act(() =>
    render(
      <DraftCard
        draft={draft}
        blocked={() => null}
        elsewhere={props.elsewhere ?? null}
        sent={props.sent ?? null}
        onShowSent={() => undefined}
        onEdit={(body) => edits.push(body)}
        onRun={async (tool, body, anyway) => {
          runs.push({ tool, body, anyway });
          return answer(tool, anyway);
        }}
        onAcknowledge={() => undefined}
      />,
      root,
    ),
  );
const $ = <T extends HTMLElement = HTMLElement>(testId: string) => root.querySelector<T>(`[data-testid="${testId}"]`);
const type = (text: string) =>
  act(() => {
    const box = $<HTMLTextAreaElement>('draft-body')!;
    box.value = text;
    box.dispatchEvent(new Event('input', { bubbles: true }));
  });
const wait = (ms: number) => act(() => new Promise((r) => setTimeout(r, ms)));

describe('a draft card', () => {
  beforeEach(() => {
    installI18n();
    root = freshRoot();
    runs = [];
    edits = [];
    answer = () => ({ ok: true });
  });
  afterEach(() => {
    dropRoot(root);
  });

  it("shows the agent's edit kept with the conversation, not the model's text", async () => {
    await show({ ...DRAFT, text: 'Agent text' });
    expect($<HTMLTextAreaElement>('draft-body')!.value).toBe('Agent text');
  });

  it('hands an edit to the background once typing pauses, and at once before Send…', async () => {
    await show(DRAFT);
    await type('Agent t');
    await type('Agent text');
    expect(edits).toEqual([]);
    await wait(500);
    expect(edits).toEqual(['Agent text']);
    await type('Agent text, final');
    await act(() => $('draft-send')!.click());
    await wait(0);
    expect(edits).toEqual(['Agent text', 'Agent text, final']);
    expect(runs).toEqual([{ tool: 'reply.send', body: 'Agent text, final', anyway: false }]);
  });

  it('hands over an edit still waiting when the card goes away', async () => {
    await show(DRAFT);
    await type('Closing now');
    await act(() => render(null, root));
    expect(edits).toEqual(['Closing now']);
  });

  it('on another ticket: says so, and Send… does nothing until "Use it for this ticket anyway"', async () => {
    await show(DRAFT, { elsewhere: 'Written for ticket 7 on a.test' });
    expect($('draft-elsewhere')!.textContent).toContain('Written for ticket 7 on a.test');
    await act(() => $('draft-send')!.click());
    await wait(0);
    expect(runs).toEqual([]);
    await act(() => $('draft-use-here')!.click());
    await wait(0);
    expect(runs).toEqual([{ tool: 'reply.send', body: 'Model text', anyway: true }]);
    expect($('draft-elsewhere')).toBeNull();
  });

  it("asks again when the background refuses a draft for another ticket the card did not know of", async () => {
    answer = (_tool, anyway) => (anyway ? { ok: true } : { ok: false, code: 'draft_elsewhere', error: 'This draft was written for ticket 7 on http://a.test.' });
    await show(DRAFT);
    await act(() => $('draft-insert')!.click());
    await wait(0);
    expect($('draft-elsewhere')!.textContent).toContain('written for ticket 7 on http://a.test');
    await act(() => $('draft-use-here')!.click());
    await wait(0);
    expect(runs.map((r) => [r.tool, r.anyway])).toEqual([
      ['reply.fill', false],
      ['reply.fill', true],
    ]);
  });

  it('once sent: says when, and Send… becomes Send again…', async () => {
    await show(DRAFT, { sent: { at: Date.UTC(2026, 11, 1, 14, 2), cardId: 'r1' } });
    expect($('draft-state')!.textContent).toMatch(/^Sent at /);
    expect($('draft-state')!.querySelector('a')!.getAttribute('href')).toBe('#confirm-r1');
    expect($('draft-send')!.textContent).toBe('Send again…');
  });
});
