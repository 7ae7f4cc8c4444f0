import type { JsonSchema } from '../core';
import { MAX_TEAM_INSTRUCTIONS, MAX_TICKET_CONTEXT } from '../core/instructions';

/**
 * A field the agent types into, named by what its text belongs to (not by the component that
 * shows it), so text typed for one draft or ticket reaches that one even if the sidebar has
 * moved on when it goes out.
 */
export type TypedField =
  /** A draft's text, in the conversation `key` of tab `tabId`. */
  | { kind: 'draft'; tabId: number; key: string; callId: string }
  /** The agent's context for one ticket of one site. */
  | { kind: 'ticketContext'; site: string; ticketKey: string }
  /** The chat box of the conversation `key`, not sent yet. */
  | { kind: 'question'; key: string }
  /**
   * The chat box of whichever conversation tab `tabId` shows, as the background knows it: text
   * typed before the sidebar had its conversation's key (a panel opened and closed at once).
   */
  | { kind: 'tabQuestion'; tabId: number }
  | { kind: 'teamInstructions' }
  /** The agent's name in saved replies. */
  | { kind: 'agentName' }
  /** The options page's new saved reply, not added yet. */
  | { kind: 'newSavedReply'; part: 'title' | 'body' };

/** The kinds whose text is kept only until it is used (sent, added): the background keeps it as typed. */
export type UnsentField = Extract<TypedField, { kind: 'question' | 'newSavedReply' }>;
export const isUnsent = (field: TypedField): field is UnsentField => field.kind === 'question' || field.kind === 'newSavedReply';

/** One string per field: equal fields, equal ids. */
export function fieldId(field: TypedField): string {
  switch (field.kind) {
    case 'draft':
      return `draft ${field.callId} ${field.key}`;
    case 'ticketContext':
      return `ticketContext ${field.site} ${field.ticketKey}`;
    case 'question':
      return `question ${field.key}`;
    case 'tabQuestion':
      return `tabQuestion ${field.tabId}`;
    case 'newSavedReply':
      return `newSavedReply ${field.part}`;
    default:
      return field.kind;
  }
}

/** Page -> background: the newest text of a field. `seq` counts the page's saves; the answer names it. */
export interface TypedSave {
  type: 'typed.save';
  seq: number;
  field: TypedField;
  text: string;
}

/** Background -> page, after the save was applied (or refused): on the port it came by, so after everything sent there before. */
export interface TypedSaved {
  type: 'typed.saved';
  seq: number;
  ok: boolean;
  error?: string;
}

export const MAX_TYPED = 20_000;
const key = { type: 'string', minLength: 1, maxLength: 2_048 } as const;

/** What each kind of field names besides its kind. */
const NAMES: Record<TypedField['kind'], readonly string[]> = {
  draft: ['tabId', 'key', 'callId'],
  ticketContext: ['site', 'ticketKey'],
  question: ['key'],
  tabQuestion: ['tabId'],
  teamInstructions: [],
  agentName: [],
  newSavedReply: ['part'],
};

export const TYPED_SAVE_SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    type: { type: 'string', enum: ['typed.save'] },
    seq: { type: 'integer', minimum: 0 },
    field: {
      type: 'object',
      properties: {
        kind: { type: 'string', enum: Object.keys(NAMES) },
        tabId: { type: 'integer', minimum: 0 },
        key,
        callId: { type: 'string', minLength: 1, maxLength: 256 },
        site: key,
        ticketKey: key,
        part: { type: 'string', enum: ['title', 'body'] },
      },
      required: ['kind'],
      additionalProperties: false,
    },
    text: { type: 'string', maxLength: MAX_TYPED },
  },
  required: ['type', 'seq', 'field', 'text'],
  additionalProperties: false,
};

/** A field whose text is kept only until it is used (`typed.unsent` asks for it). */
export const UNSENT_FIELD_SCHEMA = {
  type: 'object',
  properties: { kind: { type: 'string', enum: ['question', 'newSavedReply'] }, key, part: { type: 'string', enum: ['title', 'body'] } },
  required: ['kind'],
  additionalProperties: false,
} as const;

/** A field the schema let through names exactly what its kind needs (the schema checks each name's form). */
export function wholeField(field: { kind: TypedField['kind'] }): boolean {
  const names = NAMES[field.kind];
  const given = Object.keys(field).filter((name) => name !== 'kind');
  return given.length === names.length && names.every((name) => given.includes(name));
}

/** The most a field keeps; longer text is refused by the box itself (`maxLength`). */
export const TYPED_LIMITS: Record<TypedField['kind'], number> = {
  draft: MAX_TYPED,
  ticketContext: MAX_TICKET_CONTEXT,
  question: MAX_TYPED,
  tabQuestion: MAX_TYPED,
  teamInstructions: MAX_TEAM_INSTRUCTIONS,
  agentName: 120,
  newSavedReply: MAX_TYPED,
};
