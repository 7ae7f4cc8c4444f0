import { openSettings } from '../client';
import { t } from '../i18n';

/** An empty knowledge base: the assistant has nothing to search, and where to import one. */
export function KbEmptyHint() {
  return (
    <p class="kb-hint muted small" data-testid="kb-empty-hint">
      {t('kb_empty_hint')}{' '}
      <button type="button" class="link" data-testid="kb-empty-import" onClick={() => void openSettings('knowledge-base')}>
        {t('kb_empty_import')}
      </button>
    </p>
  );
}
