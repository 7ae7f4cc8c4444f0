import { useEffect, useRef, useState } from 'preact/hooks';
import { t } from '../i18n';

export interface MenuActions {
  /** "Sent to model" is shown. */
  outbound: boolean;
  onOutbound(): void;
  onNewChat(): void;
  onSettings(): void;
}

/**
 * What the agent needs now and then: what was sent to the model, a new chat, the settings, and
 * the keyboard shortcuts. A disclosure: the items follow the button in the tab order, Escape or
 * a click elsewhere closes it and the focus goes back to the button.
 */
export function HeaderMenu({ outbound, onOutbound, onNewChat, onSettings }: MenuActions) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const away = (e: Event) => {
      if (!box.current?.contains(e.target as Node) && !button.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', away);
    document.addEventListener('focusin', away);
    return () => {
      document.removeEventListener('pointerdown', away);
      document.removeEventListener('focusin', away);
    };
  }, [open]);
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  const choose = (act: () => void) => () => {
    close();
    act();
  };
  return (
    <div class="header-menu" onKeyDown={(e) => e.key === 'Escape' && open && (e.preventDefault(), close())}>
      <button
        ref={button}
        type="button"
        class="icon-btn menu-button"
        data-testid="header-menu"
        aria-expanded={open}
        aria-controls="header-menu-items"
        aria-label={t('menu_more')}
        title={t('menu_more')}
        onClick={() => setOpen(!open)}
      >
        ⋯
      </button>
      {open && (
        <div ref={box} id="header-menu-items" class="menu-items" data-testid="header-menu-items">
          <button type="button" class="menu-item" data-testid="outbound-toggle" aria-pressed={outbound} title={t('outbound_title')} onClick={choose(onOutbound)}>
            {t('outbound_button')}
          </button>
          <button type="button" class="menu-item" data-testid="chat-new" onClick={choose(onNewChat)}>
            {t('chat_new')}
          </button>
          <button type="button" class="menu-item" data-testid="open-options" onClick={choose(onSettings)}>
            {t('open_options')}
          </button>
          <p class="menu-note small muted" data-testid="menu-shortcuts">
            {t('chat_hint')}
          </p>
        </div>
      )}
    </div>
  );
}
