import { Window } from 'happy-dom';
import { describe, expect, it } from 'vitest';
import { buildTeachRecipe } from '../../../src/background/teach/teach-recipe';
import { readTicket } from '../../../src/sites/recipes/recipe-read';
import { choiceFor } from '../../../src/sites/teach/teach-choices';
import type { MessageChoice, PartChoice } from '../../../src/shared/teach';

/**
 * Teach mode learns the requester where the page shows them only as `Name <address>` in one
 * element (Request Tracker's People box: "Requestors: Tom Becker <tom.becker@example.org>"),
 * so a taught recipe has someone to reply to and the card's To is the name and address once.
 * The page is Request Tracker's markup, with our text.
 */
const ORIGIN = 'http://127.0.0.1:8083';
const transaction = (id: number, who: string, what: string, text: string) => `
  <div class="transaction Ticket-transaction message odd" data-transaction-id="${id}">
    <div class="metadata"><span class="date">Fri Dec 04 12:38:07 2026</span>
      <span class="description"><span class="user" data-user-id="40"><a href="/User/Summary.html?id=40">${who}</a></span> - ${what}</span></div>
    <div class="content"><div class="messagebody"><div class="message-stanza"><p>${text}</p></div></div></div>
  </div>`;
const PAGE = `<div id="header"><h1>#2: Cannot log in after password reset</h1></div>
  <div class="ticket-info-people"><div class="form-row requestors"><div class="label col-3">Requestors:</div>
    <div class="value col-9"><span class="current-value"><span class="user" data-user-id="40"><a href="/User/Summary.html?id=40">Tom Becker &lt;tom.becker@example.org&gt;</a></span></span></div></div>
  <div class="form-row cc unset-field"><div class="label col-3">Cc:</div><div class="value col-9"><span class="current-value"></span></div></div></div>
  <div id="delayed_ticket_history"><div class="history-container">
    ${transaction(56, 'Tom Becker &lt;tom.becker@example.org&gt;', 'Ticket created', 'Hi support, I reset my password this morning but the login page keeps saying invalid credentials.')}
    ${transaction(95, 'Tom Becker &lt;tom.becker@example.org&gt;', 'Correspondence added', 'Still the same after a second reset link this afternoon, sorry to insist.')}
  </div></div>`;

describe('teach mode: the requester shown as Name <address>', () => {
  it('is learned from the one element outside the thread, and read back as a name and an address', () => {
    const window = new Window({ url: `${ORIGIN}/Ticket/Display.html?id=2`, settings: { disableJavaScriptEvaluation: true } });
    window.document.write(PAGE);
    const doc = window.document as unknown as Document;
    const message = choiceFor('message', doc.querySelector('[data-transaction-id="56"] .messagebody p')!, null);
    if (!message.ok) throw new Error(message.reason);
    const choice = message.choice as MessageChoice;
    expect(choice.requesterEmail).toBeDefined();
    const body = choiceFor('body', doc.querySelector('[data-transaction-id="95"] .messagebody p')!, choice.messages);
    if (!body.ok) throw new Error(body.reason);
    const built = buildTeachRecipe({ site: ORIGIN, ticketUrl: '/Ticket/Display.html?id=2', editorUrl: null, choices: { message: choice, body: body.choice as PartChoice }, open: null });
    if (!built.ok) throw new Error(built.error);
    const read = readTicket(built.recipe, doc, '#2');
    expect(read.requester).toEqual({ name: 'Tom Becker', email: 'tom.becker@example.org' });
    expect(read.messages).toHaveLength(2);
  });

  it('is learned where another person above it is shown alike (the owner), from the row that names it', () => {
    const window = new Window({ url: `${ORIGIN}/Ticket/Display.html?id=2`, settings: { disableJavaScriptEvaluation: true } });
    const owner = `<div class="ticket-info-basics"><div class="form-row owner"><div class="label col-3">Owner:</div><div class="value col-9"><span class="current-value"><span class="user" data-user-id="27"><a href="/User/Summary.html?id=27">agent (Alex Agent)</a></span></span></div></div></div>`;
    window.document.write(owner + PAGE);
    const doc = window.document as unknown as Document;
    const message = choiceFor('message', doc.querySelector('[data-transaction-id="56"] .messagebody p')!, null);
    if (!message.ok) throw new Error(message.reason);
    const choice = message.choice as MessageChoice;
    expect(choice.requesterEmail).toBe('div.form-row.requestors a');
    const body = choiceFor('body', doc.querySelector('[data-transaction-id="95"] .messagebody p')!, choice.messages);
    if (!body.ok) throw new Error(body.reason);
    const built = buildTeachRecipe({ site: ORIGIN, ticketUrl: '/Ticket/Display.html?id=2', editorUrl: null, choices: { message: choice, body: body.choice as PartChoice }, open: null });
    if (!built.ok) throw new Error(built.error);
    expect(readTicket(built.recipe, doc, '#2').requester).toEqual({ name: 'Tom Becker', email: 'tom.becker@example.org' });
  });
});
