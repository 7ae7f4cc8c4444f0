import { useMemo } from 'preact/hooks';
import type { ToolResult } from '../../core';
import type { PageToolView } from '../../shared/protocol';
import { prettyData } from '../format';
import { t } from '../i18n';
import { asTicket, TicketView } from './TicketView';
import { ShowMore, shownPart, useShownChars } from './ShowMore';

/** What a tool run gave: the error, a ticket, other data as JSON, or that a write was done. */
export function ToolResultView({ tool, result }: { tool: PageToolView; result: ToolResult }) {
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
  return (
    <div class="result" data-testid="tool-result">
      {ticket ? (
        <TicketView ticket={ticket} />
      ) : tool.sideEffect === 'write' || result.data === undefined ? (
        <p class="ok">{t(tool.sideEffect === 'write' ? 'result_written' : 'result_done')}</p>
      ) : (
        <DataView data={result.data} />
      )}
      {result.truncated && <p class="muted">{t('result_truncated')}</p>}
    </div>
  );
}

/** Other data as JSON: a big one shows its first part at once and the rest on demand. */
function DataView({ data }: { data: unknown }) {
  const text = useMemo(() => prettyData(data), [data]);
  const [chars, more] = useShownChars();
  return (
    <>
      <pre>{shownPart(text, chars)}</pre>
      <ShowMore left={text.length - chars} onMore={more} />
    </>
  );
}
