import type { ChatItem } from '../../shared/chat-items';
import { t } from '../i18n';

type ToolItem = Extract<ChatItem, { kind: 'tool' }>;

/** One tool call of the assistant, as a line of a trace: what it called, how it went, what came back. */
export function ToolCall({ item }: { item: ToolItem }) {
  const summary = item.summary ?? t('chat_tool_running');
  return (
    <div class={`trace trace-${item.status}`} data-testid="tool-call" data-tool={item.tool} data-status={item.status} title={summary}>
      <span class="trace-dot" role="img" aria-label={t(`tool_status_${item.status}`)} />
      <code class="trace-name">{item.tool}</code>
      <span class="trace-summary">{summary}</span>
    </div>
  );
}
