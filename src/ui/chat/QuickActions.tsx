import type { ComponentChildren } from 'preact';
import { QUICK_ACTIONS, REWRITES, type QuickAction } from '../../core/quick-actions';
import { t } from '../i18n';

/** The row's actions: the ones that need no draft. The rewrites sit on the draft they act on. */
export const ROW_ACTIONS: readonly QuickAction[] = QUICK_ACTIONS.filter((action) => !REWRITES.has(action) || action === 'translate');

interface Props {
  /** No model answers yet: the actions would only fail. */
  off: boolean;
  running: boolean;
  onAction(action: QuickAction): void;
  /** The pointer or the keyboard reached the bar: the chat gets its worker ready before the click. */
  onWake?(): void;
  /** At the row's end: the saved replies' menu. */
  children?: ComponentChildren;
}

/** One row, one click each: summarize, draft, translate, note. Each is a turn of the same agent. */
export function QuickActions({ off, running, onAction, onWake, children }: Props) {
  return (
    <div class="quick-actions" role="toolbar" aria-label={t('quick_title')} onPointerEnter={onWake} onFocusIn={onWake}>
      {ROW_ACTIONS.map((action) => (
        <button
          key={action}
          type="button"
          class="btn btn-small"
          data-testid="quick-action"
          data-action={action}
          disabled={running || off}
          title={off ? t('quick_off') : t(`quick_${action}_hint`)}
          onClick={() => onAction(action)}
        >
          {t(`quick_${action}`)}
        </button>
      ))}
      {children}
    </div>
  );
}

/** A draft's rewrites, shown on its card: each asks for the draft again in another way. */
export function Rewrites({ off, running, onRewrite }: { off: boolean; running: boolean; onRewrite(action: QuickAction): void }) {
  return (
    <div class="rewrites" role="group" aria-label={t('quick_rewrite')}>
      {QUICK_ACTIONS.filter((action) => REWRITES.has(action) && action !== 'translate').map((action) => (
        <button key={action} type="button" class="btn btn-small btn-quiet" data-testid="quick-action" data-action={action} disabled={running || off} onClick={() => onRewrite(action)}>
          {t(`quick_${action}`)}
        </button>
      ))}
    </div>
  );
}
