/** The pages of the fixture helpdesks (fixture-helpdesk.ts): plain HTML and the page's own script. */

export interface FixtureTicket {
  id: number;
  subject: string;
  requester: { name: string; email: string };
  messages: { author: string; role: 'customer' | 'agent'; time: string; body: string }[];
}

export interface FixtureShape {
  view(ticket: FixtureTicket): string;
  reply(ticket: FixtureTicket): string;
}

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title></head><body>${body}</body></html>`;

const thread = (t: FixtureTicket) =>
  t.messages
    .map(
      (m, i) =>
        `<article class="post" id="post-${i + 1}" data-role="${m.role}"><header><b class="who">${escape(m.author)}</b> <time datetime="${m.time}">${m.time}</time></header><div class="text" style="white-space:pre-wrap">${escape(m.body)}</div></article>`,
    )
    .join('');

const header = (t: FixtureTicket) =>
  `<h1 class="subject">${escape(t.subject)}</h1><p class="from"><span class="name">${escape(t.requester.name)}</span> &lt;<span class="email">${escape(t.requester.email)}</span>&gt;</p><p>Status: <span class="status">open</span></p>`;

/**
 * An editor of the CKEditor 4 / TinyMCE classic kind: the text lives in an iframe's editable
 * body, and the page copies it into a hidden textarea only when the form is submitted.
 */
const iframeEditorScript = `
const frame = document.getElementById('editor-frame');
const doc = frame.contentDocument;
doc.open();
doc.write('<!doctype html><html><body contenteditable="true" style="min-height:120px;font:14px sans-serif"></body></html>');
doc.close();
document.getElementById('reply-form').addEventListener('submit', () => {
  document.getElementById('body-mirror').value = doc.body.innerHTML;
  document.getElementById('post').disabled = true;
});`;

export const fixturePages: Record<string, FixtureShape> = {
  iframe: {
    view: (t) =>
      page(`Ticket ${t.id}: ${t.subject}`, `<main id="ticket" data-id="${t.id}">${header(t)}<section class="thread">${thread(t)}</section><p><a id="reply-link" href="/iframe/tickets/${t.id}/reply">Reply</a></p></main>`),
    reply: (t) =>
      page(
        `Reply to ticket ${t.id}`,
        `<main><h1>Reply: ${escape(t.subject)}</h1><form id="reply-form" method="post" action="/iframe/tickets/${t.id}/reply">` +
          `<input type="search" name="q" placeholder="Search" aria-label="Search">` +
          `<textarea id="body-mirror" name="body" style="display:none"></textarea>` +
          `<iframe id="editor-frame" title="Reply editor" style="width:600px;height:160px;border:1px solid #999"></iframe>` +
          `<p><button id="post" type="submit">Post reply</button></p></form></main><script>${iframeEditorScript}</script>`,
      ),
  },
};
