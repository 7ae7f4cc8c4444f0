import { describe, expect, it } from 'vitest';
import { MAX_TICKET_CONTEXT, withInstructions } from '../../src/core';

describe('withInstructions', () => {
  it('adds the team instructions and the ticket context after the system prompt, each saying whose words they are', () => {
    const system = withInstructions('You are Deskmate.', { team: 'Sign as Northwind Support.', ticket: 'VIP customer.' });
    expect(system).toBe(
      "You are Deskmate.\nInstructions from the agent's team (the agent's own words; follow them):\nSign as Northwind Support.\nContext from the agent for this ticket (the agent's own words):\nVIP customer.",
    );
  });

  it('leaves the prompt as it is when there are none, and bounds what there is', () => {
    expect(withInstructions('S', {})).toBe('S');
    expect(withInstructions('S', { team: '  ', ticket: '' })).toBe('S');
    const long = withInstructions('S', { ticket: 'x'.repeat(MAX_TICKET_CONTEXT + 50) });
    expect(long.length).toBeLessThan(MAX_TICKET_CONTEXT + 100);
  });
});
