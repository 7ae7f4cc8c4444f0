/**
 * A saved reply filled from the ticket, shown only after the agent picks one from the menu: its own
 * chunk (ChatPanel loads it on first show).
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { SavedReplyPreviewState } from '../hooks/useSavedReplyRun';
import { t } from '../i18n';

interface PreviewProps {
  preview: SavedReplyPreviewState;
  busy: boolean;
  /** Why the page cannot take a reply (a message key), or null. */
  blocked: string | null;
  onInsert(body: string): void;
  onClose(): void;
}

/**
 * A saved reply filled from the ticket, to read and edit before it goes into the reply box.
 * Insert runs the reply's fixed plan with the text as it is in the box; nothing is sent.
 */
export function SavedReplyPreview({ preview, busy, blocked, onInsert, onClose }: PreviewProps) {
  // The agent's edit holds for the reply and text it was made on; another reply chosen, or its
  // text filled in, starts the box from that text in the same render (an effect would show the
  // old text, or none, for a frame).
  const [edit, setEdit] = useState<{ id: string; text: string | null; body: string } | null>(null);
  const body = edit && edit.id === preview.id && edit.text === preview.text ? edit.body : (preview.text ?? '');
  const box = useRef<HTMLTextAreaElement>(null);
  const card = useRef<HTMLElement>(null);
  useEffect(() => card.current?.scrollIntoView({ block: 'nearest' }), [preview.id, preview.text]);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${el.scrollHeight + 2}px`;
  }, [body]);
  const result = preview.result;
  return (
    <section ref={card} class="draft saved-reply-card" data-testid="saved-reply-card" data-id={preview.id} aria-label={preview.title}>
      <div class="draft-head">
        <strong>{preview.title}</strong>
        <span class="muted small">{t('saved_reply_label')}</span>
      </div>
      {preview.text === null && !preview.error && <p class="muted small">{t('saved_reply_filling')}</p>}
      {preview.text !== null && (
        <textarea ref={box} data-testid="saved-reply-body" rows={3} value={body} aria-label={t('saved_reply_body', preview.title)} onInput={(e) => setEdit({ id: preview.id, text: preview.text, body: e.currentTarget.value })} />
      )}
      <div class="actions">
        {preview.text !== null && (
          <button type="button" class="btn btn-write" data-testid="saved-reply-insert" disabled={busy || blocked !== null || !body.trim()} title={blocked ? t(blocked) : undefined} onClick={() => onInsert(box.current?.value ?? body)}>
            {t('draft_insert')}
          </button>
        )}
        <button type="button" class="btn btn-quiet" data-testid="saved-reply-close" onClick={onClose}>
          {t('confirm_close')}
        </button>
      </div>
      {preview.error && (
        <p class="error small" role="status" data-testid="saved-reply-status" data-ok="false">
          {preview.error}
        </p>
      )}
      {result && (
        <p class={result.ok ? 'ok small' : 'error small'} role="status" data-testid="saved-reply-status" data-ok={String(result.ok)}>
          {result.ok ? t('saved_reply_inserted') : result.error}
        </p>
      )}
    </section>
  );
}
