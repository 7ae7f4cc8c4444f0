import { useMemo } from 'preact/hooks';
import type { PageToolView } from '../../shared/protocol';
import { asTicket, prettyData, type ShownResult } from '../../shared/result-parts';
import { useTextParts, type KeptRest } from '../hooks/useResultParts';
import { t } from '../i18n';
import { TicketView } from './TicketView';
import { ShowMore } from './ShowMore';

/**
 * What a tool run gave: the error, a ticket, other data as JSON, or that a write was done. A big
 * read result came as its first part (`rest`); the rest is asked of the background for `tabId`.
 */
export function ToolResultView({ tool, result, tabId }: { tool: PageToolView; result: ShownResult; tabId?: number }) {
  if (!result.ok) {
    return (
      <div class="result result-error" data-testid="tool-result" role="alert">
        {result.error ?? t('result_failed')}
        {result.code && <span class="code"> ({result.code})</span>}
      </div>
    );
  }
  // A prepared send has its confirm card: a note here would outlive what the card says.
  if (tool.sideEffect === 'send') return null;
  const ticket = tool.name === 'ticket.read' ? asTicket(result.data) : null;
  const kept = result.rest && tabId !== undefined ? { tabId, rest: result.rest } : undefined;
  return (
    <div class="result" data-testid="tool-result">
      {ticket ? (
        <TicketView ticket={ticket} kept={kept} />
      ) : tool.sideEffect === 'write' || result.data === undefined ? (
        <p class="ok">{t(tool.sideEffect === 'write' ? 'result_written' : 'result_done')}</p>
      ) : (
        <DataView data={result.data} kept={kept} />
      )}
      {result.truncated && <p class="muted">{t('result_truncated')}</p>}
    </div>
  );
}

/** Other data as JSON: a big one shows its first part at once and the rest on demand. */
function DataView({ data, kept }: { data: unknown; kept: KeptRest | undefined }) {
  const text = useMemo(() => prettyData(data), [data]);
  const parts = useTextParts(text, kept);
  return (
    <>
      <pre>{parts.next ? `${parts.shown}…` : parts.shown}</pre>
      <ShowMore left={parts.left} lost={parts.lost} onMore={parts.more} />
    </>
  );
}
