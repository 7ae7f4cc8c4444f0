import { useState } from 'preact/hooks';
import type { ToolResult } from '../../core';
import type { DraftTool } from '../hooks/useDraftActions';
import { t } from '../i18n';

/** The name a note card's button goes to the background with (see chat-session's draft gate). */
export const noteCallId = (itemId: string): string => `note:${itemId}`;

interface Props {
  text: string;
  blocked(tool: DraftTool): string | null;
  onRun(tool: DraftTool, body: string): Promise<ToolResult>;
}

/**
 * Under a note card: "Add as internal note" where the site has an internal note box (a send:
 * it opens the confirm card, as every note does), else "Insert into reply box". Both are the
 * agent's clicks; the model never reaches either.
 */
export function NoteActions({ text, blocked, onRun }: Props) {
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const canNote = blocked('note.add') === null;
  const tool: DraftTool = canNote ? 'note.add' : 'reply.fill';
  const why = blocked(tool);
  const run = async () => {
    setBusy(true);
    setStatus(null);
    const result = await onRun(tool, text);
    setBusy(false);
    if (!result.ok) setStatus({ ok: false, text: result.error ?? t('result_failed') });
    else if (tool === 'reply.fill') setStatus({ ok: true, text: t('draft_inserted') });
  };
  return (
    <div class="note-actions">
      <button
        type="button"
        class={canNote ? 'btn btn-send btn-small' : 'btn btn-write btn-small'}
        data-testid={canNote ? 'note-add' : 'note-insert'}
        disabled={busy || !text.trim() || why !== null}
        title={why ? t(why) : undefined}
        onClick={() => void run()}
      >
        {canNote ? t('note_add') : t('draft_insert')}
      </button>
      {status && (
        <p class={status.ok ? 'ok small' : 'error small'} role="status">
          {status.text}
        </p>
      )}
    </div>
  );
}
