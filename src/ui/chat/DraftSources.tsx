import type { DraftSource } from '../../core/citations';
import type { ChatItem } from '../../shared/chat-items';
import { useKbArticle } from '../hooks/useKbArticle';
import { t } from '../i18n';

type DraftItem = Extract<ChatItem, { kind: 'draft' }>;

/**
 * A past ticket the draft follows: opens that ticket of the same helpdesk in a new tab, where the
 * agent reads it as the helpdesk shows it (an address of any other site is no link).
 */
function PastTicketChip({ source, site }: { source: DraftSource; site: string | null }) {
  const url = source.ticket?.url ?? '';
  const own = site !== null && sameOrigin(url, site);
  return own ? (
    <a class="chip" data-testid="draft-source" data-ticket-key={source.ticket?.key} href={url} target="_blank" rel="noopener noreferrer" title={t('draft_source_ticket')}>
      {source.title}
    </a>
  ) : (
    <span class="chip" data-testid="draft-source" data-ticket-key={source.ticket?.key}>{source.title}</span>
  );
}

function sameOrigin(url: string, site: string): boolean {
  try {
    return new URL(url).origin === site;
  } catch {
    return false;
  }
}

/**
 * The knowledge-base articles a draft cites, as chips that open the article here in the
 * sidebar. Only articles the knowledge base returned in the conversation are chips; any other
 * citation was dropped in the background, and the card says so.
 */
export function DraftSources({ draft }: { draft: DraftItem }) {
  const { open, toggle, close } = useKbArticle();
  const sources = draft.sources ?? [];
  const dropped = draft.droppedSources ?? [];
  return (
    <div class="draft-sources">
      {sources.length ? (
        <div class="chips" role="group" aria-label={t('draft_sources')}>
          {sources.map((s) =>
            s.ticket ? (
              <PastTicketChip key={s.id} source={s} site={draft.site ?? null} />
            ) : (
              <button key={s.id} type="button" class="chip" data-testid="draft-source" data-kb-id={s.id} aria-expanded={open?.id === s.id} title={s.id} onClick={() => void toggle(s.id)}>
                {s.title}
              </button>
            ),
          )}
        </div>
      ) : (
        <p class="muted small" data-testid="draft-no-sources">{t('draft_no_sources')}</p>
      )}
      {dropped.length > 0 && (
        <p class="warn small" data-testid="draft-sources-dropped">
          {t('draft_sources_dropped', [dropped.join(', ')])}
        </p>
      )}
      {open && (
        <section class="kb-article-view" data-testid="kb-article" data-kb-id={open.id} aria-live="polite">
          {open.view.state === 'shown' ? (
            <>
              <div class="draft-head">
                <strong data-testid="kb-article-title">{open.view.article.title}</strong>
                <button type="button" class="link small" onClick={close}>{t('confirm_close')}</button>
              </div>
              <p class="muted small">{open.view.article.source}</p>
              <p class="text" data-testid="kb-article-body">{open.view.article.body}</p>
            </>
          ) : (
            <p class="muted small">{open.view.state === 'loading' ? t('loading') : open.view.state === 'missing' ? t('kb_article_missing') : open.view.text}</p>
          )}
        </section>
      )}
    </div>
  );
}
