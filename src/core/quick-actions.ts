/** One-click requests in the sidebar; each runs as an ordinary turn of the agent (read tools only). */
export type QuickAction = 'summarize' | 'draft' | 'translate' | 'shorter' | 'friendlier' | 'formal' | 'translate_draft' | 'note';

export const QUICK_ACTIONS: readonly QuickAction[] = ['summarize', 'draft', 'translate', 'shorter', 'friendlier', 'formal', 'translate_draft', 'note'];

/**
 * Actions that rewrite the ticket's draft, and so need one: they are offered on the draft card.
 * `translate` is not one: it translates the ticket for the agent; `translate_draft` translates
 * the agent's draft into the customer's language.
 */
export const REWRITES: ReadonlySet<QuickAction> = new Set(['shorter', 'friendlier', 'formal', 'translate_draft']);

const KEEP = 'Keep every fact, number and promise exactly as they are.';

const ASK: Record<QuickAction, string> = {
  summarize:
    'Quick action: summarize. Read the ticket and summarize it for a handover as four short lines: "Wants:" what the customer wants, "Tried:" what has been tried, "Promised:" what has been promised, "Next:" the next step.',
  draft: 'Quick action: draft. Read the ticket, search the knowledge base and draft a reply to the customer.',
  translate: "Quick action: translate. Read the ticket and translate its messages into the agent's language for the agent. This is for the agent to read: do not propose it as a draft.",
  translate_draft: `Quick action: translate_draft. Translate the current draft into the language the customer writes in (read the ticket to see it) and propose it as the draft. ${KEEP}`,
  shorter: `Quick action: shorter. Rewrite the current draft shorter and propose it as the draft. ${KEEP}`,
  friendlier: `Quick action: friendlier. Rewrite the current draft in a friendlier tone and propose it as the draft. ${KEEP}`,
  formal: `Quick action: formal. Rewrite the current draft in a more formal tone and propose it as the draft. ${KEEP}`,
  note: 'Quick action: note. Read the ticket and write an internal note for colleagues (not a reply to the customer): the situation, what was done, what is open.',
};

/**
 * The agent's request for an action. The current draft is the agent's own text (edited or
 * not), so it goes with the request as the agent's words.
 */
export function quickActionPrompt(action: QuickAction, draft?: string): string {
  if (REWRITES.has(action) && draft?.trim()) return `${ASK[action]}\nCurrent draft:\n"""\n${draft.trim()}\n"""`;
  return ASK[action];
}
