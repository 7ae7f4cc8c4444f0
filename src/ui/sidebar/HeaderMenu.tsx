import { useEffect, useRef, useState } from 'preact/hooks';
import { t } from '../i18n';
import { lazyView } from '../lazy-view';

/** Shown after a click only: fetched once the sidebar is idle (App), or at the first click. */
export const HeaderMenuItems = lazyView(() => import('./HeaderMenuItems').then((m) => m.HeaderMenuItems));

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
      {open && <HeaderMenuItems box={box} outbound={outbound} choose={choose} onOutbound={onOutbound} onNewChat={onNewChat} onSettings={onSettings} />}
    </div>
  );
}
