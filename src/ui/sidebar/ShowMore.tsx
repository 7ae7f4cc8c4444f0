import { t } from '../i18n';

/**
 * "Show more" under a result that holds more than is shown (its parts: src/shared/result-parts.ts),
 * or, when the next part could not be had, why not.
 */
export function ShowMore({ left, lost, onMore }: { left: number; lost: boolean; onMore(): void }) {
  if (lost) return <p class="muted show-more" data-testid="show-more-lost">{t('result_part_lost')}</p>;
  if (left <= 0) return null;
  return (
    <p class="show-more">
      <button type="button" class="link" data-testid="show-more" onClick={onMore}>
        {t('result_show_more', String(left))}
      </button>
    </p>
  );
}
