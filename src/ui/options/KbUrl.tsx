import { useId } from 'preact/hooks';
import type { KbSyncView } from '../../shared/kb-sync';
import { formatTime } from '../format';
import { useKbUrl } from '../hooks/useKbUrl';
import { t } from '../i18n';
import { Managed } from '../shared/Managed';

/** How the last sync went, in words. */
function statusLines(v: KbSyncView): string[] {
  if (!v.url) return [t('kb_url_none')];
  const lines = [v.syncedAt !== null ? t('kb_sync_synced', [formatTime(v.syncedAt), String(v.articles)]) : t('kb_sync_never')];
  if (!v.error && v.syncedAt !== null && v.checkedAt !== null && v.checkedAt > v.syncedAt) lines.push(t('kb_sync_checked', formatTime(v.checkedAt)));
  if (v.error) {
    lines.push(t('kb_sync_failed', [formatTime(v.error.at), t(`kb_sync_error_${v.error.code}`, v.error.detail)]));
    if (v.articles > 0) lines.push(t('kb_sync_kept'));
  }
  return lines;
}

/** The team's knowledge base at a URL: the organisation's (read-only) or the agent's own. */
export function KbUrl() {
  const k = useKbUrl();
  const id = useId();
  const v = k.view;
  const managed = v?.managed === true;
  return (
    <div class="kb-url">
      <h3 id={`${id}-title`}>{t('kb_url_title')}</h3>
      <p class="muted small">{t('kb_url_line')}</p>
      <div class="field">
        <label for={`${id}-url`}>{t('kb_url_label')}</label>
        <input
          id={`${id}-url`}
          type="url"
          data-testid="kb-url"
          value={managed ? (v?.url ?? '') : k.typed}
          readOnly={managed}
          disabled={!v}
          placeholder="https://intranet.example.com/support/kb.md"
          spellcheck={false}
          onInput={(e) => k.type(e.currentTarget.value)}
        />
        <p class="managed-line">{managed ? <Managed testId="kb-url-managed" /> : v?.url ? t('kb_url_source_you') : null}</p>
      </div>
      <div class="actions">
        {!managed && (
          <button type="button" class="btn" data-testid="kb-url-save" disabled={!v || k.busy} onClick={k.save}>
            {t('settings_save')}
          </button>
        )}
        <button type="button" class="btn" data-testid="kb-sync-now" disabled={!v?.url || k.busy} onClick={k.syncNow}>
          {t('kb_sync_now')}
        </button>
      </div>
      <div
        class={`kb-report ${v?.error ? 'error' : v?.syncedAt ? 'ok' : ''}`}
        role="status"
        data-testid="kb-sync-status"
        data-source={v?.url ? (managed ? 'organisation' : 'you') : 'none'}
        data-articles={v?.articles ?? 0}
        data-checked-at={v?.checkedAt ?? ''}
        data-error={v?.error?.code ?? ''}
      >
        {k.busy ? <p>{t('kb_sync_syncing')}</p> : v && statusLines(v).map((line, i) => <p key={i}>{line}</p>)}
        {v && v.problems.length > 0 && (
          <ul class="kb-problems">
            {v.problems.map((p, i) => <li key={i}>{p}</li>)}
          </ul>
        )}
      </div>
      {k.error && <p class="error" role="alert">{k.error}</p>}
    </div>
  );
}
