import type { TicketData } from '../../shared/ticket';
import { formatTime } from '../format';
import { useTicketParts, type KeptRest } from '../hooks/useResultParts';
import { t } from '../i18n';
import { ShowMore } from './ShowMore';

const when = (time: string | null) => {
  const ms = time ? Date.parse(time) : NaN;
  return Number.isNaN(ms) ? (time ?? '') : formatTime(ms);
};

/**
 * A ticket as plain text: page content is data, so nothing of it is rendered as HTML. A big one
 * shows its first part at once and the rest on demand, part by part; `kept`: the background
 * keeps it, and `ticket` holds its first part only.
 */
export function TicketView({ ticket, kept }: { ticket: TicketData; kept?: KeptRest }) {
  const { name, email } = ticket.requester ?? { name: null, email: null };
  const parts = useTicketParts(ticket.messages, kept);
  // The last message shown is cut when the next part starts inside it.
  const cut = parts.next !== null && parts.next.start > 0 ? parts.next.index : -1;
  return (
    <div class="ticket">
      <p class="ticket-head">
        <span class="chip">{ticket.number}</span> <strong>{ticket.subject}</strong>
      </p>
      <dl class="kv">
        {ticket.status && (
          <>
            <dt>{t('ticket_status')}</dt>
            <dd>{ticket.status}</dd>
          </>
        )}
        <dt>{t('ticket_requester')}</dt>
        <dd>{[name, email && `<${email}>`].filter(Boolean).join(' ') || '—'}</dd>
      </dl>
      <ol class="messages">
        {parts.shown.map((m, i) => (
          <li key={i} class={`message role-${m.role}`}>
            <div class="message-meta">
              <strong>{m.author}</strong> <span class="role">{t(`role_${m.role}`)}</span> <span class="muted">{when(m.time)}</span>
            </div>
            <div class="text">{i === cut ? `${m.body}…` : m.body}</div>
          </li>
        ))}
      </ol>
      <ShowMore left={parts.left} lost={parts.lost} onMore={parts.more} />
    </div>
  );
}
