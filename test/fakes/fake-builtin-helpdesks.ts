import { builtinThreadItem, type Helpdesk } from '../e2e/harness/builtin-pages';
import { htmlToStoredText } from '../e2e/harness/fixture-helpdesk';
import type { LoadedPage } from '../sites/load-fixture';
import { installEditCommands } from './fake-edit-command';
import { fakeCkeditor5, fakeFroala } from './fake-editors';

/**
 * The page scripts and server of the built-in recipes' fixture helpdesks (the saved pages of
 * test/e2e/harness/builtin-pages.ts, whose scripts do not run here), each posting from where
 * its helpdesk takes the reply:
 * - Zammad reads its contenteditable box when Update is clicked;
 * - Zendesk posts CKEditor 5's model, which takes only the browser's own edits;
 * - Freshdesk posts the textarea Froala mirrors its editor into, a while after each change;
 * - Help Scout reads its editor, which Reply shows.
 * A post lands in `posts` as the text the helpdesk stores, and the thread shows it shortly after.
 */
export interface FakeBuiltinHelpdesk {
  posts: { ticketId: number; text: string }[];
  /** Clicks on the posting control. */
  clicks: () => number;
}

const REFRESH_MS = 50;

export function fakeBuiltinHelpdesk(helpdesk: Helpdesk, page: LoadedPage, options: { mirrorDelayMs?: number } = {}): FakeBuiltinHelpdesk {
  const doc = page.document;
  installEditCommands(doc);
  const posts: FakeBuiltinHelpdesk['posts'] = [];
  let clicks = 0;
  const post = (ticketId: number, text: string, thread: Element, newestFirst = false) => {
    clicks++;
    const stored = text.trim();
    if (!stored) return; // every helpdesk refuses an empty reply
    posts.push({ ticketId, text: stored });
    setTimeout(() => {
      const index = thread.children.length;
      const item = builtinThreadItem(helpdesk, { author: 'Sam Lee', role: 'agent', time: '2026-12-01T10:00:00Z', body: stored }, index);
      thread.insertAdjacentHTML(newestFirst ? 'afterbegin' : 'beforeend', item);
    }, REFRESH_MS);
  };
  const on = (selector: string, act: (el: HTMLElement) => void) =>
    doc.addEventListener('click', (e) => {
      const el = (e.target as Element).closest<HTMLElement>(selector);
      if (el) act(el);
    });

  if (helpdesk === 'zammad') {
    on('.js-submit', (button) => {
      const task = button.closest<HTMLElement>('.content')!;
      const box = task.querySelector('.articleNewEdit-body')!;
      post(Number(task.dataset.ticket), htmlToStoredText(box.innerHTML), task.querySelector('.ticket-article')!);
      box.innerHTML = '';
    });
  } else if (helpdesk === 'zendesk') {
    const models = new Map([...doc.querySelectorAll<HTMLElement>('[data-test-id="omnicomposer-rich-text-ckeditor"]')].map((el) => [el, fakeCkeditor5(el)]));
    on('[data-test-id="submit_button-button"]', (button) => {
      const panel = button.closest<HTMLElement>('[data-ticket-id]')!;
      const model = models.get(panel.querySelector<HTMLElement>('[data-test-id="omnicomposer-rich-text-ckeditor"]')!)!;
      post(Number(panel.dataset.ticketId), model.data(), panel.querySelector('[data-test-id="omni-log-container"]')!);
      model.clear();
    });
  } else if (helpdesk === 'freshdesk') {
    const area = doc.getElementById('reply-area')!;
    on('button[aria-label="Reply"]', () => {
      if (area.querySelector('.fr-box')) return;
      area.innerHTML =
        '<div class="fr-box"><div class="fr-wrapper"><div class="fr-element fr-view" contenteditable="true"></div></div><textarea name="body" style="display:none"></textarea></div><button type="button" aria-label="Send">Send</button>';
      fakeFroala(area.querySelector<HTMLElement>('.fr-element')!, area.querySelector('textarea')!, options.mirrorDelayMs);
    });
    on('button[aria-label="Send"]', () => {
      post(5, htmlToStoredText(area.querySelector('textarea')!.value), doc.querySelector('.tickets-conversation-pane')!);
      area.innerHTML = '';
    });
  } else {
    const box = doc.querySelector<HTMLElement>('[data-cy="ConvoEditor"]')!;
    on('[data-cy="reply-button"]', () => (box.hidden = false));
    on('[data-cy="ConvoEditor"] button[aria-label="Send"]', () => {
      const editor = box.querySelector('[contenteditable]')!;
      post(5, htmlToStoredText(editor.innerHTML), doc.querySelector('ol[aria-label="Thread Items"]')!, true);
      editor.innerHTML = '';
      box.hidden = true;
    });
  }
  return { posts, clicks: () => clicks };
}
