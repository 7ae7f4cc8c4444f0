import type { AgentEvent } from '../../core';
import type { ChatItem } from '../../shared/chat-items';
import type { NewAuditEntry } from '../storage/audit-log';

type Forbidden = Extract<AgentEvent, { type: 'forbidden_call' }>;
type DraftItem = Extract<ChatItem, { kind: 'draft' }>;

const GRADE_WORDS = { write: 'a write tool', send: 'a send tool', unknown: 'a tool that does not exist' } as const;

/** The audit line of a tool call the assistant was refused by grade: what it tried, where. */
export function forbiddenAttemptEntry(event: Forbidden, site: string | null, ticket: string | null): NewAuditEntry {
  return {
    kind: 'attempt',
    tool: event.tool,
    site: site ?? '',
    ticket,
    digest: null,
    confirmationId: null,
    detail: `The assistant called ${event.tool} (${GRADE_WORDS[event.grade]}), which it is not offered; refused, nothing ran. The ticket may contain instructions aimed at it.`,
  };
}

/** The audit line of the agent acknowledging the warning on a draft, with the draft as written. */
export function acknowledgeEntry(draft: DraftItem, site: string | null, ticket: string | null): NewAuditEntry {
  return {
    kind: 'acknowledge',
    tool: 'reply.propose',
    site: site ?? '',
    ticket,
    digest: null,
    confirmationId: null,
    body: draft.body,
    detail: `The agent acknowledged that this draft was written while the assistant tried to use ${(draft.warned ?? []).join(', ')}.`,
  };
}
