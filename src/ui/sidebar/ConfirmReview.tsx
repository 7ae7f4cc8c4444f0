import { revealedText } from '../../shared/hidden-chars';
import type { ReviewedContact } from '../../shared/contact-review';
import type { ReviewState } from '../confirm-state';
import { t } from '../i18n';

/**
 * Under the body: every link, address and number in it, with where it leads and where it was
 * seen (the background's marking). One the assistant wrote and nobody else had stands out.
 */
export function ConfirmReview({ review }: { review: ReviewState }) {
  if (review.status === 'loading') return <p class="muted small" data-testid="confirm-review" data-state="loading">{t('review_loading')}</p>;
  if (review.status === 'failed') {
    return (
      <p class="card-warning" data-testid="confirm-review" data-state="failed">
        {t('review_failed', review.error)}
      </p>
    );
  }
  const unverified = review.items.filter((i) => i.unverified).length;
  const foreign = review.items.filter((i) => i.foreign).length;
  return (
    <section class="confirm-review" data-testid="confirm-review" data-state="ready" aria-label={t('review_title')}>
      <strong class="small">{t('review_title')}</strong>
      {review.items.length === 0 ? (
        <p class="muted small">{t('review_none')}</p>
      ) : (
        <ul>{review.items.map((item) => <Item key={`${item.kind}:${item.key}`} item={item} />)}</ul>
      )}
      {foreign > 0 && (
        <p class="card-warning" role="alert" data-testid="review-foreign-warning">
          {t('review_foreign_warning', String(foreign))}
        </p>
      )}
      {unverified > 0 && (
        <p class="card-warning" role="alert" data-testid="review-warning">
          {t('review_warning', String(unverified))}
        </p>
      )}
    </section>
  );
}

function Item({ item }: { item: ReviewedContact }) {
  return (
    <li
      class={item.unverified || item.foreign ? 'review-item review-unverified' : 'review-item'}
      data-testid="review-item"
      data-kind={item.kind}
      data-unverified={String(item.unverified)}
      data-foreign={String(!!item.foreign)}
    >
      <span class="review-kind">{t(`review_kind_${item.kind}`)}</span> <code class="review-value">{revealedText(item.value)}</code>
      {item.host && (
        <>
          {' '}
          <span class="link-host" data-testid="review-host">{item.host}</span>
        </>
      )}
      <span class="review-source" data-testid="review-source">
        {item.foreign ? `⚠ ${t('review_foreign')}` : item.unverified ? `⚠ ${t('review_unverified')}` : item.sources.map((s) => t(`review_source_${s}`)).join(', ')}
      </span>
      {item.lookalike.length > 0 && <span class="review-lookalike">{t('review_lookalike', item.lookalike.map((r) => t(`lookalike_${r}`)).join('; '))}</span>}
    </li>
  );
}
