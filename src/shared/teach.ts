import type { JsonSchema } from '../core';
import type { RecipeRoles } from './recipe-check';

/**
 * Teach mode: the agent points at a helpdesk's thread, reply box and posting control in a
 * picker overlay, and Deskmate builds a site recipe from those choices. The picker (content
 * script) reports choices: selectors and what they found. The background alone turns them
 * into a recipe, validates it like an imported one, and stores it when the agent clicks Save
 * in the sidebar. A page never supplies a recipe, and a recipe never carries a grade.
 */
export const TEACH_STEPS = ['message', 'body', 'author', 'role', 'editor', 'send'] as const;
export type TeachStep = (typeof TEACH_STEPS)[number];

/** One message of the thread, generalised to all of them, and the ticket's header. */
export interface MessageChoice {
  messages: string;
  count: number;
  customers: number;
  role?: RecipeRoles;
  time?: string;
  newestFirst?: boolean;
  subject: string;
  requesterName?: string;
  requesterEmail?: string;
}

/** A part inside each message (its body, its author): found in `count` of `of` messages. */
export interface PartChoice {
  selector: string;
  count: number;
  of: number;
  /** A few of the texts found, for the agent to recognise (page text: shown as plain text). */
  sample: string[];
}

/**
 * How the roles show, learned from a message the agent marks as the team's (the first one
 * picked being the customer's), when no class or attribute names them.
 */
export interface RoleChoice {
  role: RecipeRoles;
  count: number;
  customers: number;
}

/** The reply box, or (on the way to it) the control that opens it on this page. */
export type EditorChoice = { editor: string; kind: 'textarea' | 'contenteditable' | 'iframe' } | { open: string };

export interface SendChoice {
  submit: string;
  label: string;
  afterPost: 'thread' | 'reload';
}

export interface TeachChoices {
  message?: MessageChoice;
  body?: PartChoice;
  author?: PartChoice;
  role?: RoleChoice;
  editor?: Extract<EditorChoice, { editor: string }>;
  send?: SendChoice;
}

export type TeachChoice = MessageChoice | PartChoice | RoleChoice | EditorChoice | SendChoice;

/** Whether `step` has its answer: the roles step has one when the markup named the roles already. */
export const stepDone = (choices: TeachChoices, step: TeachStep): boolean => (step === 'role' ? !!(choices.role ?? choices.message?.role) : !!choices[step]);

/** What the sidebar shows of a teach session. */
export interface TeachView {
  site: string;
  /** The step being picked; null when every step has a choice. */
  step: TeachStep | null;
  choices: TeachChoices;
  /** The reply page's path, when the reply box was chosen on another page than the thread. */
  replyPage: string | null;
  /** Whether the choices make a valid recipe (message and body at least). */
  complete: boolean;
  /** Why they do not, when they do not. */
  problem: string | null;
}

const selector = { type: 'string', minLength: 1, maxLength: 300 } as const;
const count = { type: 'integer', minimum: 0, maximum: 100_000 } as const;
const label = { type: 'string', maxLength: 200 } as const;

/**
 * Every field a choice may carry; the handler checks that the step's own fields are there.
 * The role map is checked again as part of the recipe the background builds.
 */
export const TEACH_CHOICE_SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    messages: selector,
    count,
    customers: count,
    role: { type: 'object' },
    time: selector,
    newestFirst: { type: 'boolean' },
    subject: selector,
    requesterName: selector,
    requesterEmail: selector,
    selector,
    of: count,
    sample: { type: 'array', maxItems: 5, items: label },
    editor: selector,
    kind: { type: 'string', enum: ['textarea', 'contenteditable', 'iframe'] },
    open: selector,
    submit: selector,
    label,
    afterPost: { type: 'string', enum: ['thread', 'reload'] },
  },
  additionalProperties: false,
};

/** What a step found, in words (for the sidebar and the picker's bar); `t` is the i18n lookup. */
export function foundText(step: TeachStep, choices: TeachChoices, t: (key: string, subs?: string[]) => string): string | null {
  if (step === 'message' && choices.message) return t('teach_found_messages', [String(choices.message.count), String(choices.role?.customers ?? choices.message.customers)]);
  if (step === 'role' && (choices.role || choices.message?.role)) {
    const { count, customers } = choices.role ?? choices.message!;
    return t('teach_found_roles', [String(customers), String(count - customers)]);
  }
  const part = step === 'body' || step === 'author' ? choices[step] : undefined;
  if (part) return t('teach_found_part', [String(part.count), String(part.of), part.sample.join(' · ')]);
  if (step === 'editor' && choices.editor) return t(`teach_found_editor_${choices.editor.kind}`);
  if (step === 'send' && choices.send) return t('teach_found_send', [choices.send.label]);
  return null;
}
