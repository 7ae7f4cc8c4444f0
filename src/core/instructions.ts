/** What the agent tells the model in its own words: the team's rules and this ticket's context. */
export interface AgentInstructions {
  /** The team's standing instructions ("Sign as Northwind Support; …"). */
  team?: string;
  /** What the agent knows about this ticket that the page does not say. */
  ticket?: string;
}

export const MAX_TEAM_INSTRUCTIONS = 4000;
export const MAX_TICKET_CONTEXT = 2000;

const clean = (s: string | undefined, max: number): string =>
  typeof s === 'string' ? s.replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, ' ').trim().slice(0, max) : '';

/**
 * The system prompt with the agent's instructions after it, each under a heading that says
 * whose words they are. They come from the agent, so they are instructions, never fenced as
 * data; page text reaches the model only inside tool-result fences and cannot end up here.
 */
export function withInstructions(system: string, given: AgentInstructions): string {
  const team = clean(given.team, MAX_TEAM_INSTRUCTIONS);
  const ticket = clean(given.ticket, MAX_TICKET_CONTEXT);
  return [
    system,
    ...(team ? ["Instructions from the agent's team (the agent's own words; follow them):", team] : []),
    ...(ticket ? ['Context from the agent for this ticket (the agent\'s own words):', ticket] : []),
  ].join('\n');
}
