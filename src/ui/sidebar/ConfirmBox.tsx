import { boxHoldsDraft } from '../confirm-shown';
import { t } from '../i18n';
import { Revealed } from '../shared/Revealed';


interface Props {
  /** What the helpdesk's own box holds that posting would replace. */
  replaces: string;
  body: string;
  note: boolean;
  /** The agent chose to replace it: Confirm may go. */
  chosen: boolean;
  busy: boolean;
  onReplace(): void;
  /** Put the draft into the box instead (or leave the box as it is, when it holds the draft already) and send with the helpdesk's own button. */
  onInstead?(): void;
}

/**
 * The helpdesk's own box holds text the agent typed there: one place to compose, or an explicit
 * choice. Posting from here replaces that text, so Confirm waits until the agent says so; the
 * other way is the helpdesk's own button, with the draft inserted beside what they typed.
 */
export function ConfirmBox({ replaces, body, note, chosen, busy, onReplace, onInstead }: Props) {
  const holdsDraft = boxHoldsDraft(replaces, body);
  return (
    <div class="confirm-box" data-testid="confirm-box" data-holds-draft={holdsDraft ? 'true' : undefined} role="alert">
      <p class="confirm-box-head">{note ? t('confirm_box_note') : holdsDraft ? t('confirm_box_with_draft') : t('confirm_box_other')}</p>
      <div class="confirm-box-text text" data-testid="confirm-box-text">
        <Revealed text={replaces} />
      </div>
      {chosen ? (
        <p class="small" data-testid="confirm-box-chosen">{t('confirm_box_replacing')}</p>
      ) : (
        <div class="actions">
          <button type="button" class="btn btn-small" data-testid="confirm-box-replace" disabled={busy} onClick={onReplace}>
            {t('confirm_box_replace')}
          </button>
          {onInstead && (
            <button type="button" class="btn btn-small btn-write" data-testid="confirm-box-instead" disabled={busy} onClick={onInstead}>
              {holdsDraft ? t('confirm_box_keep') : t('confirm_box_insert')}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
