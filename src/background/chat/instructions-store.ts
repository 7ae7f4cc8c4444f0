import { MAX_TEAM_INSTRUCTIONS, MAX_TICKET_CONTEXT, type AgentInstructions } from '../../core/instructions';
import { teamInstructionsUnderPolicy } from '../../shared/policy-merge';
import { managedPolicy } from '../access/policy';
import { defineItem } from '../storage/stored-item';

/** Contexts kept; the oldest go first. */
const MAX_TICKETS = 500;

/** A ticket is known by its site and its key together: the same number on two sites is two tickets. */
export const ticketId = (origin: string, ticketKey: string): string => `${origin} ${ticketKey}`;

/**
 * `seq` orders the contexts (larger is newer): the clock cannot, since two contexts can be saved
 * in one millisecond and the clock can go back. `at` only says when; contexts kept before `seq`
 * existed count as oldest.
 */
type TicketContexts = Record<string, { text: string; at: number; seq?: number }>;
const seqOf = (context: { seq?: number }): number => context.seq ?? 0;

// In the background's vault with the other settings: no content script reads or changes them.
// Kept in memory: every turn reads both before its first request.
const teamItem = defineItem<string>({ key: 'instructions.team', version: 1, fallback: () => '', kept: true });
const ticketsItem = defineItem<TicketContexts>({ key: 'instructions.tickets', version: 1, fallback: () => ({}), kept: true });

/** The team's instructions and each ticket's context. */
export const instructionsStore = {
  /** The team's instructions in force: the organisation's policy, else what the agent wrote. */
  team: async (): Promise<string> => teamInstructionsUnderPolicy(await teamItem.get(), await managedPolicy.get()).slice(0, MAX_TEAM_INSTRUCTIONS),
  setTeam: (text: string): Promise<void> => teamItem.set(text.slice(0, MAX_TEAM_INSTRUCTIONS)),
  async ticket(id: string): Promise<string> {
    return (await ticketsItem.get())[id]?.text ?? '';
  },
  setTicket(id: string, text: string): Promise<void> {
    return ticketsItem.update((all) => {
      const next = { ...all };
      delete next[id];
      if (text.trim()) {
        const seq = Math.max(0, ...Object.values(all).map(seqOf)) + 1;
        next[id] = { text: text.slice(0, MAX_TICKET_CONTEXT), at: Date.now(), seq };
      }
      const kept = Object.entries(next).sort((a, b) => seqOf(b[1]) - seqOf(a[1])).slice(0, MAX_TICKETS);
      return { value: Object.fromEntries(kept), result: undefined };
    });
  },
  /** Reads both into memory (at the worker's start, so that its first turn need not). */
  warm: (): Promise<unknown> => Promise.all([teamItem.get(), ticketsItem.get()]),
  /** What goes with every request of this ticket. */
  async forTicket(origin: string | null, ticketKey: string | null): Promise<AgentInstructions> {
    // Both read at once: a turn waits for them before its first request.
    const [team, ticket] = await Promise.all([instructionsStore.team(), origin && ticketKey ? instructionsStore.ticket(ticketId(origin, ticketKey)) : '']);
    return { team, ticket };
  },
};
