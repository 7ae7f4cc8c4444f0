import type { ChatMessage } from '../chat-model';
import type { Person } from './masker';

const TICKET_READ = 'ticket.read';
const FENCES = /<tool_result tool="[^"]*" untrusted="true">\n[\s\S]*?\n<\/tool_result>/g;
const FENCE = /^<tool_result tool="([^"]*)" untrusted="true">\n([\s\S]*)\n<\/tool_result>$/;

/** A fenced tool result taken apart again: the tool's label and the JSON value, or null. */
export function parseFenced(content: string): { tool: string; value: unknown } | null {
  const m = FENCE.exec(content);
  if (!m) return null;
  try {
    return { tool: m[1]!, value: JSON.parse(m[2]!) };
  } catch {
    return null;
  }
}

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);

/**
 * The people a ticket names in its own structured data (`ticket.read`'s shape): the requester
 * and the customers who wrote are CUSTOMER, every other author PERSON. The requester comes
 * first, so they are always [CUSTOMER_1].
 */
export function peopleOfTicket(data: unknown): Person[] {
  if (data === null || typeof data !== 'object') return [];
  const ticket = data as { requester?: { name?: unknown }; messages?: unknown };
  const people: Person[] = [];
  const add = (name: string | null, role: Person['role']) => {
    if (name && !people.some((p) => p.name === name)) people.push({ name, role });
  };
  add(str(ticket.requester?.name), 'CUSTOMER');
  for (const m of Array.isArray(ticket.messages) ? ticket.messages : []) {
    const message = m as { author?: unknown; role?: unknown };
    add(str(message.author), message.role === 'customer' ? 'CUSTOMER' : 'PERSON');
  }
  return people;
}

/** The people of every successful ticket.read result in a conversation, in order. */
export function peopleInMessages(messages: readonly ChatMessage[]): Person[] {
  const people: Person[] = [];
  for (const message of messages) {
    // Tool results, and reads handed over in the agent's turn when the model has no tools.
    const fences = message.role === 'tool' ? [message.content] : message.role === 'user' ? [...message.content.matchAll(FENCES)].map((m) => m[0]) : [];
    for (const fence of fences) {
      const fenced = parseFenced(fence);
      if (fenced?.tool !== TICKET_READ) continue;
      const result = fenced.value as { ok?: unknown; data?: unknown } | null;
      if (result?.ok === true) people.push(...peopleOfTicket(result.data));
    }
  }
  return people;
}
