import { describe, expect, it } from 'vitest';
import { Window } from 'happy-dom';
import { countCopies } from '../../../src/sites/dom/delivery-check';
import { adapterFromRecipe } from '../../../src/sites/recipes/recipe';
import type { Recipe } from '../../../src/shared/recipe-check';

/**
 * "Check the ticket" and the look from the page loaded after a post count the copies of the sent
 * text in the role the send promised. On Request Tracker 5.0.3 a recipe cannot tell the agent's
 * correspondence from the customer's (same classes), so a hand-written recipe has no `role` and
 * reads every message as the customer's: there a reply is any message but a note, or the card
 * stays "outcome unknown" for ever. The page is Request Tracker's own markup (its history as
 * /Helpers/TicketHistory renders it, CKEditor's trailing `<p>&nbsp;</p>` included), with our text.
 */
const SITE = 'http://127.0.0.1:8083';
const SENT = 'Hi Tom,\n\nPlease try the reset link again; it is valid for 24 hours now.\n\nBest,\nAgent';

const entry = (id: number, userId: number, who: string, what: string, html: string) => `
<div class="transaction Ticket-transaction message odd" data-transaction-id="${id}">
  <div class="metadata">
    <span class="date">Fri&nbsp;Dec&nbsp;04&nbsp;19:57:05&nbsp;2026</span>
    <span class="description">
      <span class="user" data-user-id="${userId}"><a href="/User/Summary.html?id=${userId}">${who}</a></span> - ${what}
    </span>
  </div>
  <div class="content"><div class="messagebody">
<div class="message-stanza">${html}</div></div></div>
</div>
<div class="transaction Ticket-transaction other even" data-transaction-id="${id + 1}">
  <div class="metadata"><span class="description">Outgoing email recorded</span></div>
</div>`;

const REPLY_HTML = `<p>Hi Tom,<br>\n\n<br>\n\nPlease try the reset link again; it is valid for 24 hours now.<br>\n\n<br>\n\nBest,<br>\n\nAgent</p>\n\n\n<p>&nbsp;</p>\n\n\n`;

function rtPage(entries: string): { document: Document } {
  const window = new Window({ url: `${SITE}/Ticket/Display.html?id=2&results=0b3653562e78f87bc556a3ea856e3d1e` });
  window.document.write(`<div id="header"><h1>#2: Cannot log in after password reset</h1></div>
  <div class="form-row requestors"><div class="label col-3">Requestors:</div>
    <div class="value col-9"><span class="current-value"><span class="user" data-user-id="40"><a href="/User/Summary.html?id=40">Tom Becker &lt;tom.becker@example.org&gt;</a></span></span></div></div>
  <div id="delayed_ticket_history"><div class="history-container">${entries}</div></div>`);
  return { document: window.document as unknown as Document };
}

const recipe = (role?: Recipe['read']['role']): Recipe => ({
  format: 'deskmate-recipe',
  version: 1,
  site: SITE,
  title: 'Request Tracker',
  ticket: { path: '^/Ticket/(?:Display|Update)\\.html\\?(?:[^#]*&)?id=(\\d+)' },
  read: {
    subject: '#header h1', requesterEmail: '.requestors .current-value',
    messages: '.history-container .transaction.message', author: '.description .user', time: '.date', body: '.messagebody',
    ...(role ? { role } : {}),
  },
  reply: { page: '/Ticket/Update.html?Action=Respond&id={key}', editor: 'iframe.cke_wysiwyg_frame', editorKind: 'iframe', submit: 'input[name=SubmitTicket]', afterPost: 'reload' },
});

const query = (body: string, tool: 'reply.send' | 'note.add' = 'reply.send') => ({ tool, ticketKey: '2', ticketUrl: `${SITE}/Ticket/Display.html?id=2`, body });

describe("the delivery check on Request Tracker's history", () => {
  const customer = entry(56, 40, 'Tom Becker &lt;tom.becker@example.org&gt;', 'Ticket created', '<p>Hi support, I cannot log in.</p>');
  const reply = entry(95, 31, 'agent (Alex Agent)', 'Correspondence added', REPLY_HTML);

  it('finds the reply in a recipe without roles, where every message reads as the customer’s', async () => {
    const page = rtPage(customer + reply);
    const adapter = adapterFromRecipe(recipe());
    expect(await countCopies(adapter, page.document, query(SENT))).toEqual({ ok: true, data: { count: 1 } });
    // The same text twice is two copies; another text is none.
    expect(await countCopies(adapterFromRecipe(recipe()), rtPage(customer + reply + entry(98, 31, 'agent (Alex Agent)', 'Correspondence added', REPLY_HTML)).document, query(SENT))).toEqual({ ok: true, data: { count: 2 } });
    expect(await countCopies(adapter, page.document, query(`${SENT} Thanks.`))).toEqual({ ok: true, data: { count: 0 } });
  });

  it('still counts only the promised role where the recipe describes roles', async () => {
    // Roles from a rule: the agent's own user id marks their correspondence.
    const adapter = adapterFromRecipe(recipe({ agent: { selector: '.description .user[data-user-id="31"]' }, otherwise: 'customer' }));
    expect(await countCopies(adapter, rtPage(customer + reply).document, query(SENT))).toEqual({ ok: true, data: { count: 1 } });
    // The customer quoting the text back is not the reply arriving.
    const quoted = entry(95, 40, 'Tom Becker &lt;tom.becker@example.org&gt;', 'Correspondence added', REPLY_HTML);
    expect(await countCopies(adapter, rtPage(customer + quoted).document, query(SENT))).toEqual({ ok: true, data: { count: 0 } });
  });

  it('never counts a note in a recipe without roles: no message reads as internal there', async () => {
    expect(await countCopies(adapterFromRecipe(recipe()), rtPage(customer + reply).document, query(SENT, 'note.add'))).toEqual({ ok: true, data: { count: 0 } });
  });
});
