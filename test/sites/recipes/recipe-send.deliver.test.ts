import { afterEach, describe, expect, it, vi } from 'vitest';
import { adapterFromRecipe } from '../../../src/sites/recipes/recipe';
import { closeDesks, DESK, deskPage, deskRecipe, msg, NOTE_FORM, notePayload, openDesk, REPLY_FORM, replyPayload } from './send-desk';

/**
 * Confirm through a recipe clicks the helpdesk's control only when everything the card promised
 * still holds, and otherwise sends nothing and says why in words the agent can act on: the tab
 * shows another ticket, the page has no form, the form posts to another site, the page is busy
 * posting, the agent typed in the box since, the editor or its form field did not take the text.
 */
afterEach(() => {
  vi.useRealTimers();
  return closeDesks();
});

/** Delivers on fake time, so a wait the page never ends (the editor's, the mirror's) passes at once. */
async function onFakeTime<T>(deliver: () => Promise<T>): Promise<T> {
  vi.useFakeTimers();
  const delivered = deliver();
  await vi.advanceTimersByTimeAsync(20_000);
  return delivered;
}

const send = (recipe = deskRecipe()) => adapterFromRecipe(recipe).tools['reply.send']!;
const note = (recipe = deskRecipe()) => adapterFromRecipe(recipe).tools['note.add']!;
const BODY = 'It is fixed now.';

describe('what Confirm refuses before any click', () => {
  it('a page that no longer shows the ticket of the card', async () => {
    const tab = openDesk(deskPage());
    const result = await send().deliver({ ...replyPayload(BODY), ticket: '#9' }, tab.doc, tab.location);
    expect(result).toEqual({ ok: false, code: 'scope_changed', error: `The page no longer shows ticket #9 on ${DESK}; nothing was sent.` });
    expect(tab.clicks).toEqual([]);
  });

  it('a page with no reply form, or no note box, named by their selectors', async () => {
    const noReply = openDesk(deskPage({ forms: NOTE_FORM }));
    expect(await send().deliver(replyPayload(BODY), noReply.doc, noReply.location)).toEqual({
      ok: false, code: 'no_reply_form', error: 'This page shows no reply box (form.reply textarea) and posting control (form.reply button); nothing was sent.',
    });
    const noNote = openDesk(deskPage({ forms: REPLY_FORM }));
    expect(await note().deliver(notePayload(BODY), noNote.doc, noNote.location)).toEqual({
      ok: false, code: 'no_note_form', error: 'This page shows no note box (form.note textarea) and posting control (form.note button); nothing was sent.',
    });
    expect([...noReply.clicks, ...noNote.clicks]).toEqual([]);
  });

  it('a posting control whose form sends the text to another site', async () => {
    const tab = openDesk(deskPage({ forms: `<form class="reply" action="https://collector.example/in"><textarea name="body"></textarea><button type="button">Post</button></form>` }));
    expect(await send().deliver(replyPayload(BODY), tab.doc, tab.location)).toEqual({
      ok: false, code: 'invalid_recipe', error: "The recipe's posting control (form.reply button) sends its form to https://collector.example/in, not to this helpdesk; nothing was sent.",
    });
    expect(tab.clicks).toEqual([]);
    expect(tab.doc.querySelector('textarea')!.value).toBe('');
  });

  it('a page busy posting something else: its control is disabled', async () => {
    const busy = openDesk(deskPage({ forms: '<form class="reply"><textarea name="body"></textarea><button type="button" disabled> Post reply </button></form>' }));
    expect(await send().deliver(replyPayload(BODY), busy.doc, busy.location)).toEqual({
      ok: false, code: 'delivery_failed', error: 'The page is busy sending something else (its Post reply button is disabled); nothing was sent.',
    });
    const unnamed = openDesk(deskPage({ forms: '<form class="reply"><textarea name="body"></textarea><button type="button" disabled></button></form>' }));
    expect(await send().deliver(replyPayload(BODY), unnamed.doc, unnamed.location)).toMatchObject({
      error: 'The page is busy sending something else (its posting button is disabled); nothing was sent.',
    });
    expect(busy.doc.querySelector('textarea')!.value).toBe('');
  });

  it('a box the agent typed in since the card was shown: the text stays, nothing is posted', async () => {
    const tab = openDesk(deskPage());
    tab.doc.querySelector<HTMLTextAreaElement>('form.reply textarea')!.value = 'Dear Liam, I';
    const result = await send().deliver(replyPayload(BODY), tab.doc, tab.location);
    expect(result).toMatchObject({ ok: false, code: 'reply_box_changed' });
    expect(tab.doc.querySelector<HTMLTextAreaElement>('form.reply textarea')!.value).toBe('Dear Liam, I');
    expect(tab.clicks).toEqual([]);
  });

  it('an editor that does not keep the text', async () => {
    const tab = openDesk(deskPage());
    const box = tab.doc.querySelector<HTMLTextAreaElement>('form.note textarea')!;
    box.addEventListener('input', () => (box.value = box.value.toUpperCase()));
    expect(await onFakeTime(() => note().deliver(notePayload(BODY), tab.doc, tab.location))).toEqual({
      ok: false, code: 'delivery_failed', error: "The page's editor did not take the note text; nothing was sent.",
    });
    expect(tab.clicks).toEqual([]);
  });

  it('a form field the recipe says mirrors the editor, missing from the page', async () => {
    const tab = openDesk(deskPage());
    const recipe = deskRecipe(DESK, { reply: { mirror: 'form.reply input[name=body_html]' } });
    expect(await onFakeTime(() => send(recipe).deliver(replyPayload(BODY), tab.doc, tab.location))).toEqual({
      ok: false, code: 'delivery_failed', error: 'The page did not copy the reply from its editor into its form; nothing was sent.',
    });
    expect(tab.clicks).toEqual([]);
  });
});

