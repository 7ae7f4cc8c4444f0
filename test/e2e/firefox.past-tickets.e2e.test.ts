import { ask, turnEnded, waitForChat } from './harness/chat';
import { showTab, theCard, waitIn } from './harness/deskmate';
import { describe, expect, firefoxTest } from './harness/firefox-fixtures';

const test = firefoxTest({ model: { chunkDelayMs: 1 } });

/**
 * Issue 25 on Firefox ESR (the sidebar page bound to the ticket's tab, as Firefox's own sidebar
 * cannot be driven from a test): on #1041 the draft follows the team's answer in #1012 and cites
 * it; an email copied from that past ticket is flagged on the confirm card.
 */
describe('firefox.past-tickets: past tickets of the demo helpdesk', () => {
  test('a draft for #1041 searches, reads two closed tickets and cites #1012', async ({ helpdesk, model, sidebar: { page, driver } }) => {
    await showTab(driver, 'Chat');
    await page.waitForSelector('[data-testid="chat-input"]');
    await ask(driver, 'What does the customer want? Draft a reply.');
    const view = await turnEnded(driver, 'the draft turn', { timeoutMs: 60_000 });
    expect(view.tools.map((t) => [t.tool, t.status])).toEqual([
      ['ticket.read', 'ok'],
      ['kb.search', 'ok'],
      ['tickets.search', 'ok'],
      ['ticket.read', 'ok'],
      ['ticket.read', 'ok'],
      ['reply.propose', 'ok'],
    ]);
    const draft = (await waitForChat(driver, (v) => v.drafts.length === 1, 'one draft')).drafts[0]!;
    expect(draft).toMatch(/^Hi Maria,/);
    expect(draft).toContain('the second charge came from a double click on the checkout button, so only one order was placed.');
    expect(draft).not.toMatch(/Henrik|Dahl|389|\+46/);
    const chip = await waitIn(driver, () => {
      const el = document.querySelector('[data-testid="draft-source"][data-ticket-key]');
      return el ? { key: el.getAttribute('data-ticket-key'), href: el.getAttribute('href'), target: el.getAttribute('target') } : null;
    }, null, 'the past ticket chip');
    expect(chip).toEqual({ key: '112', href: `${helpdesk.url}/tickets/112`, target: '_blank' });
    expect(model.requests().length).toBe(5);
    expect(await helpdesk.sentLog()).toEqual([]);
  });

  test('the confirm card flags a customer email copied from the past ticket', async ({ helpdesk, model, sidebar: { page, driver } }) => {
    const body = 'Hi Maria,\n\nWe refunded the duplicate in full. A copy went to henrik.dahl@example.se.\n\nBest regards,';
    model.script([
      { toolCalls: [{ name: 'ticket__read', arguments: {} }, { name: 'tickets__search', arguments: { query: 'charged twice refund' } }] },
      { toolCalls: [{ name: 'ticket__read', arguments: { key: '112' } }] },
      { toolCalls: [{ name: 'reply__propose', arguments: { body, sources: ['ticket:112'] } }] },
      { text: 'Here is a draft.' },
    ]);
    await showTab(driver, 'Chat');
    await page.waitForSelector('[data-testid="chat-input"]');
    await ask(driver, 'What does the customer want? Draft a reply.');
    await turnEnded(driver, 'the turn', { timeoutMs: 60_000 });
    await waitForChat(driver, (v) => v.drafts.length === 1, 'the draft');
    await driver.click('[data-testid="draft-send"]');
    await theCard(driver, ['pending']);
    await waitIn(driver, () => document.querySelector('[data-testid="confirm-review"]')?.getAttribute('data-state') === 'ready', null, 'the list under the body');
    const items = await driver.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('[data-testid="review-item"]')].map((li) => [li.dataset.kind, li.querySelector('.review-value')?.textContent, li.dataset.foreign]),
    null);
    expect(items).toEqual([['email', 'henrik.dahl@example.se', 'true']]);
    expect(await driver.evaluate(() => document.querySelector('[data-testid="review-foreign-warning"]')?.textContent ?? '', null)).toMatch(/^1 of these appear only in another customer's ticket/);
    expect(await helpdesk.sentLog()).toEqual([]);
  });
});
