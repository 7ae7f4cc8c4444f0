import { useEffect, useRef } from 'preact/hooks';
import { t } from '../i18n';

interface Props {
  running: boolean;
  /** What the page is and what Deskmate can do there, as the box's placeholder. */
  placeholder: string;
  onSend(text: string): void;
  onStop(): void;
  /** Each edit of the text: the chat gets its worker ready before the send. */
  onTyping?(): void;
}

const MAX_HEIGHT = 160;

/** The message box: Enter sends, Shift+Enter starts a new line; Stop replaces Send while an answer runs. */
export function ChatInput({ running, placeholder, onSend, onStop, onTyping }: Props) {
  const box = useRef<HTMLTextAreaElement>(null);
  // Focused when the sidebar opens, so the keyboard shortcut that opened it lands here.
  useEffect(() => box.current?.focus(), []);

  const grow = () => {
    const el = box.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, MAX_HEIGHT)}px`;
  };
  const send = () => {
    const el = box.current;
    const text = el?.value.trim();
    if (!el || !text || running) return;
    onSend(text);
    el.value = '';
    // Empty again: back to its rows, without measuring (a forced layout of the whole sidebar on every send).
    el.style.height = '';
  };
  const onInput = () => {
    grow();
    onTyping?.();
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Enter' || e.shiftKey || e.isComposing) return;
    e.preventDefault();
    send();
  };

  return (
    <div class="chat-input-wrap">
      <form
        class="chat-input"
        onSubmit={(e) => {
          e.preventDefault();
          send();
        }}
      >
        <textarea ref={box} data-testid="chat-input" rows={2} placeholder={placeholder} aria-label={t('chat_input_label')} onInput={onInput} onKeyDown={onKeyDown} />
        {running ? (
          <button type="button" class="btn" data-testid="chat-stop" onClick={onStop}>
            {t('chat_stop')}
          </button>
        ) : (
          <button type="submit" class="btn btn-primary" data-testid="chat-send">
            {t('chat_send')}
          </button>
        )}
      </form>
      <p class="chat-hint" data-testid="chat-hint">{t('chat_hint')}</p>
    </div>
  );
}
