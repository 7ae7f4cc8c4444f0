// @vitest-environment happy-dom
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ToolResult } from '../../src/core';
import { NoteActions } from '../../src/ui/chat/NoteActions';
import type { DraftTool } from '../../src/ui/hooks/useDraftActions';
import { installI18n } from '../fakes/i18n';

let root: HTMLElement;
let runs: [DraftTool, string][];
const show = (offered: DraftTool[]) =>
  act(() =>
    render(
      <NoteActions
        text="Internal note: refund approved by finance."
        blocked={(tool) => (offered.includes(tool) ? null : 'note_no_add')}
        onRun={async (tool, body): Promise<ToolResult> => {
          runs.push([tool, body]);
          return { ok: true };
        }}
      />,
      root,
    ),
  );

describe("a note card's action", () => {
  beforeEach(() => {
    installI18n();
    root = document.createElement('div');
    runs = [];
  });

  it("adds the note through the site's note.add where the page has one", async () => {
    await show(['note.add', 'reply.fill']);
    expect(root.querySelector('[data-testid="note-insert"]')).toBeNull();
    await act(() => root.querySelector<HTMLButtonElement>('[data-testid="note-add"]')!.click());
    expect(runs).toEqual([['note.add', 'Internal note: refund approved by finance.']]);
  });

  it('offers Insert into the reply box where the page has no note box', async () => {
    await show(['reply.fill']);
    expect(root.querySelector('[data-testid="note-add"]')).toBeNull();
    await act(() => root.querySelector<HTMLButtonElement>('[data-testid="note-insert"]')!.click());
    expect(runs).toEqual([['reply.fill', 'Internal note: refund approved by finance.']]);
  });

  it('offers nothing it cannot do', async () => {
    await show([]);
    expect(root.querySelector<HTMLButtonElement>('[data-testid="note-insert"]')!.disabled).toBe(true);
  });
});
