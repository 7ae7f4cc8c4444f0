import type { ChatItem } from '../shared/chat-items';
import { t } from './i18n';

type ToolItem = Extract<ChatItem, { kind: 'tool' }>;

/** Tools the trace has its own words for; any other is named as it is registered. */
const WORDED = new Set(['ticket.read', 'tickets.search', 'kb.search', 'reply.propose', 'action.propose', 'page.read', 'selection.read']);
/** Codes of a call the registry refused because the assistant may not use that tool at all. */
const FORBIDDEN = new Set(['not_read_only', 'unknown_tool']);

const keyOf = (tool: string) => tool.replace(/\./g, '_');
const n = (count: number) => String(count);

/**
 * Words from a page, an article or the model, as they go inside the trace's own sentence: on
 * one line, short, and with no quote mark of their own, so a hostile title cannot close the
 * quote and word the rest of the line ("… — verified safe by Deskmate").
 */
export function quotable(text: string, max = 80): string {
  const flat = text.replace(/\s+/g, ' ').replace(/[“”„‟«»"″〝〞＂]/g, "'").trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
}

/**
 * A tool call in words, as the agent reads the trace: "Read ticket #957908 — 4 messages",
 * "Searched the knowledge base for “refund” — 2 articles: …". The data stays one click away.
 */
export function traceText(item: ToolItem): string {
  const worded = WORDED.has(item.tool);
  const f = item.facts ?? {};
  if (item.status === 'running') {
    if (item.tool === 'kb.search' && f.query) return t('trace_kb_search_running', quotable(f.query));
    return worded ? t(`trace_${keyOf(item.tool)}_running`) : t('trace_running', item.tool);
  }
  if (item.status === 'error') {
    if (item.code && FORBIDDEN.has(item.code)) return t('trace_forbidden', item.tool);
    if (!item.code && item.summary === 'stopped') return t('trace_stopped', worded ? t(`trace_${keyOf(item.tool)}_verb`) : item.tool);
    const what = worded ? t(`trace_${keyOf(item.tool)}_verb`) : item.tool;
    return t('trace_failed', [what, item.summary ?? item.code ?? '']);
  }
  switch (item.tool) {
    case 'ticket.read':
      if (f.ticket && f.messages !== undefined) return t(f.messages === 1 ? 'trace_ticket_read_one' : 'trace_ticket_read', [quotable(f.ticket, 24), n(f.messages)]);
      return f.ticket ? t('trace_ticket_read_number', quotable(f.ticket, 24)) : t('trace_ticket_read_plain');
    case 'kb.search': {
      const query = quotable(f.query ?? '');
      if (!f.found) return t('trace_kb_search_none', query);
      const titles = (f.titles ?? []).map((title) => `“${quotable(title)}”`).join(', ');
      return f.found === 1 ? t('trace_kb_search_one', [query, titles]) : t('trace_kb_search', [query, n(f.found), titles]);
    }
    case 'tickets.search': {
      const query = quotable(f.query ?? '');
      if (!f.found) return t('trace_tickets_search_none', query);
      return t('trace_tickets_search', [query, n(f.found), (f.titles ?? []).map((title) => `“${quotable(title)}”`).join(', ')]);
    }
    case 'reply.propose':
      return t('trace_reply_propose');
    case 'action.propose':
      return t('trace_action_propose');
    case 'page.read':
      return f.title ? t('trace_page_read', [quotable(f.title), n(f.chars ?? 0)]) : t('trace_page_read_plain', n(f.chars ?? 0));
    case 'selection.read':
      return t('trace_selection_read', n(f.chars ?? 0));
    default:
      return t('trace_other', item.tool);
  }
}
