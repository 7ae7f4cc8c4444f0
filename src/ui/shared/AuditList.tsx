import { useState } from 'preact/hooks';
import type { AuditEntry } from '../../shared/audit';
import type { AuditLoad } from '../hooks/useAudit';
import { isoLocal, withPrepared } from '../audit-entries';
import { formatTime, hostOf } from '../format';
import { t } from '../i18n';

/** Long logs are shown a page at a time; the export always holds all of what the filter shows. */
const PAGE = 100;
/** Tools the log has its own words for; another is named as it is registered. */
const WORDED = new Set(['reply.send', 'note.add', 'reply.fill']);

const ticketOf = (e: AuditEntry) => (e.ticket ? `${e.site} ${e.ticket}` : '');
/** What the entry was about, in words: "Reply to the customer". */
export const auditWhat = (e: AuditEntry): string => (WORDED.has(e.tool) ? t(`audit_tool_${e.tool.replace(/\./g, '_')}`) : e.tool);
const happened = (e: AuditEntry): string => `${t(`kind_${e.kind}`)}: ${auditWhat(e)}`;

/** The audit log, newest first: each entry opens to all it recorded; filter by ticket; export JSON or CSV. */
export function AuditList({ audit }: { audit: AuditLoad }) {
  const [shown, setShown] = useState(PAGE);
  const [ticket, setTicket] = useState('');
  const [exporting, setExporting] = useState(false);
  const { error } = audit;
  const all = audit.entries ? withPrepared(audit.entries) : null;
  const tickets = [...new Map((all ?? []).filter((e) => e.ticket).map((e) => [ticketOf(e), e] as const)).values()];
  const entries = all && ticket ? all.filter((e) => ticketOf(e) === ticket) : all;
  const csv = async () => {
    setExporting(true);
    try {
      await audit.exportCsv(entries ?? [], happened);
    } finally {
      setExporting(false);
    }
  };
  return (
    <section class="section audit">
      <div class="section-head">
        <h2>{t('audit_title')}</h2>
        <div class="actions">
          <button type="button" class="btn btn-quiet btn-small" data-testid="audit-export-json" onClick={() => audit.exportJson(entries ?? [])} disabled={!entries?.length}>
            {t('audit_export')}
          </button>
          <button type="button" class="btn btn-quiet btn-small" data-testid="audit-export-csv" onClick={() => void csv()} disabled={!entries?.length || exporting}>
            {t('audit_export_csv')}
          </button>
        </div>
      </div>
      <p class="grade-line">{t('audit_line')}</p>
      {tickets.length > 0 && (
        <label class="audit-filter small">
          {t('audit_filter')}{' '}
          <select data-testid="audit-filter" value={ticket} onChange={(e) => setTicket(e.currentTarget.value)}>
            <option value="">{t('audit_filter_all')}</option>
            {tickets.map((e) => (
              <option key={ticketOf(e)} value={ticketOf(e)}>
                {e.ticket} · {hostOf(e.site)}
              </option>
            ))}
          </select>
        </label>
      )}
      {error && <p class="error" role="alert">{error}</p>}
      {entries === null && !error && <p class="muted">{t('loading')}</p>}
      {audit.entries?.length === 0 && <p class="muted">{t('audit_empty')}</p>}
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
    <li class="audit-entry" data-testid="audit-entry" data-kind={e.kind} data-seq={e.seq}>
      <details>
        <summary class="audit-top">
          <span class={`kind kind-${e.kind}`}>{t(`kind_${e.kind}`)}</span>
          <span class="audit-what">{auditWhat(e)}</span>
          {e.ticket && <span class="chip">{e.ticket}</span>}
          <time class="muted" dateTime={isoLocal(e.at)}>
            {formatTime(e.at)}
          </time>
        </summary>
        <dl class="kv audit-detail" data-testid="audit-detail">
          <dt>{t('audit_field_happened')}</dt>
          <dd data-field="happened">
            {t(`audit_happened_${e.kind}`)}
            {e.detail && <span class="muted"> {e.detail}</span>}
          </dd>
          <dt>{t('audit_field_site')}</dt>
          <dd data-field="site">{e.site}</dd>
          <dt>{t('audit_field_ticket')}</dt>
          <dd data-field="ticket">{e.ticket ?? '—'}</dd>
          {e.recipient !== undefined && (
            <>
              <dt>{t('audit_field_recipient')}</dt>
              <dd data-field="recipient">{e.recipient || t('audit_recipient_team')}</dd>
            </>
          )}
          <dt>{t('audit_field_time')}</dt>
          <dd data-field="time">
            {new Date(e.at).toLocaleString(undefined, { dateStyle: 'full', timeStyle: 'long' })} <span class="muted small">({isoLocal(e.at)})</span>
          </dd>
          {e.body !== undefined && (
            <>
              <dt>{t('audit_field_text')}</dt>
              <dd data-field="text">
                <pre class="audit-text">{e.body}</pre>
              </dd>
            </>
          )}
        </dl>
        <details class="audit-tech small">
          <summary>{t('audit_technical')}</summary>
          <dl class="kv">
            <dt>{t('audit_field_tool')}</dt>
            <dd>
              <code>{e.tool}</code>
            </dd>
            {e.confirmationId && (
              <>
                <dt>{t('audit_field_confirmation')}</dt>
                <dd>
                  <code>{e.confirmationId}</code>
                </dd>
              </>
            )}
            {e.digest && (
              <>
                <dt>{t('audit_digest')}</dt>
                <dd>
                  <code class="audit-digest" title={e.digest}>{e.digest}</code>
                </dd>
              </>
            )}
            <dt>{t('audit_field_seq')}</dt>
            <dd>{e.seq}</dd>
          </dl>
        </details>
      </details>
    </li>
  );
}
