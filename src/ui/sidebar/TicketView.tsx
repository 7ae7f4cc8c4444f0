import type { TicketData } from '../../shared/ticket';
import { formatTime } from '../format';
import { t } from '../i18n';
import { ShowMore, shownPart, useShownChars } from './ShowMore';

/** The data of `ticket.read`, when it has the ticket's shape; else null (shown as JSON). */
export function asTicket(data: unknown): TicketData | null {
  const d = data as Partial<TicketData> | null;
  return d && typeof d === 'object' && typeof d.subject === 'string' && Array.isArray(d.messages) ? (d as TicketData) : null;
}

const when = (time: string | null) => {
  const ms = time ? Date.parse(time) : NaN;
  return Number.isNaN(ms) ? (time ?? '') : formatTime(ms);
};

/**
 * A ticket as plain text: page content is data, so nothing of it is rendered as HTML. A big one
 * shows its first messages (SHOWN_AT_ONCE characters) at once and the rest on demand.
 */
export function TicketView({ ticket }: { ticket: TicketData }) {
  const { name, email } = ticket.requester ?? { name: null, email: null };
  const [chars, more] = useShownChars();
  let room = chars;
  let total = 0;
  const shown = [];
  for (const m of ticket.messages) {
    total += m.body.length;
    if (room > 0) shown.push({ ...m, body: shownPart(m.body, room) });
    room -= m.body.length;
  }
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
        {shown.map((m, i) => (
          <li key={i} class={`message role-${m.role}`}>
            <div class="message-meta">
              <strong>{m.author}</strong> <span class="role">{t(`role_${m.role}`)}</span> <span class="muted">{when(m.time)}</span>
            </div>
            <div class="text">{m.body}</div>
          </li>
        ))}
      </ol>
      <ShowMore left={total - chars} onMore={more} />
    </div>
  );
}
