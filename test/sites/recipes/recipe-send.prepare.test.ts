import { afterEach, describe, expect, it } from 'vitest';
import { adapterFromRecipe } from '../../../src/sites/recipes/recipe';
import { closeDesks, DESK, deskPage, deskRecipe, msg, NOTE_FORM, openDesk, REPLY_FORM } from './send-desk';

/**
 * Send… through a recipe refuses, with a stable code and words the agent can act on, what it
 * cannot send: an empty text, a page with no ticket, no form to post from, no one to reply to,
 * no subject. What it prepares is exactly what the card shows: the recipient, the subject, the
 * text, and (for a form with status or owner fields) that the helpdesk may change them.
 */
afterEach(closeDesks);

const tools = (recipe = deskRecipe()) => {
  const { tools } = adapterFromRecipe(recipe);
  return { reply: tools['reply.send']!, note: tools['note.add']! };
};

async function prepare(tool: 'reply' | 'note', html: string, url?: string, recipe = deskRecipe(), body = 'It is fixed now.') {
  const tab = openDesk(html, url);
  return tools(recipe)[tool].prepare({ body }, tab.doc, tab.location);
}

describe('what Send… refuses to prepare', () => {
  it('an empty reply or note', async () => {
    expect(await prepare('reply', deskPage(), undefined, undefined, '  \n ')).toEqual({ ok: false, code: 'invalid_input', error: 'The reply is empty.' });
    expect(await prepare('note', deskPage(), undefined, undefined, '')).toEqual({ ok: false, code: 'invalid_input', error: 'The note is empty.' });
  });

  it('a page that shows no ticket', async () => {
    expect(await prepare('reply', deskPage(), `${DESK}/inbox`)).toEqual({ ok: false, code: 'no_ticket', error: 'This page shows no ticket. Open the ticket before sending a reply.' });
    expect(await prepare('note', deskPage(), `${DESK}/inbox`)).toEqual({ ok: false, code: 'no_ticket', error: 'This page shows no ticket. Open the ticket before adding a note.' });
  });

  it('a ticket page with no reply form, nor the control the recipe says opens one', async () => {
    const recipe = deskRecipe(DESK, { reply: { open: 'button.open-reply' } });
    expect(await prepare('reply', deskPage({ forms: NOTE_FORM }), undefined, recipe)).toEqual({
      ok: false, code: 'no_reply_form', error: 'This ticket page has no reply form, so nothing can be sent from it.',
    });
    // With the control that opens it, the form counts as there: prepare clicks nothing to find out.
    const withOpener = await prepare('reply', deskPage({ forms: `${NOTE_FORM}<button class="open-reply">Reply</button>` }), undefined, recipe);
    expect(withOpener).toMatchObject({ ok: true, data: { body: 'It is fixed now.' } });
  });

  it('a ticket page with no note box, nor the control that opens one', async () => {
    const recipe = deskRecipe(DESK, { note: { open: 'button.open-note' } });
    expect(await prepare('note', deskPage({ forms: REPLY_FORM }), undefined, recipe)).toEqual({ ok: false, code: 'no_note_form', error: 'This ticket page has no internal note box.' });
    expect(await prepare('note', deskPage({ forms: `${REPLY_FORM}<button class="open-note">Note</button>` }), undefined, recipe)).toMatchObject({ ok: true });
  });

  it('a ticket whose page shows no requester email, or no subject', async () => {
    const noEmail = deskPage({ head: '<h1 class="subject">Printer offline</h1><p class="from"><span class="name">Liam Chen</span></p>' });
    expect(await prepare('reply', noEmail)).toEqual({ ok: false, code: 'no_recipient', error: 'The page shows no requester email to reply to.' });
    const noSubject = deskPage({ head: '<h1 class="subject"> </h1><p class="from"><span class="email">liam@example.com</span></p>' });
    expect(await prepare('reply', noSubject)).toEqual({ ok: false, code: 'no_subject', error: 'The page shows no subject for this ticket.' });
    // A note goes to no one outside: it needs neither.
    expect(await prepare('note', noSubject)).toMatchObject({ ok: true, data: { recipient: '', subject: '' } });
  });
});

describe('what Send… prepares', () => {
  it('a reply to the requester, with the helpdesk’s status field said on the card', async () => {
    const form = '<form class="reply"><select name="ticket_status"><option>open</option></select><textarea name="body"></textarea><button type="button">Post</button></form>';
    expect(await prepare('reply', deskPage({ forms: form + NOTE_FORM }))).toEqual({
      ok: true,
      data: { site: DESK, ticket: '#3', recipient: 'Liam Chen <liam@example.com>', subject: 'Re: Printer offline', body: 'It is fixed now.', effects: [{ kind: 'may_change' }] },
    });
  });

  it('a note to no one outside, with the owner field of its form said on the card, and what its box holds', async () => {
    const form = '<form class="note"><input type="hidden" name="assign_to" value="7"><textarea name="note">Half a thought</textarea><button type="button">Add note</button></form>';
    expect(await prepare('note', deskPage({ thread: msg('customer', 'It stopped.'), forms: REPLY_FORM + form }))).toEqual({
      ok: true,
      data: { site: DESK, ticket: '#3', recipient: '', subject: '', body: 'It is fixed now.', effects: [{ kind: 'may_change' }], replaces: 'Half a thought' },
    });
  });
});
