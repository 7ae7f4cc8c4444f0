import type { AgentPlan, JsonSchema } from '../core';
import type { TicketData } from './ticket';

/**
 * Saved replies: the team's canned answers with variables, run as a fixed plan by the agent's
 * click (read the ticket, fill the template, put it in the reply box). The model plays no part.
 */
export interface SavedReply {
  id: string;
  title: string;
  body: string;
  /** The plan's tools in order; default read the ticket, then fill the reply box. */
  plan?: string[];
}

export interface SavedReplies {
  /** The agent's own name, for {{agent.name}}. */
  agentName: string;
  replies: SavedReply[];
}

export const DEFAULT_PLAN = ['ticket.read', 'reply.fill'] as const;
export const MAX_SAVED_REPLIES = 500;

export const VARIABLES = [
  'customer.name',
  'customer.first_name',
  'customer.last_name',
  'customer.email',
  'ticket.number',
  'ticket.subject',
  'agent.name',
  'agent.first_name',
] as const;
export type Variable = (typeof VARIABLES)[number];

const reply = {
  type: 'object',
  properties: {
    id: { type: 'string', pattern: '^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$' },
    title: { type: 'string', minLength: 1, maxLength: 120 },
    body: { type: 'string', minLength: 1, maxLength: 20_000 },
    // Tool names only; what each may do is the registry's to decide (a send is refused there).
    plan: { type: 'array', maxItems: 6, items: { type: 'string', minLength: 1, maxLength: 64 } },
  },
  required: ['id', 'title', 'body'],
  additionalProperties: false,
} as const satisfies JsonSchema;

/** A saved-replies file, as exported and imported on the options page. */
export const SAVED_REPLIES_SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    version: { type: 'integer', enum: [1] },
    agentName: { type: 'string', maxLength: 120 },
    replies: { type: 'array', maxItems: MAX_SAVED_REPLIES, items: reply },
  },
  required: ['version', 'replies'],
  additionalProperties: false,
};

const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The variables a template names that Deskmate does not know, in order, once each. */
export function unknownVariables(body: string): string[] {
  const known = new Set<string>(VARIABLES);
  return [...new Set([...body.matchAll(PLACEHOLDER)].map((m) => m[1]!).filter((name) => !known.has(name)))];
}

/** The values of the variables for a ticket as ticket.read returned it (null: not on the page). */
export function variableValues(ticket: Partial<TicketData> | null, agentName: string): Record<Variable, string | null> {
  const name = ticket?.requester?.name?.trim() || null;
  const parts = name?.split(/\s+/) ?? [];
  const agent = agentName.trim() || null;
  return {
    'customer.name': name,
    'customer.first_name': parts[0] ?? null,
    'customer.last_name': parts.length > 1 ? parts.at(-1)! : null,
    'customer.email': ticket?.requester?.email?.trim() || null,
    'ticket.number': ticket?.number?.trim() || null,
    'ticket.subject': ticket?.subject?.trim() || null,
    'agent.name': agent,
    'agent.first_name': agent?.split(/\s+/)[0] ?? null,
  };
}

export type Filled = { ok: true; text: string } | { ok: false; unknown: string[]; missing: string[] };

/**
 * The template with every variable filled in. Nothing is left as braces: a name Deskmate does not
 * know, or a value the ticket does not have, makes it fail and say which.
 */
export function fillTemplate(body: string, values: Record<Variable, string | null>): Filled {
  const unknown = unknownVariables(body);
  const missing = [...new Set([...body.matchAll(PLACEHOLDER)].map((m) => m[1]! as Variable).filter((v) => v in values && values[v] === null))];
  if (unknown.length || missing.length) return { ok: false, unknown, missing };
  return { ok: true, text: body.replace(PLACEHOLDER, (_, name: string) => values[name as Variable] ?? '') };
}

/**
 * The fixed plan of a saved reply: each of its tools in order; `ticket.read` gets no input, the
 * others the filled text, or `body` (the agent's edit of the preview) when given. The fill waits
 * for the read; an unfillable template skips it.
 */
export function savedReplyPlan(saved: SavedReply, agentName: string, onFilled: (filled: Filled) => void, body?: string): AgentPlan {
  const steps = planTools(saved).map((tool) =>
    tool === 'ticket.read'
      ? { tool, input: {} }
      : {
          tool,
          buildInput: ({ byTool }: { byTool: Record<string, { ok: boolean; data?: unknown } | undefined> }) => {
            const read = byTool['ticket.read'];
            const filled: Filled = body !== undefined ? { ok: true, text: body } : fillTemplate(saved.body, variableValues(read?.ok ? (read.data as TicketData) : null, agentName));
            onFilled(filled);
            return filled.ok ? { body: filled.text } : undefined;
          },
        },
  );
  return { name: `saved reply ${saved.id}`, steps };
}

/** The tools a saved reply's plan runs, in order. */
export const planTools = (saved: SavedReply): readonly string[] => (saved.plan?.length ? saved.plan : DEFAULT_PLAN);
