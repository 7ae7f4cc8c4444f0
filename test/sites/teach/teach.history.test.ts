import { Window } from 'happy-dom';
import { describe, expect, it } from 'vitest';
import { buildTeachRecipe } from '../../../src/background/teach/teach-recipe';
import { readTicket } from '../../../src/sites/recipes/recipe-read';
import { choiceFor, type Seen } from '../../../src/sites/teach/teach-choices';
import type { MessageChoice, PartChoice, RoleChoice, TeachChoices } from '../../../src/shared/teach';
import { fixturePages, type FixtureTicket } from '../../e2e/harness/fixture-pages';

/**
 * Teach mode on the /history/ fixture (Request Tracker's shape): system events between the
 * messages, staff marked by a badge only, the requester as `Name <email>`.
 */
const ORIGIN = 'http://127.0.0.1:4599';
const ticket: FixtureTicket = {
  id: 7,
  subject: 'Invoice address is wrong',
  requester: { name: 'Ines Duarte', email: 'ines@example.org' },
  messages: [
    { author: 'Ines Duarte', role: 'customer', time: '2026-11-28T08:00:00Z', body: 'My last invoice shows my old address.\nCan you correct it?' },
    { author: 'Sam Lee', role: 'agent', time: '2026-11-28T10:30:00Z', body: 'Thanks Ines, I have asked billing.' },
    { author: 'Priya Shah', role: 'agent', time: '2026-11-29T09:00:00Z', body: 'Billing here: updated.' },
    { author: 'Sam Lee', role: 'agent', time: '2026-11-29T09:05:00Z', body: 'Do you need the invoice again?' },
  ],
};

export function historyPage(): Document {
  const window = new Window({ url: `${ORIGIN}/history/tickets/7`, settings: { disableJavaScriptEvaluation: true } });
  window.document.write(fixturePages.history!.view(ticket));
  return window.document as unknown as Document;
}

export function pick<T>(doc: Document, step: Parameters<typeof choiceFor>[0], selector: string, messages: string | null = null, seen?: Seen): T {
  const found = choiceFor(step, doc.querySelector(selector)!, messages, seen);
  if (!found.ok) throw new Error(found.reason);
  return found.choice as T;
}

