import { Window } from 'happy-dom';
import { describe, expect, it } from 'vitest';
import { buildTeachRecipe, cleanAddress, ticketPaths } from '../../../src/background/teach/teach-recipe';
import { readTicket, shownTicket } from '../../../src/sites/recipes/recipe-read';
import { choiceFor } from '../../../src/sites/teach/teach-choices';
import { isStableClass, isStableId, selectorFor } from '../../../src/sites/teach/teach-selectors';
import type { MessageChoice, PartChoice, TeachChoices } from '../../../src/shared/teach';
import { fixturePages } from '../../e2e/harness/fixture-pages';

const ORIGIN = 'http://127.0.0.1:4599';
const ticket = {
  id: 6,
  subject: 'Invoice address is wrong',
  requester: { name: 'Ines Duarte', email: 'ines@example.org' },
  messages: [
    { author: 'Ines Duarte', role: 'customer' as const, time: '2026-11-28T08:00:00Z', body: 'My last invoice shows my old address.\nCan you correct it?' },
    { author: 'Sam Lee', role: 'agent' as const, time: '2026-11-28T10:30:00Z', body: 'Thanks Ines, I have asked billing.' },
    { author: 'Priya Shah', role: 'agent' as const, time: '2026-11-29T09:00:00Z', body: 'Billing here: updated.' },
    { author: 'Sam Lee', role: 'agent' as const, time: '2026-11-29T09:05:00Z', body: 'Do you need the invoice again?' },
  ],
};

function load(html: string, path: string): Document {
  const window = new Window({ url: ORIGIN + path, settings: { disableJavaScriptEvaluation: true } });
  window.document.write(html);
  return window.document as unknown as Document;
}

/** The agent's clicks on the cards helpdesk, as teach mode turns them into choices. */
function teachCards() {
  const view = load(fixturePages.cards!.view(ticket), '/cards/tickets/6');
  const reply = load(fixturePages.cards!.reply(ticket), '/cards/tickets/6/reply');
  const pick = (doc: Document, step: Parameters<typeof choiceFor>[0], selector: string, messages: string | null = null) => {
    const found = choiceFor(step, doc.querySelector(selector)!, messages);
    if (!found.ok) throw new Error(found.reason);
    return found.choice;
  };
  const message = pick(view, 'message', '#c-102 .msg-body p') as MessageChoice;
  const choices: TeachChoices = {
    message,
    body: pick(view, 'body', '#c-103 .msg-body p', message.messages) as PartChoice,
    author: pick(view, 'author', '#c-101 .msg-author', message.messages) as PartChoice,
    editor: pick(reply, 'editor', '.editor-area') as TeachChoices['editor'],
    send: pick(reply, 'send', 'button[data-action]') as TeachChoices['send'],
  };
  return { view, reply, choices };
}

