import { useEffect, useRef } from 'preact/hooks';
import { t } from '../i18n';

/** "Start a new chat?", asked when the menu's New chat would drop a conversation with a draft. */
export function NewChatConfirm({ onYes, onNo }: { onYes(): void; onNo(): void }) {
  const no = useRef<HTMLButtonElement>(null);
  // Once, as it opens: a render while it is up (a streamed token) must not take the focus back.
  useEffect(() => no.current?.focus(), []);
  return (
    <div class="chat-new-confirm" role="alertdialog" aria-label={t('chat_new')} data-testid="chat-new-confirm">
      <p>{t('chat_new_confirm')}</p>
      <div class="actions">
        <button type="button" class="btn" data-testid="chat-new-yes" onClick={onYes}>
          {t('chat_new_confirm_yes')}
        </button>
        <button type="button" class="btn btn-primary" data-testid="chat-new-no" onClick={onNo} ref={no}>
          {t('chat_new_confirm_no')}
        </button>
      </div>
    </div>
  );
}
