import { useState } from 'preact/hooks';
import type { AuditEntry } from '../../shared/audit';
import type { AuditLoad } from '../hooks/useAudit';
import { formatTime, shortDigest } from '../format';
import { t } from '../i18n';

/** Long logs are shown a page at a time; the export always holds all of it. */
const PAGE = 100;

/** The audit log, newest first, with an export of the whole of it as JSON. */
export function AuditList({ audit }: { audit: AuditLoad }) {
  const [shown, setShown] = useState(PAGE);
  const { entries, error } = audit;
  return (
    <section class="section audit">
      <div class="section-head">
        <h2>{t('audit_title')}</h2>
        <button type="button" class="btn btn-quiet" onClick={audit.exportJson} disabled={!entries?.length}>
          {t('audit_export')}
        </button>
      </div>
      <p class="grade-line">{t('audit_line')}</p>
      {error && <p class="error" role="alert">{error}</p>}
      {entries === null && !error && <p class="muted">{t('loading')}</p>}
      {entries?.length === 0 && <p class="muted">{t('audit_empty')}</p>}
      <ol class="audit-list">
        {entries?.slice(0, shown).map((e) => <AuditRow key={e.seq} entry={e} />)}
      </ol>
      {entries && entries.length > shown && (
        <button type="button" class="btn btn-quiet" onClick={() => setShown(shown + PAGE)}>
          {t('audit_more', String(entries.length - shown))}
        </button>
      )}
    </section>
  );
}

function AuditRow({ entry: e }: { entry: AuditEntry }) {
  return (
    <li class="audit-entry" data-testid="audit-entry">
      <div class="audit-top">
        <span class={`kind kind-${e.kind}`}>{t(`kind_${e.kind}`)}</span>
        <code>{e.tool}</code>
        <time class="muted" dateTime={new Date(e.at).toISOString()}>
          {formatTime(e.at)}
        </time>
      </div>
      <div class="audit-where">
        {e.site}
        {e.ticket && <> · {e.ticket}</>}
      </div>
      {e.digest && (
        <div class="muted">
          {t('audit_digest')} <code title={e.digest}>{shortDigest(e.digest)}</code>
        </div>
      )}
      {e.detail && <div class="audit-detail">{e.detail}</div>}
    </li>
  );
}
