import { describe, expect, it } from 'vitest';
import { PAGE_TOOLS } from '../../src/shared/page-tools';
import type { PastTicketMatch } from '../../src/sites/past/search-results';

// Every request of a turn carries the read tools' descriptions: each says what the model needs to
// choose and call the tool, not what the result it gets back shows anyway.
describe('the page tools as the model reads them', () => {
  it("tickets.search says what its result cannot (closed tickets are searched, the tab's ticket left out), not the fields of a match", () => {
    const { description } = PAGE_TOOLS['tickets.search'];
    expect(description).toMatch(/closed ones too/);
    expect(description).toMatch(/the ticket in this tab is left out/);
    const match: Record<keyof PastTicketMatch, true> = { key: true, number: true, subject: true, status: true, requester: true, updated: true };
    for (const field of Object.keys(match)) expect(description).not.toMatch(new RegExp(`\\b${field}\\b`));
  });
});
