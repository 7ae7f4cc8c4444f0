import type { ChatItem } from '../../shared/chat-items';
import { t } from '../i18n';

type Of<K extends ChatItem['kind']> = Extract<ChatItem, { kind: K }>;

/** Not about the model's settings: the agent stopped it, or the worker restarted mid-turn. */
const NOT_SETTINGS = new Set(['aborted', 'interrupted']);

/** The errors the agent has words of their own for; the background's message is for whoever sets Deskmate up. */
const WORDED_ERRORS = new Set(['auth', 'not_found', 'rate_limited', 'server', 'unreachable', 'permission', 'bad_request', 'not_openai', 'unknown']);

export function ChatError({ item, stale, onRetry, onSettings }: { item: Of<'error'>; stale: boolean; onRetry: (() => void) | null; onSettings: (() => void) | null }) {
  const retry = item.retryable || item.errorKind === 'interrupted';
  const worded = WORDED_ERRORS.has(item.errorKind);
  // Fixed since: said quietly, no alarm and no way to the settings; what happened stays under Details.
  return (
    <div class={stale ? 'chat-error chat-error-stale' : 'chat-error'} data-testid="chat-error" data-kind={item.errorKind} data-stale={stale ? 'true' : undefined} role={stale ? undefined : 'alert'}>
      <p>{stale ? t('chat_error_fixed') : worded ? t(`chat_error_${item.errorKind}`) : item.message}</p>
      {worded && (
        <details class="small">
          <summary>{t('setup_details')}</summary>
          <p data-testid="chat-error-details">{item.message}</p>
        </details>
      )}
      <div class="actions">
        {retry && onRetry && <button type="button" class="btn" onClick={onRetry}>{t('chat_retry')}</button>}
        {!NOT_SETTINGS.has(item.errorKind) && onSettings && (
          <button type="button" class="btn" data-testid="chat-error-settings" onClick={onSettings}>{t('chat_open_settings')}</button>
        )}
      </div>
    </div>
  );
}
