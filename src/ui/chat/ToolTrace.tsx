import type { ChatItem } from '../../shared/chat-items';
import { t } from '../i18n';
import { traceText } from '../trace-text';

type ToolItem = Extract<ChatItem, { kind: 'tool' }>;

/**
 * One tool call of the assistant, as a line of the trace: what it did, in words, and how it went.
 * A finished call opens to the data it returned, as the assistant received it.
 */
export function ToolCall({ item }: { item: ToolItem }) {
  const text = traceText(item);
  const head = (
    <>
      <span class="trace-dot" role="img" aria-label={t(`tool_status_${item.status}`)} />
      <span class="trace-summary" data-testid="tool-call-text">{text}</span>
    </>
  );
  const props = { class: `trace trace-${item.status}`, 'data-testid': 'tool-call', 'data-tool': item.tool, 'data-status': item.status, title: text };
  if (item.raw === undefined) return <div {...props}>{head}</div>;
  return (
    <details {...props}>
      <summary class="trace-head">{head}</summary>
      <div class="trace-data">
        <p class="muted small">
          {t('trace_data_label')} · <code>{item.tool}</code>
        </p>
        <pre data-testid="tool-call-data">{item.raw}</pre>
      </div>
    </details>
  );
}
