/**
 * What a helpdesk does besides posting a reply or a note, as its form stands when the card is
 * prepared: FreeScout sets the status (Pending by default) and the assignee with every post,
 * osTicket sets the status chosen under the reply and gives an unassigned ticket to the agent
 * who replies. The card shows them and its digest covers them; deliver reads the form again
 * and sends nothing when it no longer says the same.
 */
export type PostEffect =
  /** The ticket's status becomes `to`, in the helpdesk's own word. */
  | { kind: 'status'; to: string }
  /** It is assigned to the agent who posts. */
  | { kind: 'assign_you' }
  /** It is assigned to `to`, someone else, by the name the helpdesk shows. */
  | { kind: 'assign'; to: string }
  /** Nobody is assigned any more. */
  | { kind: 'unassign' }
  /** osTicket's "claim on response": an unassigned ticket that stays open goes to the agent who replies. */
  | { kind: 'claim' }
  /** The form can change the ticket's status or owner, and a recipe cannot read what it will do. */
  | { kind: 'may_change' };

const MAX_NAME = 200;
const named = new Set(['status', 'assign']);
const bare = new Set(['assign_you', 'unassign', 'claim', 'may_change']);

/** A clean copy of a list of effects, or null when `value` is not exactly one. */
export function postEffectsOf(value: unknown): PostEffect[] | null {
  if (!Array.isArray(value) || value.length > 4) return null;
  const out: PostEffect[] = [];
  for (const item of value) {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) return null;
    const { kind, to, ...rest } = item as Record<string, unknown>;
    if (Object.keys(rest).length > 0 || typeof kind !== 'string') return null;
    if (named.has(kind) && typeof to === 'string' && to !== '' && to.length <= MAX_NAME) out.push({ kind, to } as PostEffect);
    else if (bare.has(kind) && to === undefined) out.push({ kind } as PostEffect);
    else return null;
  }
  return out;
}

export const sameEffects = (a: readonly PostEffect[], b: readonly PostEffect[]): boolean => JSON.stringify(a) === JSON.stringify(b);

/** The effects in English, for the adapters' own messages (the card has its translated words). */
export const effectsInWords = (effects: readonly PostEffect[]): string =>
  effects.length === 0
    ? 'nothing besides posting'
    : effects
        .map((e) =>
          e.kind === 'status' ? `set the status to ${e.to}` : e.kind === 'assign' ? `assign it to ${e.to}` : e.kind === 'assign_you' ? 'assign it to you' : e.kind === 'unassign' ? 'unassign it' : e.kind === 'may_change' ? 'maybe change its status or owner' : 'assign it to you (claim on response)',
        )
        .join('; ');
