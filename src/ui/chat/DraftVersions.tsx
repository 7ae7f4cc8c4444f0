import type { DraftItem } from '../../shared/chat-items';
import type { DraftMade } from '../../shared/draft-versions';
import { t } from '../i18n';

/** What made a version, in words. */
function madeWords(made: DraftMade): string {
  switch (made) {
    case 'answer':
      return t('draft_made_answer');
    case 'note':
      return t('draft_made_note');
    case 'restored':
      return t('draft_made_restored');
    case 'shorter':
      return t('draft_made_shorter');
    case 'friendlier':
      return t('draft_made_friendlier');
    case 'formal':
      return t('draft_made_formal');
    case 'translate_draft':
      return t('draft_made_translate_draft');
    default:
      return t('draft_made_proposal');
  }
}

/**
 * The draft's earlier versions, newest first, each with what made it and its text: going back to
 * one makes it the draft again (and keeps the current text as a version, so that can be undone).
 */
export function DraftVersions({ draft, onRestore }: { draft: DraftItem; onRestore(index: number): void }) {
  const history = draft.history ?? [];
  return (
    <details class="draft-versions" data-testid="draft-versions">
      <summary>{t('draft_versions', String(history.length))}</summary>
      <ol reversed>
        {history
          .map((version, index) => ({ version, index }))
          .reverse()
          .map(({ version, index }) => (
            <li key={index} data-testid="draft-version" data-made={version.made}>
              <p class="small muted">
                {madeWords(version.made)}
                {version.edited ? ` · ${t('draft_version_edited')}` : ''}
              </p>
              <p class="draft-version-text text">{version.text}</p>
              <button type="button" class="btn btn-small btn-quiet" data-testid="draft-restore" onClick={() => onRestore(index)}>
                {t('draft_restore')}
              </button>
            </li>
          ))}
      </ol>
    </details>
  );
}
