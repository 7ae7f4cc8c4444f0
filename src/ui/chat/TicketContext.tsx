import { MAX_TICKET_CONTEXT } from '../../core/instructions';
import type { SaveState } from '../hooks/useInstructions';
import { t } from '../i18n';

interface Props {
  text: string;
  state: SaveState;
  onChange(text: string): void;
}

/** What the agent knows about this ticket, sent with every request of it as the agent's words. */
export function TicketContext({ text, state, onChange }: Props) {
  return (
    <details class="ticket-context" open={text.length > 0}>
      <summary>{t('ticket_context_title')}</summary>
      <textarea
        data-testid="ticket-context"
        data-state={state}
        rows={2}
        maxLength={MAX_TICKET_CONTEXT}
        aria-label={t('ticket_context_title')}
        placeholder={t('ticket_context_placeholder')}
        value={text}
        onInput={(e) => onChange(e.currentTarget.value)}
      />
    </details>
  );
}
