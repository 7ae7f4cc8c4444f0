import { QUICK_ACTIONS, REWRITES, type QuickAction } from '../../core/quick-actions';
import { t } from '../i18n';

interface Props {
  running: boolean;
  /** The newest draft's text, for the rewrites; none: they are off. */
  draft: string | null;
  onAction(action: QuickAction): void;
  /** The pointer or the keyboard reached the bar: the chat gets its worker ready before the click. */
  onWake?(): void;
}

/** One click each: summarize, draft, translate, rewrite, note. Each is a turn of the same agent. */
export function QuickActions({ running, draft, onAction, onWake }: Props) {
  return (
    <div class="quick-actions" role="toolbar" aria-label={t('quick_title')} onPointerEnter={onWake} onFocusIn={onWake}>
      {QUICK_ACTIONS.map((action) => (
        <button
          key={action}
          type="button"
          class="btn btn-small"
          data-testid="quick-action"
          data-action={action}
          // Translate works on the ticket too; the other rewrites need a draft.
          disabled={running || (REWRITES.has(action) && action !== 'translate' && !draft)}
          onClick={() => onAction(action)}
        >
          {t(`quick_${action}`)}
        </button>
      ))}
    </div>
  );
}
