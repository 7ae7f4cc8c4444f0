import type { LoadedPage } from '../sites/load-fixture';
import { fakeSummernote } from './fake-editors';

/**
 * Just enough of FreeScout's page script for the adapter's tests: the Reply and Note buttons
 * open the one editor form; Summernote mirrors; Send (or Add Note) checks the form, takes it
 * as FreeScout's AJAX call would send it (form.serialize()), and then does what it is told:
 * load the next page (what FreeScout always does on success), show an error, or add the
 * thread to this page.
 */
export type Answer = 'reload' | 'error' | 'live' | 'hang';

export interface FakeFreescout {
  /** Every form the page sent, field by field. */
  posts: Record<string, string>[];
  clicks: () => number;
  answer(next: Answer): void;
}

interface Options {
  /** Called instead of loading the next page, with what was sent. */
  onReload?: (post: Record<string, string>) => void;
  mirrorDelayMs?: number;
}

export function fakeFreescout(page: LoadedPage, options: Options = {}): FakeFreescout {
  const doc = page.document;
  const win = page.window;
  const $ = <T extends Element>(s: string) => doc.querySelector<T>(s)!;
  const block = $('.conv-reply-block');
  const editor = $<HTMLElement>('.form-reply .note-editable');
  const mirror = $<HTMLTextAreaElement>('.form-reply textarea#body');
  fakeSummernote(editor, mirror, options.mirrorDelayMs);
  const posts: Record<string, string>[] = [];
  let answer: Answer = 'reload';
  let clicks = 0;
  let busy = false;

  const open = (note: boolean) => {
    if (!block.classList.contains('hidden')) return;
    editor.replaceChildren(doc.createElement('div'));
    mirror.value = '';
    block.classList.remove('hidden');
    block.classList.toggle('conv-note-block', note);
    $<HTMLInputElement>('.form-reply input[name="is_note"]').value = note ? '1' : '';
    // As main.js does (showNoteForm, prepareReplyForm): the toolbar's defaults for the mode.
    const status = doc.querySelector<HTMLSelectElement>('.form-reply select[name="status"]');
    const user = doc.querySelector<HTMLSelectElement>('.form-reply select[name="user_id"]');
    if (status) status.value = status.getAttribute(note ? 'data-note-status' : 'data-reply-status') ?? status.value;
    const current = doc.querySelector('#conv-assignee .conv-user li.active a')?.getAttribute('data-user_id');
    const byDefault = user?.querySelector('option[data-default="true"]')?.getAttribute('value');
    if (user && (note ? current : byDefault)) user.value = (note ? current : byDefault)!;
  };
  $('#conv-layout-header .conv-reply').addEventListener('click', () => open(false));
  $('#conv-layout-header .conv-add-note').addEventListener('click', () => open(true));

  const submit = (event: Event) => {
    clicks++;
    if (busy) return;
    const button = event.currentTarget as HTMLButtonElement;
    if (!mirror.value.replace(/<[^>]*>|&nbsp;|\s/g, '')) {
      $('.form-reply .help-block').textContent = 'Please enter a message';
      return;
    }
    busy = true;
    button.disabled = true;
    const fields: Record<string, string> = {};
    for (const [key, value] of new win.FormData($<HTMLFormElement>('.form-reply') as never)) fields[key] = String(value);
    posts.push(fields);
    setTimeout(() => {
      if (answer === 'hang') return;
      if (answer === 'reload') return options.onReload?.(fields);
      if (answer === 'live') {
        const type = fields.is_note ? 'note' : 'message';
        $('#conv-layout-main').insertAdjacentHTML('afterbegin', newThread(307, type, fields.body ?? ''));
      } else {
        doc.body.insertAdjacentHTML('beforeend', '<div class="alert alert-danger alert-floating"><div><i class="glyphicon glyphicon-exclamation-sign"></i>Not enough permissions</div></div>');
      }
      busy = false;
      button.disabled = false;
    }, 50);
  };
  $('.form-reply .btn-send-text').addEventListener('click', submit);
  $('.form-reply .btn-add-note-text').addEventListener('click', submit);

  return { posts, clicks: () => clicks, answer: (next) => void (answer = next) };
}

/** A thread as FreeScout renders the signed-in agent's own post. */
export const newThread = (id: number, type: 'message' | 'note', html: string): string =>
  `<div class="thread thread-type-${type}" id="thread-${id}" data-thread_id="${id}"><div class="thread-message"><div class="thread-header">` +
  `<div class="thread-title"><div class="thread-person"><strong><a href="/users/profile/2">you</a></strong></div></div>` +
  `<div class="thread-info"><a href="#thread-${id}" class="thread-date" data-toggle="tooltip" title='Mar 18, 2025 11:00'>just now</a></div></div>` +
  `<div class="thread-body"><div class="thread-content" dir="auto">${html}</div></div></div></div>`;

/** The page loaded after a send: the same conversation, its thread grown, the tab's sessionStorage kept. */
export function reloaded(previous: LoadedPage, next: LoadedPage, thread?: string): LoadedPage {
  if (thread) next.document.querySelector('#conv-layout-main')!.insertAdjacentHTML('afterbegin', thread);
  const from = previous.window.sessionStorage;
  for (let i = 0; i < from.length; i++) next.window.sessionStorage.setItem(from.key(i)!, from.getItem(from.key(i)!)!);
  return next;
}
