import { useId } from 'preact/hooks';
import { VARIABLES } from '../../shared/saved-replies';
import { AGENT_NAME, useSavedReplies } from '../hooks/useSavedReplies';
import { useTyped, useUnsentTyped } from '../hooks/useTyped';
import { t } from '../i18n';

/**
 * The team's saved replies: a template with variables each, defined here or imported from a
 * JSON file. In the sidebar a click runs one as a fixed plan: read the ticket, fill, insert.
 */
export function SavedRepliesSettings() {
  const m = useSavedReplies();
  const id = useId();
  // Each field is kept as typed: the name at once, a new reply's title and text until it is added.
  const agent = useTyped(m.data ? AGENT_NAME : null, m.data?.agentName ?? '');
  const title = useUnsentTyped({ kind: 'newSavedReply', part: 'title' });
  const body = useUnsentTyped({ kind: 'newSavedReply', part: 'body' });
  const onFile = (e: Event) => {
    const input = e.currentTarget as HTMLInputElement;
    const file = input.files?.[0];
    if (file) void m.importFile(file);
    input.value = '';
  };
  const add = async () => {
    if (await m.add(title.text.trim(), body.text)) (title.type(''), body.type(''));
  };
  return (
    <section class="section saved-replies" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('saved_replies_title')}</h2>
      <p class="grade-line">{t('saved_replies_line')}</p>
      <p class="muted small" data-testid="saved-replies-variables">
        {t('saved_replies_variables')} {VARIABLES.map((v) => `{{${v}}}`).join(' ')}
      </p>
      <label class="field">
        <span>{t('saved_replies_agent')}</span>
        <input data-testid="saved-replies-agent" value={agent.text} disabled={!m.data} maxLength={120} onInput={(e) => agent.type(e.currentTarget.value)} />
      </label>
      <div class="actions">
        <button type="button" class="btn" data-testid="saved-replies-agent-save" disabled={!m.data} onClick={() => void m.keepName()}>
          {t('settings_save')}
        </button>
      </div>
      {m.data && m.data.replies.length > 0 && (
        <ul class="saved-reply-list" data-testid="saved-replies-list">
          {m.data.replies.map((r) => (
            <li key={r.id} data-id={r.id}>
              <strong>{r.title}</strong> <span class="muted small">{r.body.slice(0, 80)}</span>{' '}
              <button type="button" class="link small" data-testid="saved-reply-remove" onClick={() => void m.remove(r.id)}>{t('saved_replies_remove')}</button>
            </li>
          ))}
        </ul>
      )}
      <label class="field">
        <span>{t('saved_replies_new_title')}</span>
        <input data-testid="saved-reply-title" value={title.text} maxLength={120} onInput={(e) => title.type(e.currentTarget.value)} />
      </label>
      <label class="field">
        <span>{t('saved_replies_new_body')}</span>
        <textarea data-testid="saved-reply-body" rows={4} maxLength={20_000} value={body.text} onInput={(e) => body.type(e.currentTarget.value)} />
      </label>
      <div class="actions">
        <button type="button" class="btn btn-primary" data-testid="saved-reply-add" disabled={!title.text.trim() || !body.text.trim()} onClick={() => void add()}>
          {t('saved_replies_add')}
        </button>
        <label class="file-pick">
          <span class="btn">{t('saved_replies_import')}</span>
          <input type="file" data-testid="saved-replies-import" accept=".json,application/json" onChange={onFile} />
        </label>
      </div>
      {m.status && (
        <p class={m.status.ok ? 'ok small' : 'error small'} role="status" data-testid="saved-replies-status" data-ok={String(m.status.ok)} data-seq={m.status.seq}>
          {m.status.text}
        </p>
      )}
    </section>
  );
}
