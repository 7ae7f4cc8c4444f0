import { useId, useState } from 'preact/hooks';
import { VARIABLES } from '../../shared/saved-replies';
import { useSavedReplies } from '../hooks/useSavedReplies';
import { t } from '../i18n';

/**
 * The team's saved replies: a template with variables each, defined here or imported from a
 * JSON file. In the sidebar a click runs one as a fixed plan: read the ticket, fill, insert.
 */
export function SavedRepliesSettings() {
  const m = useSavedReplies();
  const id = useId();
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [agent, setAgent] = useState<string | null>(null);
  const onFile = (e: Event) => {
    const input = e.currentTarget as HTMLInputElement;
    const file = input.files?.[0];
    if (file) void m.importFile(file);
    input.value = '';
  };
  const add = async () => {
    if (await m.add(title.trim(), body)) (setTitle(''), setBody(''));
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
        <input data-testid="saved-replies-agent" value={agent ?? m.data?.agentName ?? ''} maxLength={120} onInput={(e) => setAgent(e.currentTarget.value)} />
      </label>
      <div class="actions">
        <button type="button" class="btn" data-testid="saved-replies-agent-save" disabled={agent === null} onClick={() => void m.setAgentName(agent ?? '').then((ok) => ok && setAgent(null))}>
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
        <input data-testid="saved-reply-title" value={title} maxLength={120} onInput={(e) => setTitle(e.currentTarget.value)} />
      </label>
      <label class="field">
        <span>{t('saved_replies_new_body')}</span>
        <textarea data-testid="saved-reply-body" rows={4} maxLength={20_000} value={body} onInput={(e) => setBody(e.currentTarget.value)} />
      </label>
      <div class="actions">
        <button type="button" class="btn btn-primary" data-testid="saved-reply-add" disabled={!title.trim() || !body.trim()} onClick={() => void add()}>
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
