import { useEffect, useRef, useState } from 'preact/hooks';
import type { SavedReply } from '../../shared/saved-replies';
import type { SavedReplyPreviewState } from '../hooks/useSavedReplyRun';
import { t } from '../i18n';

/**
 * The team's saved replies, at the end of the quick actions: a menu of their titles. Choosing
 * one fills it from the ticket into a card the agent can read and edit before Insert.
 */
export function SavedRepliesMenu({ replies, busy, onChoose }: { replies: SavedReply[]; busy: boolean; onChoose(id: string): void }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const away = (e: Event) => !box.current?.parentElement?.contains(e.target as Node) && setOpen(false);
    document.addEventListener('pointerdown', away);
    document.addEventListener('focusin', away);
    return () => {
      document.removeEventListener('pointerdown', away);
      document.removeEventListener('focusin', away);
    };
  }, [open]);
  if (!replies.length) return null;
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  return (
    <div class="saved-replies" onKeyDown={(e) => e.key === 'Escape' && open && (e.preventDefault(), close())}>
      <button
        ref={button}
        type="button"
        class="btn btn-small"
        data-testid="saved-replies-menu"
        aria-expanded={open}
        aria-controls="saved-replies-items"
        disabled={busy}
        aria-label={t('saved_replies_title')}
        title={t('saved_replies_title')}
        onClick={() => setOpen(!open)}
      >
        {t('saved_replies_short')} ▾
      </button>
      {open && (
        <div ref={box} id="saved-replies-items" class="menu-items menu-up" role="group" aria-label={t('saved_replies_title')}>
          {replies.map((r) => (
            <button
              key={r.id}
              type="button"
              class="menu-item"
              data-testid="saved-reply"
              data-id={r.id}
              onClick={() => {
                close();
                onChoose(r.id);
              }}
            >
              {r.title}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

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
