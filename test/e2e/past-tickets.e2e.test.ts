import { ask, turnEnded, waitForChat } from './harness/chat';
import { chromiumTest, describe, expect } from './harness/fixtures';
import { waitIn } from './harness/deskmate';

const test = chromiumTest({ model: { chunkDelayMs: 1 } });

/** The draft card's citations: knowledge-base articles and past tickets, as the chips say. */
const chipsOf = (panel: Parameters<typeof waitIn>[0]) =>
  waitIn(
    panel,
    () => {
      const chips = [...document.querySelectorAll('[data-testid="draft-card"] [data-testid="draft-source"]')];
      return chips.length ? chips.map((c) => ({ kb: c.getAttribute('data-kb-id'), ticket: c.getAttribute('data-ticket-key'), href: c.getAttribute('href'), title: c.textContent })) : null;
    },
    null,
    'the draft\'s sources',
  );

/**
 * Issue 25's story on the demo, through the real side panel: the assistant searches the
 * helpdesk's past tickets with its own search, reads the closest ones, and drafts as the team
 * answered before, citing the ticket it followed; the chip opens that ticket.
 */
describe('past tickets: a draft for #1041 follows the team\'s answer to the same problem', () => {
  test('searches, reads two closed tickets, cites #1012 and opens it from the chip', async ({ chromium, helpdesk, model, panel }) => {
    await ask(panel, 'What does the customer want? Draft a reply.');
    const view = await turnEnded(panel, 'the draft turn', { timeoutMs: 60_000 });
    const draft = (await waitForChat(panel, (v) => v.drafts.length === 1, 'one draft')).drafts[0]!;
    expect(draft).toMatch(/^Hi Maria,/);
    // The team's answer in #1012, without anything of that customer.
    expect(draft).toContain('the second charge came from a double click on the checkout button, so only one order was placed.');
    expect(draft).toContain('Refunds reach your card within 3 to 5 business days.');
    expect(draft).not.toMatch(/Henrik|Dahl|389|\+46/);

    // The trace: the search in words, and the two past tickets read by key.
    const searched = view.tools.filter((t) => t.tool === 'tickets.search');
    expect(searched).toHaveLength(1);
    expect(searched[0]!.status).toBe('ok');
    const trace = await panel.evaluate(() => [...document.querySelectorAll('[data-testid="tool-call"]')].map((el) => el.textContent ?? ''));
    expect(trace.join('\n')).toContain('Searched past tickets for “charged twice refund duplicate”');
    expect(view.tools.filter((t) => t.tool === 'ticket.read')).toHaveLength(3);

    // What the model was sent: the helpdesk's own results, fenced as data.
    const requests = model.requests() as { messages: { role: string; content?: string }[] }[];
    const results = requests.at(-1)!.messages.filter((m) => m.role === 'tool').map((m) => m.content ?? '');
    expect(results.some((c) => c.startsWith('<tool_result tool="tickets.search" untrusted="true">') && /"key":\s*"112"/.test(c))).toBe(true);
    expect(results.some((c) => c.startsWith('<tool_result tool="ticket.read" untrusted="true">') && c.includes(`${helpdesk.url}/tickets/112`))).toBe(true);

    const chips = await chipsOf(panel);
    expect(chips).toEqual([
      { kb: 'northwind-support.md#1', ticket: null, href: null, title: 'Duplicate charge refund' },
      { kb: null, ticket: '112', href: `${helpdesk.url}/tickets/112`, title: '#1012 Charged twice for my order NW-19204' },
    ]);
    const opened = chromium.context.waitForEvent('page');
    await panel.click('[data-testid="draft-source"][data-ticket-key="112"]');
    const tab = await opened;
    await tab.waitForLoadState('domcontentloaded');
    expect(tab.url()).toBe(`${helpdesk.url}/tickets/112`);
    expect(await tab.textContent('.hd-ticket-subject')).toBe('Charged twice for my order NW-19204');
    await tab.close();
    expect(await helpdesk.sentLog()).toEqual([]);
  });
});
