import { useEffect, useRef } from 'preact/hooks';
import type { OutboundExchange, OutboundTurn } from '../../shared/outbound';
import { formatTime } from '../format';
import { t } from '../i18n';
import { traceFacts } from '../../core/trace-facts';
import { newMessages, readRequest, readResponse, type ReadRequest, type SentMessage } from '../outbound-text';
import { traceText } from '../trace-text';

interface Props {
  turns: OutboundTurn[] | null;
  error: string | null;
  onClose(): void;
}

/** How much of one message shows before "…": the raw exchange below holds all of it. */
const SHOWN_CHARS = 600;

/**
 * "Sent to model", in place of the conversation: per turn, what each request carried and what
 * came back, in words; each request body exactly as it went to the model (after masking) and
 * the raw answer one click away, so an agent or an auditor can check it without a proxy.
 */
export function OutboundView({ turns, error, onClose }: Props) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section class="outbound-view" data-testid="outbound-view" aria-labelledby="outbound-title">
      <div class="section-head">
        <h2 id="outbound-title" ref={heading} tabIndex={-1}>
          {t('outbound_button')}
        </h2>
        <button type="button" class="btn btn-small" data-testid="outbound-close" onClick={onClose}>
          {t('outbound_back')}
        </button>
      </div>
      <p class="muted small">{t('outbound_line')}</p>
      {error && (
        <p class="error small" role="alert">
          {error}
        </p>
      )}
      {turns?.length === 0 && <p class="muted small">{t('outbound_empty')}</p>}
      {/* Keyed by sequence, not time: two turns can start in one millisecond. */}
      {[...(turns ?? [])].reverse().map((turn, i) => (
        <details key={turn.seq ?? `kept-${i}`} class="outbound-turn" data-testid="outbound-turn" open={turn === turns?.at(-1)}>
          <summary>{t('outbound_turn', [formatTime(turn.at), String(turn.exchanges.length)])}</summary>
          {turn.exchanges.map((x, i) => (
            <Exchange key={i} n={i + 1} exchange={x} before={i > 0 ? readRequest(turn.exchanges[i - 1]!.request) : null} />
          ))}
        </details>
      ))}
    </section>
  );
}

function Exchange({ n, exchange: x, before }: { n: number; exchange: OutboundExchange; before: ReadRequest | null }) {
  const request = readRequest(x.request);
  const answer = readResponse(x.response);
  return (
    <div class="outbound-exchange">
      <p class="small">
        <strong>{t('outbound_request_words', String(n))}</strong>
      </p>
      {request ? (
        <ul class="outbound-sent" data-testid="outbound-sent">
          {/* After the first request, the assistant's message is what came back last time: said there already. */}
          {newMessages(request, before).filter((m) => !before || m.role !== 'assistant').map((m, i) => (
            <Sent key={i} message={m} />
          ))}
          {!before && request.tools.length > 0 && <li class="muted small">{t('outbound_tools', request.tools.join(', '))}</li>}
        </ul>
      ) : (
        <p class="muted small">{t('outbound_unreadable')}</p>
      )}
      <p class="small outbound-answer" data-testid="outbound-answer">
        <strong>{t('outbound_response')}:</strong>{' '}
        {answer.status !== null
          ? t('outbound_refused', [String(answer.status), answer.text])
          : [answer.text.trim() && clip(answer.text.trim()), answer.calls.length > 0 && t('outbound_asked', answer.calls.join(', '))].filter(Boolean).join(' ')}
      </p>
      <details class="outbound-raw">
        <summary class="small">{t('outbound_raw')}</summary>
        <p class="small">
          <strong>{t('outbound_request', [String(n)])}</strong>
          {x.cut.request > 0 && ` ${t('outbound_cut', [String(x.cut.request)])}`}
        </p>
        <pre class="outbound-body" data-testid="outbound-request">{x.request}</pre>
        <p class="small">
          <strong>{t('outbound_response')}</strong>
          {x.cut.response > 0 && ` ${t('outbound_cut', [String(x.cut.response)])}`}
        </p>
        <pre class="outbound-body" data-testid="outbound-response">{x.response}</pre>
      </details>
    </div>
  );
}

/** One message as the agent reads it: who it is from, its text (cut) or a tool's result in the trace's words, the tools it asked for. */
function Sent({ message }: { message: SentMessage }) {
  const r = message.result;
  const text = r
    ? traceText({ id: '', kind: 'tool', callId: '', tool: r.tool, status: r.value.ok ? 'ok' : 'error', ...(r.value.ok ? {} : { code: r.value.code, summary: r.value.error }), facts: traceFacts(r.args, r.value) })
    : message.text.trim();
  return (
    <li class={`outbound-msg outbound-${message.role}`}>
      <span class="outbound-role">{t(`outbound_role_${message.role}`)}</span>
      {text && <span class="text"> {clip(text)}</span>}
      {message.calls.length > 0 && <span class="muted"> {t('outbound_asked', message.calls.join(', '))}</span>}
    </li>
  );
}

const clip = (text: string): string =>
  text.length <= SHOWN_CHARS ? text : `${text.slice(0, SHOWN_CHARS)}… ${t('outbound_more', (text.length - SHOWN_CHARS).toLocaleString())}`;
