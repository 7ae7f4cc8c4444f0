/**
 * The closed vocabulary of `ok: false` results. Every code a tool, an adapter, the registry or
 * the glue reports is listed here once, so callers can switch on it and the type checker
 * refuses a code nobody handles. A result crossing a boundary (a content script's answer)
 * with a code not on the list becomes `tool_failed`.
 */
export const TOOL_ERROR_CODES = [
  // The registry's gates and input checks.
  'unknown_tool',
  'not_granted',
  'out_of_scope',
  'needs_confirmation',
  'not_read_only',
  'invalid_input',
  'invalid_arguments',
  'too_many_calls',
  // Running a tool.
  'timeout',
  'aborted',
  'tool_failed',
  'step_failed',
  // The confirm step.
  'not_found',
  'expired',
  'already_used',
  'cancelled',
  'digest_mismatch',
  'payload_tampered',
  'scope_changed',
  'outcome_unknown',
  'not_acknowledged',
  'draft_elsewhere',
  'unbound_send',
  // Pages and adapters.
  'tab_gone',
  'page_error',
  'empty_page',
  'no_selection',
  'no_ticket',
  'no_reply_form',
  'no_note_form',
  'no_recipient',
  'unsupported_text',
  'already_sent',
  'delivery_failed',
  // Posted, but the thread shows it as another kind than promised (a "note" the customer sees).
  'wrong_kind',
  'reply_box_changed',
  'no_focus',
  'fill_failed',
  'no_subject',
  'invalid_recipe',
  // Past tickets: the helpdesk answered with its sign-in page, not the page asked for.
  'signed_out',
  // Saved replies: a template variable with no value on the ticket.
  'unfilled',
  // Extension pages talking to the background.
  'forbidden',
  'invalid_message',
  'internal',
  'no_answer',
  'no_tab',
] as const;

export type ToolErrorCode = (typeof TOOL_ERROR_CODES)[number];

const KNOWN: ReadonlySet<string> = new Set(TOOL_ERROR_CODES);

export const isToolErrorCode = (code: unknown): code is ToolErrorCode => typeof code === 'string' && KNOWN.has(code);
