import { toWireName } from '../../core/wire-names';
import type { ChatMessage } from '../../core';
import { chatStore, conversationKey } from '../chat/chat-store';
import type { KbStore } from '../kb/kb-store';
import type { Handlers } from '../router';
import type { Services } from '../services';
import { loadPersonalData } from '../model/personal-data';

type ReviewHandlers = Pick<Handlers, 'confirm.review'>;

/** The page tools whose results are the ticket (or page) as the helpdesk shows it. */
const PAGE_READS = new Set(['ticket.read', 'page.read', 'selection.read'].map(toWireName));

/**
 * What the confirm card cannot see: every link, address and number of a prepared body, marked
 * by where it was seen. Computed here from what only the background holds (the stored record,
 * the conversation with its ticket reads, the knowledge base), never from what a page says.
 */
export function reviewHandlers(s: Services, kb: KbStore): ReviewHandlers {
  return {
    async 'confirm.review'({ id }) {
      const record = await s.store.get(id);
      const body = (record?.payload as { body?: unknown } | undefined)?.body;
      if (!record || typeof body !== 'string') return null;
      const { tabId, scope, ticketKey } = record.ctx as { tabId?: number; scope?: string | null; ticketKey?: string | null };
      const conversation = tabId === undefined ? undefined : await chatStore.get(conversationKey(tabId, scope ?? null, ticketKey ?? null));
      const history = conversation?.history ?? [];
      const [articles, { module, checks }] = await Promise.all([kb.list(), loadPersonalData()]);
      const reads = pageReads(history);
      const items = module.reviewContacts(body, {
        ticket: reads.own,
        other: reads.other,
        otherPeople: reads.other.flatMap((content) => module.peopleOfTicket(ticketData(content)).filter((p) => p.role === 'CUSTOMER').map((p) => p.name)),
        kb: articles.map((a) => `${a.title}\n${a.body}`),
        typed: history.flatMap((m) => (m.role === 'user' ? [m.content] : [])),
        assistant: [
          ...history.flatMap((m) => (m.role === 'assistant' ? [m.content ?? '', ...(m.tool_calls ?? []).flatMap((c) => stringsIn(c.arguments))] : [])),
          // A draft's earlier versions the agent did not edit are the model's words too.
          ...(conversation?.items ?? []).flatMap((i) =>
            i.kind === 'draft' ? [i.body, ...(i.history ?? []).flatMap((v) => (v.edited ? [] : [v.text]))] : i.kind === 'assistant' ? [i.text] : [],
          ),
        ],
      }, checks);
      return { items };
    },
  };
}

/**
 * The results of the page-read calls in a history: the open ticket's (and page's), and other
 * tickets' (`ticket.read` with a key), which are other customers'.
 */
function pageReads(history: ChatMessage[]): { own: string[]; other: string[] } {
  const calls = new Map<string, boolean>();
  for (const m of history) {
    if (m.role !== 'assistant') continue;
    for (const c of m.tool_calls ?? []) if (PAGE_READS.has(c.name)) calls.set(c.id, c.name === TICKET_READ && hasKey(c.arguments));
  }
  const own: string[] = [];
  const other: string[] = [];
  for (const m of history) {
    if (m.role === 'tool' && calls.has(m.tool_call_id)) (calls.get(m.tool_call_id) ? other : own).push(m.content);
  }
  return { own, other };
}

const TICKET_READ = toWireName('ticket.read');

function hasKey(json: string): boolean {
  try {
    return (JSON.parse(json) as { key?: unknown } | null)?.key !== undefined;
  } catch {
    return false;
  }
}

/** The ticket in a fenced ticket.read result, or null. */
function ticketData(content: string): unknown {
  const json = /^<tool_result[^>]*>\n([\s\S]*)\n<\/tool_result>$/.exec(content)?.[1];
  try {
    return json ? (JSON.parse(json) as { data?: unknown }).data ?? null : null;
  } catch {
    return null;
  }
}

/** The strings of a tool call's JSON arguments (a draft's body unescaped), or the raw text. */
function stringsIn(json: string): string[] {
  const out: string[] = [];
  const walk = (v: unknown): void => {
    if (typeof v === 'string') out.push(v);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  try {
    walk(JSON.parse(json));
  } catch {
    out.push(json);
  }
  return out;
}
