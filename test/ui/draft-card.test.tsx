// @vitest-environment happy-dom
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ToolResult } from '../../src/core';
import type { DraftItem } from '../../src/shared/chat-items';
import { DraftCard } from '../../src/ui/chat/DraftCard';
import type { TypedField, TypedSave } from '../../src/shared/typed';
import { typed } from '../../src/ui/typed';
import { installI18n } from '../fakes/i18n';
import { freshRoot, dropRoot } from './root';

let root: HTMLElement;
let runs: { tool: string; body: string; anyway: boolean }[];
let saves: TypedSave[];
let answer: (tool: string, anyway: boolean) => ToolResult;

const DRAFT: DraftItem = { id: 'd', kind: 'draft', callId: 'c1', body: 'Model text', site: 'http://a.test', ticket: '7' };
const FIELD: TypedField = { kind: 'draft', tabId: 1, key: 'chat:1:http://a.test 7', callId: 'c1' };
const edits = () => saves.map((s) => s.text);

interface Extra {
  elsewhere?: string | null;
  sent?: { at: number; cardId: string } | null;
  onRestore?(index: number): void;
  rewrite?: { off: boolean; running: boolean; run(action: string, text: string): void };
}
const show = (draft: DraftItem, props: Extra = {}) =>
  act(() =>
    render(
      <DraftCard
        draft={draft}
        blocked={() => null}
        elsewhere={props.elsewhere ?? null}
        sent={props.sent ?? null}
        onShowSent={() => undefined}
        field={FIELD}
        onRun={async (tool, body, anyway) => {
          runs.push({ tool, body, anyway });
          return answer(tool, anyway);
        }}
        onAcknowledge={() => undefined}
        {...(props.onRestore ? { onRestore: props.onRestore } : {})}
        {...(props.rewrite ? { rewrite: props.rewrite } : {})}
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
    saves = [];
    typed.connect({ send: (m) => void saves.push(m) });
    answer = () => ({ ok: true });
  });
  afterEach(() => {
    dropRoot(root);
  });

  it("shows the agent's edit kept with the conversation, not the model's text", async () => {
    await show({ ...DRAFT, text: 'Agent text' });
    expect($<HTMLTextAreaElement>('draft-body')!.value).toBe('Agent text');
  });

  it('hands an edit for its own draft to the background at once, then the newest after each answer; Send… takes the text on screen', async () => {
    await show(DRAFT);
    await type('Agent t');
    expect(saves).toEqual([{ type: 'typed.save', seq: 1, field: FIELD, text: 'Agent t' }]);
    // Typed while that save is on its way: held, and only the newest goes once it is answered.
    await type('Agent te');
    await type('Agent text');
    expect(edits()).toEqual(['Agent t']);
    await act(() => typed.answered({ type: 'typed.saved', seq: 1, ok: true }));
    expect(saves.slice(1)).toEqual([{ type: 'typed.save', seq: 2, field: FIELD, text: 'Agent text' }]);
    await type('Agent text, final');
    await act(() => $('draft-send')!.click());
    await wait(0);
    expect(runs).toEqual([{ tool: 'reply.send', body: 'Agent text, final', anyway: false }]);
  });

  it('made again from the background’s older copy (a reload) while the edit is on its way, shows the edit', async () => {
    await show(DRAFT);
    await type('Agent text');
    await act(() => render(null, root));
    await show(DRAFT);
    expect($<HTMLTextAreaElement>('draft-body')!.value).toBe('Agent text');
  });

  it('shows a newer text from the background (a rewrite) once its edit was applied, never before', async () => {
    await show(DRAFT);
    await type('Agent text');
    await act(() => void typed.flush());
    // A snapshot from before the save was applied: the edit stays.
    await act(() => typed.heard(FIELD));
    await show({ ...DRAFT, text: 'Rewritten' });
    expect($<HTMLTextAreaElement>('draft-body')!.value).toBe('Agent text');
    // The answer, then the background's text again: newer than the edit.
    await act(() => typed.answered({ type: 'typed.saved', seq: saves[0]!.seq, ok: true }));
    await act(() => typed.heard(FIELD));
    expect($<HTMLTextAreaElement>('draft-body')!.value).toBe('Rewritten');
  });

  it('on another ticket: says so, never sends from there, and inserts only on "Insert it here anyway"', async () => {
    await show(DRAFT, { elsewhere: 'Written for ticket 7 on a.test' });
    expect($('draft-elsewhere')!.textContent).toContain('Written for ticket 7 on a.test');
    expect($<HTMLButtonElement>('draft-send')!.disabled).toBe(true);
    await act(() => $('draft-send')!.click());
    await act(() => $('draft-insert')!.click());
    await wait(0);
    expect(runs).toEqual([]);
    await act(() => $('draft-use-here')!.click());
    await wait(0);
    expect(runs).toEqual([{ tool: 'reply.fill', body: 'Model text', anyway: true }]);
    expect($('draft-elsewhere')).toBeNull();
    // Chosen for Insert, the draft still does not send from here.
    expect($<HTMLButtonElement>('draft-send')!.disabled).toBe(true);
  });

  it('offers no "anyway" when the background refuses a send for another ticket', async () => {
    answer = () => ({ ok: false, code: 'draft_elsewhere', error: 'This draft was written for ticket 7 on http://a.test.' });
    await show(DRAFT);
    await act(() => $('draft-send')!.click());
    await wait(0);
    expect(root.textContent).toContain('written for ticket 7 on http://a.test');
    expect($('draft-use-here')).toBeNull();
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

  it('shows a new version in place (a rewrite, going back), and keeps what the agent typed as an earlier version', async () => {
    const restored: number[] = [];
    const shown = (draft: DraftItem) => show(draft, { onRestore: (i) => restored.push(i) });
    await shown(DRAFT);
    expect($('draft-versions')).toBeNull();
    await type('Agent text');
    // The edit went to the background and was applied; then a rewrite's event (no snapshot) brings the next version.
    await act(() => void typed.flush());
    await act(() => typed.answered({ type: 'typed.saved', seq: saves.at(-1)!.seq, ok: true }));
    const rewritten: DraftItem = { ...DRAFT, body: 'Shorter text', made: 'shorter', versionCallId: 'c2', history: [{ text: 'Agent text', made: 'proposal', callId: 'c1', edited: true }] };
    await shown(rewritten);
    expect($<HTMLTextAreaElement>('draft-body')!.value).toBe('Shorter text');
    expect(root.querySelectorAll('[data-testid="draft-card"]')).toHaveLength(1);
    const versions = [...root.querySelectorAll<HTMLElement>('[data-testid="draft-version"]')];
    expect(versions.map((v) => [v.dataset.made, v.querySelector('.draft-version-text')!.textContent])).toEqual([['proposal', 'Agent text']]);
    expect(versions[0]!.textContent).toContain('with your edits');
    await act(() => versions[0]!.querySelector<HTMLElement>('[data-testid="draft-restore"]')!.click());
    expect(restored).toEqual([0]);
  });

  it('offers the rewrites on the draft, with its text as shown, and none on a note', async () => {
    const asked: [string, string][] = [];
    const rewrite = { off: false, running: false, run: (action: string, text: string) => void asked.push([action, text]) };
    await show(DRAFT, { rewrite });
    await type('Agent text');
    const actions = [...root.querySelectorAll<HTMLElement>('[data-testid="quick-action"]')];
    expect(actions.map((b) => b.dataset.action)).toEqual(['shorter', 'friendlier', 'formal', 'translate_draft']);
    await act(() => actions[3]!.click());
    expect(asked).toEqual([['translate_draft', 'Agent text']]);
    // What was typed is kept before the rewrite starts from it.
    expect(edits().at(-1)).toBe('Agent text');
    await show({ ...DRAFT, audience: 'note', callId: 'note:a1' }, { rewrite });
    expect(root.querySelectorAll('[data-testid="quick-action"]')).toHaveLength(0);
  });

  it('edits an internal note like a reply, and adds it as a note (never into the reply box) where the page has a note box', async () => {
    await show({ ...DRAFT, audience: 'note', callId: 'note:a1', body: 'Refund approved.' });
    expect($('draft-card')!.textContent).toContain('Internal note');
    expect($('draft-insert')).toBeNull();
    await type('Refund approved by finance.');
    await act(() => $('note-add')!.click());
    await wait(0);
    expect(runs).toEqual([{ tool: 'note.add', body: 'Refund approved by finance.', anyway: false }]);
  });
});