describe('what Confirm posts', () => {
  it('an editor in an iframe, whose form field is filled only when the form is sent: posted once', async () => {
    // CKEditor 4's shape: the text is in the iframe's body; the form's field is empty until submit.
    const form = '<form class="reply"><iframe class="editor"></iframe><textarea name="body" hidden></textarea><button type="button">Post</button></form>';
    const tab = openDesk(deskPage({ forms: form + NOTE_FORM }), undefined, { reply: null, note: 'internal' });
    const frame = tab.doc.querySelector<HTMLIFrameElement>('iframe.editor')!;
    frame.contentDocument!.body.contentEditable = 'true';
    const posted: string[] = [];
    tab.doc.querySelector('form.reply button')!.addEventListener('click', () => {
      posted.push(frame.contentDocument!.body.textContent ?? '');
      tab.doc.querySelector('.thread')!.insertAdjacentHTML('beforeend', msg('agent', BODY));
    });
    const recipe = deskRecipe(DESK, { reply: { editor: 'form.reply iframe.editor', editorKind: 'iframe', mirror: 'form.reply textarea[name=body]' } });
    expect(await send(recipe).deliver(replyPayload(BODY), tab.doc, tab.location)).toEqual({ ok: true, data: { posted: true } });
    expect(posted).toEqual([BODY]);
  });

  it('a reply once, through the page, and a note once, each in its own form', async () => {
    const tab = openDesk(deskPage());
    expect(await send().deliver(replyPayload(BODY), tab.doc, tab.location)).toEqual({ ok: true, data: { posted: true } });
    expect(await note().deliver(notePayload('Called him: the tray was jammed.'), tab.doc, tab.location)).toEqual({ ok: true, data: { posted: true } });
    expect(tab.clicks).toEqual([BODY, 'Called him: the tray was jammed.']);
    expect([...tab.doc.querySelectorAll('.thread > .msg')].map((m) => `${m.getAttribute('data-role')}: ${m.textContent}`)).toEqual([
      'customer: It stopped.', `agent: ${BODY}`, 'internal: Called him: the tray was jammed.',
    ]);
  });
});