describe('teach mode: a history of messages and system events', () => {
  it('counts only the entries with a body as messages, from the click on one message’s text', () => {
    const doc = historyPage();
    expect(doc.querySelectorAll('.transaction').length).toBe(7); // 4 messages, 3 events
    const message = pick<MessageChoice>(doc, 'message', '#txn-90 .messagebody');
    expect(message.count).toBe(4);
    expect([...doc.querySelectorAll(message.messages)].map((m) => m.id)).toEqual(['txn-90', 'txn-92', 'txn-94', 'txn-96']);
    const body = pick<PartChoice>(doc, 'body', '#txn-92 .messagebody', message.messages);
    expect(body).toMatchObject({ count: 4, of: 4 });
    const author = pick<PartChoice>(doc, 'author', '#txn-94 .who', message.messages);
    const choices: TeachChoices = { message, body, author };
    const built = buildTeachRecipe({ site: ORIGIN, ticketUrl: '/history/tickets/7', editorUrl: null, choices, open: null });
    if (!built.ok) throw new Error(built.error);
    const read = readTicket(built.recipe, doc, '#7');
    expect(read.messages.map((m) => m.author)).toEqual(['Ines Duarte', 'Sam Lee', 'Priya Shah', 'Sam Lee']);
    expect(read.messages.every((m) => m.body.length > 0)).toBe(true);
    expect(read.subject).toBe('Invoice address is wrong');
    expect(read.requester).toEqual({ name: 'Ines Duarte', email: 'ines@example.org' });
  });

  it('keeps every entry when each one has the part clicked (no narrowing without events)', () => {
    const doc = historyPage();
    for (const e of doc.querySelectorAll('.transaction.event')) e.remove();
    const message = pick<MessageChoice>(doc, 'message', '#txn-92 .messagebody');
    expect(message.count).toBe(4);
    expect(message.messages).not.toContain(':has');
  });

  it('learns the roles from a message the agent marks as the team’s: the badge, not a word in the markup', () => {
    const doc = historyPage();
    const message = pick<MessageChoice>(doc, 'message', '#txn-90 .messagebody');
    expect(message.role).toBeUndefined(); // no class or attribute names a role here
    const body = pick<PartChoice>(doc, 'body', '#txn-92 .messagebody', message.messages);
    const seen: Seen = { customer: doc.querySelector('#txn-90'), body: body.selector };
    const role = pick<RoleChoice>(doc, 'role', '#txn-92 .messagebody', message.messages, seen);
    expect(role).toEqual({ role: { agent: { selector: 'span.badge' }, otherwise: 'customer' }, count: 4, customers: 1 });
    const choices: TeachChoices = { message, body, author: pick<PartChoice>(doc, 'author', '#txn-94 .who', message.messages), role };
    const built = buildTeachRecipe({ site: ORIGIN, ticketUrl: '/history/tickets/7', editorUrl: null, choices, open: null });
    if (!built.ok) throw new Error(built.error);
    expect(readTicket(built.recipe, doc, '#7').messages.map((m) => m.role)).toEqual(['customer', 'agent', 'agent', 'agent']);
  });

  it('refuses the customer’s own message, and a rule only a body could give', () => {
    const doc = historyPage();
    const message = pick<MessageChoice>(doc, 'message', '#txn-90 .messagebody');
    const seen: Seen = { customer: doc.querySelector('#txn-90'), body: 'div.messagebody' };
    expect(choiceFor('role', doc.querySelector('#txn-90 .messagebody')!, message.messages, seen)).toEqual({ ok: false, reason: 'teach_role_same' });
    // Without the badge, only the text differs: a class a mail client left in a body says nothing of who wrote it.
    for (const badge of doc.querySelectorAll('.badge')) badge.remove();
    doc.querySelector('#txn-92 .messagebody')!.innerHTML = '<p class="MsoNormal">Thanks Ines, I have asked billing.</p>';
    expect(choiceFor('role', doc.querySelector('#txn-92 .messagebody')!, message.messages, seen)).toEqual({ ok: false, reason: 'teach_no_role_rule' });
    // Nor does a record's number (Request Tracker's data-transaction-id): it names one message, not a kind.
    doc.querySelectorAll('.transaction').forEach((t, i) => t.setAttribute('data-transaction-id', String(42 + i)));
    // Nor an anchor named after the record (Request Tracker's <a name="txn-47">).
    doc.querySelectorAll('.transaction .metadata').forEach((m, i) => m.insertAdjacentHTML('afterbegin', `<a name="txn-${42 + i}" href="#txn-${42 + i}">#</a>`));
    expect(choiceFor('role', doc.querySelector('#txn-92 .messagebody')!, message.messages, seen)).toEqual({ ok: false, reason: 'teach_no_role_rule' });
  });

  it('takes the thread’s first message for the customer’s when the page was reloaded since', () => {
    const doc = historyPage();
    const message = pick<MessageChoice>(doc, 'message', '#txn-90 .messagebody');
    const role = pick<RoleChoice>(doc, 'role', '#txn-96 .messagebody', message.messages, { customer: null, body: null });
    expect(role.role).toEqual({ agent: { selector: 'span.badge' }, otherwise: 'customer' });
  });

  it('refuses the page itself as the control that posts (a click where no control is)', () => {
    const doc = historyPage();
    expect(choiceFor('send', doc.documentElement, null)).toEqual({ ok: false, reason: 'teach_not_send' });
    expect(choiceFor('send', doc.body, null)).toEqual({ ok: false, reason: 'teach_not_send' });
    expect(choiceFor('send', doc.querySelector('a.menu-link')!, null)).toMatchObject({ ok: true, choice: { label: 'Reply' } });
  });
});
