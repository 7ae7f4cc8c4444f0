import { useState } from 'preact/hooks';
import { t } from '../i18n';

/**
 * How many characters of a big result the side panel lays out at once, and how many each "Show
 * more" adds: a few tens of thousands of characters lay out in one short task, where a ticket of
 * several megabytes held the panel for seconds.
 */
export const SHOWN_AT_ONCE = 30_000;

/** The characters shown so far, and the way to show more. */
export function useShownChars(): [number, () => void] {
  const [shown, setShown] = useState(SHOWN_AT_ONCE);
  return [shown, () => setShown((n) => n + SHOWN_AT_ONCE)];
}

/** The text cut to what is shown, marked as cut. */
export const shownPart = (text: string, chars: number): string => (text.length > chars ? `${text.slice(0, Math.max(0, chars))}…` : text);

/** "Show more" under a result that holds more than is shown. */
export function ShowMore({ left, onMore }: { left: number; onMore(): void }) {
  if (left <= 0) return null;
  return (
    <p class="show-more">
      <button type="button" class="link" data-testid="show-more" onClick={onMore}>
        {t('result_show_more', String(left))}
      </button>
    </p>
  );
}
