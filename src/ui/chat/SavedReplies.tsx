import { useEffect, useRef, useState } from 'preact/hooks';
import type { SavedReply } from '../../shared/saved-replies';
import { t } from '../i18n';

/**
 * The team's saved replies, at the end of the quick actions: a menu of their titles. Choosing
 * one fills it from the ticket into a card the agent can read and edit before Insert.
 */
export function SavedRepliesMenu({ replies, busy, onChoose }: { replies: SavedReply[]; busy: boolean; onChoose(id: string): void }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const away = (e: Event) => !box.current?.parentElement?.contains(e.target as Node) && setOpen(false);
    document.addEventListener('pointerdown', away);
    document.addEventListener('focusin', away);
    return () => {
      document.removeEventListener('pointerdown', away);
      document.removeEventListener('focusin', away);
    };
  }, [open]);
  if (!replies.length) return null;
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  return (
    <div class="saved-replies" onKeyDown={(e) => e.key === 'Escape' && open && (e.preventDefault(), close())}>
      <button
        ref={button}
        type="button"
        class="btn btn-small"
        data-testid="saved-replies-menu"
        aria-expanded={open}
        aria-controls="saved-replies-items"
        disabled={busy}
        aria-label={t('saved_replies_title')}
        title={t('saved_replies_title')}
        onClick={() => setOpen(!open)}
      >
        {t('saved_replies_short')} ▾
      </button>
      {open && (
        <div ref={box} id="saved-replies-items" class="menu-items menu-up" role="group" aria-label={t('saved_replies_title')}>
          {replies.map((r) => (
            <button
              key={r.id}
              type="button"
              class="menu-item"
              data-testid="saved-reply"
              data-id={r.id}
              onClick={() => {
                close();
                onChoose(r.id);
              }}
            >
              {r.title}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
