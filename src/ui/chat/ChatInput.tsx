import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { fieldId, type TypedField, type UnsentField } from '../../shared/typed';
import { useUnsentTyped } from '../hooks/useTyped';
import { t } from '../i18n';

interface Props {
  /** Where the box's text is kept until it is sent: the conversation's question (null: no conversation yet). */
  field: UnsentField | null;
  /** Where text typed before the conversation is known is kept (the tab's conversation). */
  early?: TypedField | null;
  running: boolean;
  /** The tab's next page loads: a question asked now waits for it (see `send`). */
  waiting?: boolean;
  /** A question refused while the next page loaded (back in its box): it waits for that page too. */
  held?: { key: string; seq: number } | undefined;
  /** What the page is and what Deskmate can do there, as the box's placeholder. */
  placeholder: string;
  onSend(text: string): void;
  onStop(): void;
  /** Each edit of the text: the chat gets its worker ready before the send. */
  onTyping?(): void;
}

const MAX_HEIGHT = 160;

/**
 * The message box, one line that grows: Enter sends, Shift+Enter starts a new line; Stop replaces
 * Send while an answer runs. What is typed and not sent stays with the conversation (a closed and
 * reopened sidebar, another tab and back), and is the box's text only for that conversation.
 */
export function ChatInput({ field, early, running, waiting = false, held, placeholder, onSend, onStop, onTyping }: Props) {
  const box = useRef<HTMLTextAreaElement>(null);
  const question = useUnsentTyped(field, early);
  // Focused when the sidebar opens, so the keyboard shortcut that opened it lands here.
  useEffect(() => box.current?.focus(), []);
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    // Empty: back to its rows, without measuring (a forced layout of the whole sidebar on every send).
    if (!question.text) return void (el.style.height = '');
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, MAX_HEIGHT)}px`;
  }, [question.text]);

  // A question names the conversation it is asked in. Asked before the sidebar shows one, it
  // waits in the box and goes once the conversation is known; asked while the tab's next page
  // loads, it goes once that page is known if it is the same conversation, and else stays in its
  // own conversation's box, which says so.
  const ready = field !== null;
  const id = field ? fieldId(field) : null;
  const [queued, setQueued] = useState<{ for: string | null } | null>(null);
  const [leftBehind, setLeftBehind] = useState(false);
  const send = () => {
    const text = (box.current?.value ?? question.text).trim();
    if (!text || running) return;
    if (!ready || waiting) return setQueued({ for: id });
    setQueued(null);
    setLeftBehind(false);
    // Used: empty again, here and in the background, before the question goes (the keeper sends that first).
    question.type('');
    onSend(text);
  };
  // A refusal this box has not met yet: one from before it was shown (the Page tab and back) is old news.
  const heldSeen = useRef(held?.seq);
  useEffect(() => {
    if (!held || held.seq === heldSeen.current) return;
    heldSeen.current = held.seq;
    if (field?.kind === 'question' && field.key === held.key) setQueued({ for: id });
    else setLeftBehind(true); // the sidebar shows another ticket already
  }, [held?.seq]);
  // After the keeper has made the text typed so far the conversation's own (useTyped). Once,
  // whatever the box then holds: emptied meanwhile, or a turn running, it waits no more.
  useEffect(() => {
    if (!queued || !ready || waiting) return;
    setQueued(null);
    if (queued.for === null || queued.for === id) send();
    else setLeftBehind(true);
  }, [queued, id, waiting]);
  const onInput = (e: Event) => {
    setLeftBehind(false);
    question.type((e.currentTarget as HTMLTextAreaElement).value);
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
        <textarea ref={box} data-testid="chat-input" rows={1} placeholder={placeholder} aria-label={t('chat_input_label')} aria-describedby="chat-hint" value={question.text} onInput={onInput} onKeyDown={onKeyDown} />
        {running ? (
          <button type="button" class="btn" data-testid="chat-stop" onClick={onStop}>
            {t('chat_stop')}
          </button>
        ) : (
          <button type="submit" class="btn btn-primary" data-testid="chat-send" disabled={queued !== null} aria-busy={queued !== null}>
            {queued ? t('chat_waiting') : t('chat_send')}
          </button>
        )}
      </form>
      {leftBehind && (
        <p class="notice" role="status" data-testid="chat-left-behind">
          {t('chat_refused_question')}
        </p>
      )}
      {/* Said to screen readers with the box; shown in the header's menu. */}
      <p id="chat-hint" class="visually-hidden" data-testid="chat-hint">
        {t('chat_hint')}
      </p>
    </div>
  );
}
