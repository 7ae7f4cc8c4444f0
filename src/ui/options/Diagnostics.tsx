import type { LogEntry } from '../../shared/diagnostics';
import { formatTime } from '../format';
import type { DiagnosticsLoad } from '../hooks/useDiagnostics';
import { t } from '../i18n';

/** What went wrong in the background lately, newest first: to read, export as JSON, or clear. */
export function Diagnostics({ diagnostics: d }: { diagnostics: DiagnosticsLoad }) {
  const { entries, error } = d;
  return (
    <section class="section diagnostics" data-testid="diagnostics" aria-labelledby="diagnostics-title">
      <div class="section-head">
        <h3 id="diagnostics-title">{t('diagnostics_title')}</h3>
        <span class="actions">
          <button type="button" class="btn btn-quiet" data-testid="diagnostics-refresh" onClick={d.refresh}>
            {t('diagnostics_refresh')}
          </button>
          <button type="button" class="btn btn-quiet" data-testid="diagnostics-export" onClick={d.exportJson} disabled={!entries?.length}>
            {t('diagnostics_export')}
          </button>
          <button type="button" class="btn btn-quiet" data-testid="diagnostics-clear" onClick={() => void d.clear()} disabled={!entries?.length}>
            {t('diagnostics_clear')}
          </button>
        </span>
      </div>
      <p class="grade-line">{t('diagnostics_line')}</p>
      {error && <p class="error" role="alert">{error}</p>}
      {entries === null && !error && <p class="muted">{t('loading')}</p>}
      {entries?.length === 0 && <p class="muted" data-testid="diagnostics-empty">{t('diagnostics_empty')}</p>}
      <ol class="diagnostics-list">
        {entries?.map((e, i) => <DiagnosticsRow key={`${e.time}:${i}`} entry={e} />)}
      </ol>
    </section>
  );
}

function DiagnosticsRow({ entry: e }: { entry: LogEntry }) {
  return (
    <li class={`diagnostics-entry level-${e.level}`} data-testid="diagnostics-entry" data-level={e.level} data-area={e.area}>
      <div class="audit-top">
        <span class={`level level-${e.level}`}>{t(`diagnostics_level_${e.level}`)}</span>
        <code>{e.area}</code>
        {e.count && e.count > 1 && <span class="muted">{t('diagnostics_repeated', String(e.count))}</span>}
        <time class="muted" dateTime={new Date(e.time).toISOString()}>
          {formatTime(e.time)}
        </time>
      </div>
      <div class="diagnostics-message">{e.message}</div>
      {e.detail && <div class="audit-detail">{e.detail}</div>}
    </li>
  );
}
