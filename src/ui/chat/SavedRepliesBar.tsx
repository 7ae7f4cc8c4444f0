import type { SavedReply } from '../../shared/saved-replies';
import type { SavedReplyRun } from '../../shared/protocol';
import { t } from '../i18n';

interface Props {
  replies: SavedReply[];
  result: { id: string; run: SavedReplyRun } | null;
  busy: boolean;
  /** Why the page cannot take a reply (a message key), or null. */
  blocked: string | null;
  onRun(id: string): void;
}

/**
 * The team's saved replies, one click each: a fixed plan fills the template from the ticket and
 * puts it in the reply box. It never sends; the model is not involved.
 */
export function SavedRepliesBar({ replies, result, busy, blocked, onRun }: Props) {
  if (!replies.length) return null;
  return (
    <div class="saved-replies-bar" role="group" aria-label={t('saved_replies_title')}>
      <span class="muted small">{t('saved_replies_title')}:</span>
      {replies.map((r) => (
        <button key={r.id} type="button" class="btn btn-small btn-write" data-testid="saved-reply" data-id={r.id} disabled={busy || blocked !== null} title={blocked ? t(blocked) : r.body} onClick={() => onRun(r.id)}>
          {r.title}
        </button>
      ))}
      {result && (
        <p class={result.run.ok ? 'ok small' : 'error small'} role="status" data-testid="saved-reply-status" data-ok={String(result.run.ok)}>
          {result.run.ok ? t('saved_reply_inserted') : result.run.error}
        </p>
      )}
    </div>
  );
}