describe('teach mode: from clicks to a recipe', () => {
  it('generalises one message to the thread, finds roles, subject and requester', () => {
    const { choices } = teachCards();
    expect(choices.message).toMatchObject({ messages: 'div.msg-card', count: 4, customers: 1, subject: 'h1.ticket-title', requesterEmail: 'span.requester-mail', requesterName: 'span.requester-name' });
    expect(choices.message!.role).toEqual({ attribute: 'data-author-type', customer: { values: ['end_user'] }, agent: { values: ['agent'] }, otherwise: 'agent' });
    expect(choices.body).toMatchObject({ selector: 'div.msg-body', count: 4, of: 4 });
    expect(choices.author).toMatchObject({ selector: 'span.msg-author', count: 4, sample: ['Ines Duarte', 'Sam Lee', 'Priya Shah'] });
    expect(choices.editor).toEqual({ editor: 'div[aria-label="Reply text"]', kind: 'contenteditable' });
    expect(choices.send).toMatchObject({ submit: 'button[data-action="post-reply"]', label: 'Send reply' });
  });

  it('builds a valid recipe whose ticket.read returns the thread, on its own site only', () => {
    const { view, choices } = teachCards();
    const built = buildTeachRecipe({ site: ORIGIN, ticketUrl: '/cards/tickets/6', editorUrl: '/cards/tickets/6/reply', choices, open: 'a.reply-link' });
    if (!built.ok) throw new Error(built.error);
    expect(built.recipe.reply).toEqual({ page: '/cards/tickets/{key}/reply', editor: 'div[aria-label="Reply text"]', editorKind: 'contenteditable', submit: 'button[data-action="post-reply"]', afterPost: 'reload' });
    const shown = shownTicket(built.recipe)(new URL(`${ORIGIN}/cards/tickets/6`), view);
    expect(shown).toEqual({ key: '6', label: '#6' });
    expect(shownTicket(built.recipe)(new URL(`${ORIGIN}/cards/tickets/6/reply`), view)?.key).toBe('6');
    expect(shownTicket(built.recipe)(new URL(`http://127.0.0.1:4600/cards/tickets/6`), view)).toBeNull();
    const read = readTicket(built.recipe, view, '#6');
    expect(read.subject).toBe('Invoice address is wrong');
    expect(read.requester).toEqual({ name: 'Ines Duarte', email: 'ines@example.org' });
    expect(read.messages.map((m) => [m.author, m.role])).toEqual([
      ['Ines Duarte', 'customer'],
      ['Sam Lee', 'agent'],
      ['Priya Shah', 'agent'],
      ['Sam Lee', 'agent'],
    ]);
    expect(read.messages[0]!.body).toBe('My last invoice shows my old address.\nCan you correct it?');
    expect(JSON.stringify(built.recipe)).not.toMatch(/css-|sc-|c-10\d|nth-child|sideEffect|grade/);
  });

  it('keeps the ticket key as the one group, wherever it is', () => {
    expect(ticketPaths('/cards/tickets/6', '/cards/tickets/6/reply')).toEqual({ path: '^(?:\\/cards\\/tickets\\/)(\\d+)(?:|\\/reply)/?(?:\\?.*)?$', page: '/cards/tickets/{key}/reply' });
    const q = ticketPaths('/scp/tickets.php?id=42', null)!;
    expect(new RegExp(q.path).exec('/scp/tickets.php?id=42')?.[1]).toBe('42');
    const other = ticketPaths('/t/42', '/compose?ticket=42')!;
    expect(other.page).toBe('/compose?ticket={key}');
    expect(new RegExp(other.path).exec('/compose?ticket=42')?.[1]).toBe('42');
    expect(new RegExp(other.path).exec('/t/42')?.[1]).toBe('42');
  });

  it('learns addresses without the record ids and one-off values of the page they were learned on', () => {
    // Request Tracker: the thread's page after a post carries a results token, and a message's Reply link the message it quotes.
    const rt = ticketPaths('/Ticket/Display.html?id=2&results=0b3653562e78f87bc556a3ea856e3d1e', '/Ticket/Update.html?id=2&QuoteTransaction=95&Action=Respond')!;
    expect(rt.page).toBe('/Ticket/Update.html?id={key}&Action=Respond');
    for (const url of ['/Ticket/Display.html?id=7', '/Ticket/Update.html?id=7&Action=Respond', '/Ticket/Display.html?id=7&results=1234abcd5678ef90'])
      expect(new RegExp(rt.path).exec(url)?.[1], url).toBe('7');
    expect(cleanAddress('/t/42/reply?quote=17&mode=full&session=Zm9vYmFyYmF6cXV4cXV1eF9sb25n', '42')).toBe('/t/42/reply?mode=full');
    expect(cleanAddress('/tickets.php?id=42&tab=reply', '42')).toBe('/tickets.php?id=42&tab=reply');
    expect(ticketPaths('/t/42?page=3', '/t/42/reply?quote=17')?.page).toBe('/t/{key}/reply');
  });

  it('rejects generated class names, record ids and long structural chains', () => {
    for (const c of ['css-1x2y3z', 'sc-abc123', 'sc-kEqXSa', 'Button_root__x7Yz2', 'jss12', 'ember123', 'is-active', 'item-3']) expect(isStableClass(c), c).toBe(false);
    for (const c of ['msg-card', 'ticket-title', 'reply', 'msg__body']) expect(isStableClass(c), c).toBe(true);
    expect(isStableId('c-101')).toBe(false);
    expect(isStableId('ember812')).toBe(false);
    expect(isStableId('compose')).toBe(true);
    const doc = load('<div class="css-1x2y3z"><div class="sc-abc123"><span>a</span><span>b</span></div></div>', '/');
    const selector = selectorFor(doc.querySelectorAll('span')[1]!);
    expect(selector === null || (selector.match(/nth-/g) ?? []).length <= 1).toBe(true);
    expect(selector ?? '').not.toMatch(/css-|sc-/);
  });
});
