import { revealHidden } from '../../shared/hidden-chars';
import { t } from '../i18n';

/**
 * A text with every hidden character (bidi control, zero-width, other format characters) shown
 * as a marked code point, `⟦U+202E⟧`, instead of acting on the text around it.
 */
export function Revealed({ text }: { text: string }) {
  return (
    <>
      {revealHidden(text).map((run) =>
        typeof run === 'string' ? (
          run
        ) : (
          <mark class="hidden-char" data-testid="hidden-char" title={t('hidden_char_title', run.hidden)}>
            ⟦{run.hidden}⟧
          </mark>
        ),
      )}
    </>
  );
}
