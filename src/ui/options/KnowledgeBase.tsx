import { useKnowledgeBase } from '../hooks/useKnowledgeBase';
import { t } from '../i18n';
import { KbUrl } from './KbUrl';

/** The knowledge base: import articles from files, see what is there, remove it all. */
export function KnowledgeBase() {
  const kb = useKnowledgeBase();
  const list = kb.articles;
  const onChange = (e: Event) => {
    const input = e.currentTarget as HTMLInputElement;
    void kb.importFiles([...(input.files ?? [])]);
    // The same file again is a new import.
    input.value = '';
  };

  return (
    <section id="knowledge-base" class="section kb" aria-labelledby="kb-title">
      <div class="section-head">
        <h2 id="kb-title">{t('kb_title')}</h2>
        <button type="button" class="btn btn-quiet" data-testid="kb-clear" disabled={!list?.count} onClick={() => void kb.clear()}>
          {t('kb_clear')}
        </button>
      </div>
      <p class="grade-line">{t('kb_formats')}</p>
      <label class="file-pick">
        <span class="btn">{t('kb_import')}</span>
        <input type="file" data-testid="kb-file" multiple accept=".json,.md,.markdown,.txt" onChange={onChange} />
      </label>
      {kb.report && (
        <div class={`kb-report ${kb.report.tone}`} role="status" data-testid="kb-status">
          <p>{kb.report.text}</p>
          {kb.report.problems.length > 0 && (
            <ul class="kb-problems">
              {kb.report.problems.map((p, i) => <li key={i}>{p}</li>)}
            </ul>
          )}
        </div>
      )}
      {kb.error && <p class="error" role="alert">{kb.error}</p>}
      {list === null && !kb.error && <p class="muted">{t('loading')}</p>}
      {list?.count === 0 && <p class="muted">{t('kb_empty')}</p>}
      {list && list.count > 0 && (
        <>
          <p class="muted">{t(list.count > list.articles.length ? 'kb_count_first' : 'kb_count', [String(list.count), String(list.articles.length)])}</p>
          <ol class="kb-list" data-testid="kb-list">
            {list.articles.map((a) => (
              <li key={a.id}>
                <span class="kb-article">{a.title}</span> <span class="muted">{a.source}</span>
              </li>
            ))}
          </ol>
        </>
      )}
      <KbUrl />
    </section>
  );
}
