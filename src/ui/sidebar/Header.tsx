import type { ModelLabel } from '../../shared/chat-protocol';
import type { PageView } from '../../shared/protocol';
import { helpdeskName } from '../page-words';
import { t } from '../i18n';
import { HeaderMenu, type MenuActions } from './HeaderMenu';

/** Whether the model answered the last check: null until it is known. */
export type ModelState = 'answers' | 'silent' | null;

interface Props {
  page: PageView | null;
  model: ModelLabel | null;
  modelState: ModelState;
  /** Opens the options page at the model settings. */
  onModelSettings(): void;
  menu: MenuActions;
}

/**
 * One line: the ticket and the helpdesk, whether the model answers (its settings one click
 * away), and a menu for what is needed less often. Everything else belongs to the conversation.
 */
export function Header({ page, model, modelState, onModelSettings, menu }: Props) {
  const name = page && helpdeskName(page);
  return (
    <header class="header">
      {/* The page's one level-one heading: where Deskmate is working. */}
      <h1 class="header-title">
        {page?.ticket && (
          <span class="chip" title={t('header_ticket')}>
            {page.ticket.label}
          </span>
        )}
        {page ? (
          <span class="header-site" data-testid="header-site" title={page.origin}>
            {name ? <strong>{name}</strong> : page.origin}
            <span class="visually-hidden"> {page.origin}</span>
          </span>
        ) : (
          <span class="header-site">{t('extName')}</span>
        )}
      </h1>
      <ModelStatus model={model} state={modelState} onClick={onModelSettings} />
      <HeaderMenu {...menu} />
    </header>
  );
}

/** The model's name with a dot that says whether it answers; a click opens its settings. */
function ModelStatus({ model, state, onClick }: { model: ModelLabel | null; state: ModelState; onClick(): void }) {
  const said = t(state === 'answers' ? 'model_state_answers' : state === 'silent' ? 'model_state_silent' : 'model_state_checking');
  // Named by what it shows, then what a screen reader also needs: whether it answers, where it leads.
  return (
    <button type="button" class={`model-status model-${state ?? 'checking'}`} data-testid="chat-settings" data-state={state ?? 'checking'} title={t('model_status_title', [model?.demo ? t('chat_demo') : model?.name || '…', said])} onClick={onClick}>
      <span class="model-dot" aria-hidden="true" />
      <span class="model-name">{model?.name || '…'}</span>
      {model?.demo && (
        <span class="badge badge-demo" data-testid="demo-badge" title={t('chat_demo')}>
          {t('chat_demo_short')}
        </span>
      )}
      {model?.masked && (
        <span class="badge badge-masked" data-testid="masking-badge" title={t('chat_masked_hint')}>
          {t('chat_masked')}
        </span>
      )}
      <span class="visually-hidden">{t('model_status_more', said)}</span>
      <span class="model-gear" aria-hidden="true">
        ⚙
      </span>
    </button>
  );
}
