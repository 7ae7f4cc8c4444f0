import { useEffect, useRef } from 'preact/hooks';
import type { OutboundTurn } from '../../shared/outbound';
import { formatTime } from '../format';
import { t } from '../i18n';

interface Props {
  turns: OutboundTurn[] | null;
  error: string | null;
  onClose(): void;
}

/**
 * "Sent to model", in place of the conversation: per turn, each request body exactly as it went
 * to the model (after masking) and what came back, so an agent or an auditor can check it
 * without a proxy.
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
      {error && <p class="error small" role="alert">{error}</p>}
      {turns?.length === 0 && <p class="muted small">{t('outbound_empty')}</p>}
      {/* Keyed by sequence, not time: two turns can start in one millisecond. */}
      {[...(turns ?? [])].reverse().map((turn, i) => (
        <details key={turn.seq ?? `kept-${i}`} class="outbound-turn" data-testid="outbound-turn" open={turn === turns?.at(-1)}>
          <summary>{t('outbound_turn', [formatTime(turn.at), String(turn.exchanges.length)])}</summary>
          {turn.exchanges.map((x, i) => (
            <div key={i} class="outbound-exchange">
              <p class="small"><strong>{t('outbound_request', [String(i + 1)])}</strong>{x.cut.request > 0 && ` ${t('outbound_cut', [String(x.cut.request)])}`}</p>
              <pre class="outbound-body" data-testid="outbound-request">{x.request}</pre>
              <p class="small"><strong>{t('outbound_response')}</strong>{x.cut.response > 0 && ` ${t('outbound_cut', [String(x.cut.response)])}`}</p>
              <pre class="outbound-body" data-testid="outbound-response">{x.response}</pre>
            </div>
          ))}
        </details>
      ))}
    </section>
  );
}
