import type { Ref } from 'preact';
import { t } from '../i18n';

interface Props {
  box: Ref<HTMLDivElement>;
  outbound: boolean;
  /** Closes the menu, then does what was chosen. */
  choose(act: () => void): () => void;
  onOutbound(): void;
  onNewChat(): void;
  onSettings(): void;
}

/** The header menu's items, shown once its button is clicked: in a chunk of their own. */
export function HeaderMenuItems({ box, outbound, choose, onOutbound, onNewChat, onSettings }: Props) {
  return (
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
  );
}
